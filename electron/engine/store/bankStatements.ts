/**
 * Bank statements and their lines (DESIGN.md §10): stored in one unit of work, so a statement is
 * there with all its new lines or not at all. The importer hands in plain rows; this module knows
 * nothing of the parsers. A year's statement holds tens of thousands of lines, so they go in and are
 * looked up in multi-row statements (bankChunks.ts).
 */
import type { Kysely } from 'kysely';
import type { BankStatementFormat, BankStatementLine } from '../../../shared/domain';
import type { ReadableDB, WritableDB } from './handles';
import type { BankStatementRow, Database } from './schema';
import { insertInChunks, readInChunks } from './bankChunks';
import { execute, firstOf, rowsOf, runRead, runWrite, type Work } from './work';

/** A line as a parser hands it in (bank/types.ts BankLine): the bank's fields, its record and identity. */
export interface StatementLineRow extends BankStatementLine {
  raw: string;
  identity: string;
  lineNumber: number;
}

export interface NewStatement {
  fileName: string;
  sha256: string;
  format: BankStatementFormat;
  from: string;
  to: string;
  importedAt: string;
  importedBy: string;
  accounts: { account: string; currency: string | null }[];
  lines: StatementLineRow[];
}

export interface StoredStatement {
  statementId: number;
  alreadyImported: boolean;
  newLines: number;
  /** The stored id of every line of the file, new or already there, in file order. */
  lineIds: number[];
}

/**
 * Stores a statement and the lines no earlier statement brought (same account and identity), in one
 * unit of work. A file whose SHA-256 is already recorded adds nothing: its lines are looked up only.
 */
export function storeStatement(writer: WritableDB, values: NewStatement): Promise<StoredStatement> {
  return runWrite(writer, function* (db) {
    const known = yield* firstOf(db.selectFrom('bank_statements').select('id').where('sha256', '=', values.sha256));
    if (known) {
      const accountIds = yield* existingAccounts(db, values.lines);
      return {
        statementId: known.id,
        alreadyImported: true,
        newLines: 0,
        lineIds: yield* lookUpLines(db, accountIds, values.lines),
      };
    }
    const accountIds = yield* ensureAccounts(db, values.accounts, values.lines, values.importedAt);
    const inserted = yield* firstOf(
      db
        .insertInto('bank_statements')
        .values({
          file_name: values.fileName,
          sha256: values.sha256,
          format: values.format,
          from_date: values.from,
          to_date: values.to,
          line_count: values.lines.length,
          new_line_count: 0,
          imported_at: values.importedAt,
          imported_by: values.importedBy,
        })
        .returning('id'),
    );
    const statementId = inserted!.id;
    const added = yield* insertInChunks(
      values.lines,
      (line) => ({
        account_id: accountIds.get(line.account)!,
        statement_id: statementId,
        posted_date: line.postedDate,
        amount_cents: line.amountCents,
        type_code: line.typeCode,
        bank_reference: line.bankReference,
        text: line.text,
        raw: line.raw,
        identity: line.identity,
        line_number: line.lineNumber,
      }),
      (rows) =>
        db
          .insertInto('bank_lines')
          .values(rows)
          .onConflict((oc) => oc.columns(['account_id', 'identity']).doNothing())
          .returning(['id', 'account_id', 'identity']),
    );
    const newLines = added.written;
    yield* execute(db.updateTable('bank_statements').set({ new_line_count: newLines }).where('id', '=', statementId));
    // The new lines' ids came back from their inserts; only lines an earlier statement brought are looked up.
    const ids = new LineIds();
    for (const row of added.rows) ids.set(row.account_id, row.identity, row.id);
    const earlier = values.lines.filter((line) => ids.get(accountIds.get(line.account), line.identity) === undefined);
    const knownIds = yield* lookUpLines(db, accountIds, earlier);
    earlier.forEach((line, i) => ids.set(accountIds.get(line.account)!, line.identity, knownIds[i]!));
    const lineIds = values.lines.map((line) => ids.get(accountIds.get(line.account), line.identity) ?? 0);
    return { statementId, alreadyImported: false, newLines, lineIds };
  });
}

