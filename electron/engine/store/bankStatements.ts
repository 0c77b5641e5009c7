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

export interface StatementAccountRow {
  account: string;
  currency: string | null;
}

export interface NewStatement {
  fileName: string;
  sha256: string;
  format: BankStatementFormat;
  importedAt: string;
  importedBy: string;
  /**
   * The file's lines in order, read as they are stored (a year's statement is never held whole).
   * Reading may throw for a malformed file: the unit of work, and so everything stored of the file,
   * goes with it. A unit run again (PostgreSQL, after a conflict) reads them again.
   */
  lines: Iterable<StatementLineRow>;
  /** The accounts the file named up to the line read last, in the file's order. */
  accountsSoFar(): StatementAccountRow[];
  /** Once the lines are read: the dates the statement covers and every account it names. */
  summary(): { range: { from: string; to: string }; accounts: StatementAccountRow[] };
}

export interface StoredStatement {
  statementId: number;
  alreadyImported: boolean;
  newLines: number;
  /** The stored id of every line of the file, new or already there, in file order. */
  lineIds: number[];
}

/** Lines stored (or looked up) at once: the parser's objects for these are garbage once they are in. */
const LINES_AT_ONCE = 1_000;

function* chunksOf<T>(items: Iterable<T>, size: number): Generator<T[], void, undefined> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Stores a statement and the lines no earlier statement brought (same account and identity), in one
 * unit of work, LINES_AT_ONCE lines at a time as the file is read. A file whose SHA-256 is already
 * recorded adds nothing: its lines are looked up only.
 */
export function storeStatement(writer: WritableDB, values: NewStatement): Promise<StoredStatement> {
  return runWrite(writer, function* (db) {
    const known = yield* firstOf(db.selectFrom('bank_statements').select('id').where('sha256', '=', values.sha256));
    const lineIds: number[] = [];
    if (known) {
      const accountIds = new Map<string, number>();
      for (const chunk of chunksOf(values.lines, LINES_AT_ONCE)) {
        const unseen = [...new Set(chunk.map((line) => line.account))].filter((a) => !accountIds.has(a));
        for (const [number, id] of yield* existingAccounts(db, unseen)) accountIds.set(number, id);
        for (const id of yield* lookUpLines(db, accountIds, chunk)) lineIds.push(id);
      }
      return { statementId: known.id, alreadyImported: true, newLines: 0, lineIds };
    }
    // The range and line count are known once the file is read: set then, in the same unit.
    const inserted = yield* firstOf(
      db
        .insertInto('bank_statements')
        .values({
          file_name: values.fileName,
          sha256: values.sha256,
          format: values.format,
          from_date: '',
          to_date: '',
          line_count: 0,
          new_line_count: 0,
          imported_at: values.importedAt,
          imported_by: values.importedBy,
        })
        .returning('id'),
    );
    const statementId = inserted!.id;
    const accounts = new Map<string, { id: number; currency: string | null }>();
    let newLines = 0;
    for (const chunk of chunksOf(values.lines, LINES_AT_ONCE)) {
      if (chunk.some((line) => !accounts.has(line.account))) {
        yield* ensureAccounts(db, accounts, accountsOf(values.accountsSoFar(), chunk), values.importedAt);
      }
      const stored = yield* storeLines(db, statementId, accounts, chunk);
      newLines += stored.newLines;
      for (const id of stored.lineIds) lineIds.push(id);
    }
    const { range, accounts: named } = values.summary();
    // Accounts without lines, and a currency the file states only after an account's first line.
    yield* ensureAccounts(db, accounts, named, values.importedAt);
    yield* execute(
      db
        .updateTable('bank_statements')
        .set({ from_date: range.from, to_date: range.to, line_count: lineIds.length, new_line_count: newLines })
        .where('id', '=', statementId),
    );
    return { statementId, alreadyImported: false, newLines, lineIds };
  });
}

/** Inserts a chunk of lines (an earlier statement's are skipped); every line's id, in order. */
function* storeLines(
  db: Kysely<Database>,
  statementId: number,
  accounts: Map<string, { id: number }>,
  lines: StatementLineRow[],
): Work<{ newLines: number; lineIds: number[] }> {
  const accountIds = new Map([...accounts].map(([number, { id }]) => [number, id]));
  const added = yield* insertInChunks(
    lines,
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
  // The new lines' ids came back from their inserts; only lines an earlier statement brought are looked up.
  const ids = new LineIds();
  for (const row of added.rows) ids.set(row.account_id, row.identity, row.id);
  const earlier = lines.filter((line) => ids.get(accountIds.get(line.account), line.identity) === undefined);
  const knownIds = yield* lookUpLines(db, accountIds, earlier);
  earlier.forEach((line, i) => ids.set(accountIds.get(line.account)!, line.identity, knownIds[i]!));
  const lineIds = lines.map((line) => ids.get(accountIds.get(line.account), line.identity) ?? 0);
  return { newLines: added.written, lineIds };
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

/** The accounts named so far, then any a line names that the file did not declare (no currency). */
function accountsOf(named: StatementAccountRow[], lines: StatementLineRow[]): StatementAccountRow[] {
  const currencies = new Map<string, string | null>(named.map((a) => [a.account, a.currency]));
  for (const line of lines) if (!currencies.has(line.account)) currencies.set(line.account, null);
  return [...currencies].map(([account, currency]) => ({ account, currency }));
}

/**
 * Adds the accounts not seen before (a currency fills in one not known yet) to the store and to
 * `ids`; one already in `ids` is written again only for a currency it was written without.
 */
function* ensureAccounts(
  db: Kysely<Database>,
  ids: Map<string, { id: number; currency: string | null }>,
  accounts: StatementAccountRow[],
  at: string,
): Work<void> {
  for (const { account, currency } of accounts) {
    const held = ids.get(account);
    if (held && (held.currency !== null || currency === null)) continue;
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
    ids.set(account, { id: row!.id, currency });
  }
}

function* existingAccounts(db: Kysely<Database>, numbers: string[]): Work<Map<string, number>> {
  const rows = yield* readInChunks(numbers, (chunk) =>
    db.selectFrom('bank_accounts').select(['id', 'number']).where('number', 'in', chunk),
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
