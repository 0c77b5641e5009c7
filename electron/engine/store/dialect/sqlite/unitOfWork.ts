/**
 * SQLite's runner of units of work (work/work.ts): the unit's compiled queries run synchronously on
 * the held connection inside one better-sqlite3 transaction (BEGIN IMMEDIATE for writes), through
 * statements prepared once per connection. A bulk statement (bulkStatements.ts) runs its one-row
 * statement once per row: no round trips to save, and one fixed text.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from '../../schema';
import type { Work } from '../../work/unit';
import { statement } from './statements';
import { rowsOfEach } from './bulk';
import { fairTurn } from './fairTurns';

export function sqliteUnits(sqlite: BetterSqlite3.Database) {
  const transaction = transactionOf(sqlite);
  return {
    // async: a unit that throws rejects its promise, as on PostgreSQL, rather than throwing at the call.
    // Each lets the event loop turn first if this turn has held it long enough (fairTurns.ts).
    runWrite: async <T>(db: Kysely<Database>, unit: (db: Kysely<Database>) => Work<T>): Promise<T> => {
      await fairTurn(sqlite.inTransaction);
      return transaction.immediate(() => driveSqlite(sqlite, unit(db))) as T;
    },

    runRead: async <T>(db: Kysely<Database>, unit: (db: Kysely<Database>) => Work<T>): Promise<T> => {
      await fairTurn(sqlite.inTransaction);
      return sqlite.inTransaction
        ? driveSqlite(sqlite, unit(db))
        : (transaction.deferred(() => driveSqlite(sqlite, unit(db))) as T);
    },

    /**
     * BEGIN IMMEDIATE on the held connection (kysely's own transaction() can only say BEGIN), so
     * another process writing the file makes this wait out busy_timeout rather than fail on a stale
     * snapshot.
     */
    async inWriteTransaction<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
      if (db.isTransaction) return work(db);
      return db.connection().execute(async (connection) => {
        await sql`BEGIN IMMEDIATE`.execute(connection);
        try {
          const result = await work(connection);
          await sql`COMMIT`.execute(connection);
          return result;
        } catch (error) {
          await sql`ROLLBACK`.execute(connection).catch(() => undefined);
          throw error;
        }
      });
    },
  };
}

/**
 * One better-sqlite3 transaction function per connection, running whatever it is handed: making a
 * new one per unit of work costs more than the small reads most units are.
 */
const transactions = new WeakMap<BetterSqlite3.Database, BetterSqlite3.Transaction<(run: () => unknown) => unknown>>();
function transactionOf(sqlite: BetterSqlite3.Database) {
  let transaction = transactions.get(sqlite);
  if (!transaction) transactions.set(sqlite, (transaction = sqlite.transaction((run: () => unknown) => run())));
  return transaction;
}

function driveSqlite<T>(sqlite: BetterSqlite3.Database, work: Work<T>): T {
  let step = work.next();
  while (!step.done) step = work.next(executeSqlite(sqlite, step.value));
  return step.value;
}

function executeSqlite(sqlite: BetterSqlite3.Database, query: CompiledQuery): QueryResult<unknown> {
  const prepared = statement(sqlite, query.sql);
  const each = rowsOfEach(query);
  if (each) {
    if (prepared.reader) return { rows: each.flatMap((row) => prepared.all(...row)) };
    let changes = 0;
    for (const row of each) changes += prepared.run(...row).changes;
    return { rows: [], numAffectedRows: BigInt(changes) };
  }
  const parameters = query.parameters as unknown[];
  if (prepared.reader) return { rows: prepared.all(...parameters) };
  const info = prepared.run(...parameters);
  return { rows: [], numAffectedRows: BigInt(info.changes), insertId: BigInt(info.lastInsertRowid) };
}