/** Stored line ids by account and identity. */
class LineIds {
  private readonly byAccount = new Map<number, Map<string, number>>();

  set(accountId: number, identity: string, id: number): void {
    let ids = this.byAccount.get(accountId);
    if (!ids) this.byAccount.set(accountId, (ids = new Map()));
    ids.set(identity, id);
  }

  get(accountId: number | undefined, identity: string): number | undefined {
    return accountId === undefined ? undefined : this.byAccount.get(accountId)?.get(identity);
  }
}

function accountCurrencies(accounts: NewStatement['accounts'], lines: StatementLineRow[]): Map<string, string | null> {
  const currencies = new Map<string, string | null>(accounts.map((a) => [a.account, a.currency]));
  for (const line of lines) if (!currencies.has(line.account)) currencies.set(line.account, null);
  return currencies;
}

/** Adds the accounts not seen before (a currency fills in one not known yet); their ids by number. */
function* ensureAccounts(
  db: Kysely<Database>,
  accounts: NewStatement['accounts'],
  lines: StatementLineRow[],
  at: string,
): Work<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [account, currency] of accountCurrencies(accounts, lines)) {
    const row = yield* firstOf(
      db
        .insertInto('bank_accounts')
        .values({ number: account, currency, first_seen_at: at })
        .onConflict((oc) =>
          oc
            .column('number')
            .doUpdateSet((eb) => ({ currency: eb.fn.coalesce('bank_accounts.currency', 'excluded.currency') })),
        )
        .returning('id'),
    );
    ids.set(account, row!.id);
  }
  return ids;
}

function* existingAccounts(db: Kysely<Database>, lines: StatementLineRow[]): Work<Map<string, number>> {
  const rows = yield* readInChunks([...new Set(lines.map((line) => line.account))], (numbers) =>
    db.selectFrom('bank_accounts').select(['id', 'number']).where('number', 'in', numbers),
  );
  return new Map(rows.map((row) => [row.number, row.id]));
}

/** The stored id of each line (0 for one not stored), in the lines' order. */
function* lookUpLines(
  db: Kysely<Database>,
  accountIds: Map<string, number>,
  lines: StatementLineRow[],
): Work<number[]> {
  const byAccount = new Map<number, string[]>();
  for (const line of lines) {
    const accountId = accountIds.get(line.account);
    if (accountId === undefined) continue;
    const identities = byAccount.get(accountId) ?? [];
    identities.push(line.identity);
    byAccount.set(accountId, identities);
  }
  const ids = new LineIds();
  for (const [accountId, identities] of byAccount) {
    const rows = yield* readInChunks([...new Set(identities)], (chunk) =>
      db
        .selectFrom('bank_lines')
        .select(['id', 'identity'])
        .where('account_id', '=', accountId)
        .where('identity', 'in', chunk),
    );
    for (const row of rows) ids.set(accountId, row.identity, row.id);
  }
  return lines.map((line) => ids.get(accountIds.get(line.account), line.identity) ?? 0);
}

export function listStatementRows(reader: ReadableDB, limit: number): Promise<BankStatementRow[]> {
  return runRead(reader, (db) =>
    rowsOf(db.selectFrom('bank_statements').selectAll().orderBy('id', 'desc').limit(limit)),
  );
}

export function* statementById(db: Kysely<Database>, id: number): Work<BankStatementRow | undefined> {
  return yield* firstOf(db.selectFrom('bank_statements').selectAll().where('id', '=', id));
}

/** The first day any statement covers: batches before it cannot be said to be in transit. */
export function* firstStatementDate(db: Kysely<Database>): Work<string | null> {
  const row = yield* firstOf(db.selectFrom('bank_statements').select((eb) => eb.fn.min('from_date').as('d')));
  return row?.d ?? null;
}
