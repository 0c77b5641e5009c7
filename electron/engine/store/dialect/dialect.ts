/**
 * One object per database (Drizzle's sqlite-core beside pg-core, Prisma's driver adapters): what the
 * two databases do differently, so the repositories above never ask which one they are on. Chosen
 * once, where the store is opened (sqlite/open.ts, postgres/engineStore.ts), and carried by the
 * store's handles. SQL that is the same on both stays as kysely in its family's repository.
 */
import type { CompiledQuery, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../schema';
import type { Compilable, Work } from '../work/unit';
import type { BulkStatement, BulkRows } from './bulkStatements';
import type { TextSearch } from './textSearch';
import type { JsonRows } from './jsonRows';

export interface Dialect {
  // The unit of work (work/work.ts): the one way to run one.
  /** Runs a unit that writes in one transaction; atomic against every other writer. */
  runWrite<T>(db: Kysely<Database>, unit: (db: Kysely<Database>) => Work<T>): Promise<T>;
  /** Runs a unit that reads on one consistent snapshot. */
  runRead<T>(db: Kysely<Database>, unit: (db: Kysely<Database>) => Work<T>): Promise<T>;
  /** Runs async work (awaiting only the store) in one write transaction; `work` gets that transaction's kysely. */
  inWriteTransaction<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T>;

  // Bulk writes: one technique per dialect, the measured one.
  /** Rows a bulk writer (the sync) should put in one unit of work. */
  readonly rowsPerWriteUnit: number;
  /** Runs a bulk write (a sync, an import) with what the database needs around one. */
  withBulkCheckpoints<T>(work: () => Promise<T>): Promise<T>;
  /** A statement over many rows, for a unit of work to yield (see bulkStatements.ts). */
  bulk<R = never>(statement: BulkStatement, rows: BulkRows): Compilable<R>;
  /** `column IN (values)` as one parameter, whatever the number of values: one statement text for every page. */
  inList(column: string, values: readonly (string | number)[], type: 'bigint' | 'text'): RawBuilder<SqlBool>;

  /**
   * A subquery's rows as one JSON array column (jsonRows.ts), read back with readJsonRows. The
   * subquery names its columns (SQLite's json_object needs them): no selectAll.
   */
  readonly jsonRows: JsonRows;

  /** Text search over the transactions (SQLite's FTS5 trigram table, PostgreSQL's pg_trgm index). */
  readonly search: TextSearch;

  /**
   * A query's rows in chunks of at most `chunkRows`, read as they are consumed (SQLite's iterate, a
   * PostgreSQL cursor): memory holds one chunk, not the result. Run on a snapshot (openSnapshot).
   */
  streamChunks<R>(db: Kysely<Database>, query: CompiledQuery<R>, chunkRows: number): AsyncIterable<R[]>;
  /**
   * A read snapshot of its own for a long read (an export) that must agree with itself while others
   * write, without holding up the store's own connections.
   */
  openSnapshot(db: Kysely<Database>): Promise<Snapshot>;

  /** Copies the database to a file (automatic backups); a server's database is backed up by its administrator. */
  backupTo(file: string, workerEntry: URL | null): Promise<void>;
  /** Refreshes the planner's statistics of these tables after a bulk write. */
  refreshStatistics(db: Kysely<Database>, tables: readonly string[]): Promise<void>;
}

export interface Snapshot {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  close(): Promise<void>;
}
