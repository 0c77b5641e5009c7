/**
 * Bank statements and their lines (DESIGN.md §10): stored in one unit of work, so a statement is
 * there with all its new lines or not at all. The importer hands in plain rows; this module knows
 * nothing of the parsers. A year's statement holds tens of thousands of lines, so they go in and are
 * looked up in multi-row statements (work/chunks.ts).
 */
import type { Kysely } from 'kysely';
import type { BankStatementFormat, BankStatementLine } from '../../../../shared/domain';
import type { WritableDB } from '../work/handles';
import type { Database } from '../schema';
import { classifyLines, storedLinesOn, type LineVerdict, type StoredLine } from './bankLineIdentity';
import { insertInChunks } from '../work/chunks';
import { execute, firstOf, rowsOf, runWrite, type Work } from '../work/work';

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
  /** New lines that are only probably lines already stored: the bookkeeper keeps or drops them. */
  possibleDuplicates: number;
  /** New lines that correct a stored line (its reference, another amount). */
  corrections: number;
  /** The stored id of every line of the file, new or already there, in file order. */
  lineIds: number[];
}

/**
 * Lines stored (or looked up) at once: the parser's objects for these are garbage once they are in.
 * 250 at a time left ~10 MB less garbage than 1,000 but read the stored lines four times as often:
 * the bank bench's import took 2.35-2.70 s against 1.65-1.81 s, at the same peak (186-194 MB, which the
 * connections' 4 MB page caches brought under 200 MB: dialect/sqlite/open.ts).
 */
export const LINES_AT_ONCE = 1000;

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
 * Stores a statement and the lines no earlier statement brought (bankLineIdentity.ts decides which
 * those are, whatever format brought them), in one unit of work, LINES_AT_ONCE lines at a time as the
 * file is read. A correction undoes the live match of the line it corrects (it no longer adds up),
 * in the same unit. A file whose SHA-256 is already recorded adds nothing: its lines are looked up.
 */
export function storeStatement(writer: WritableDB, values: NewStatement): Promise<StoredStatement> {
  return runWrite(writer, function* (db) {
    const known = yield* firstOf(db.selectFrom('bank_statements').select('id').where('sha256', '=', values.sha256));
    if (known) {
      const lineIds = yield* linesOfStatement(db, known.id, values.lines);
      return {
        statementId: known.id,
        alreadyImported: true,
        newLines: 0,
        possibleDuplicates: 0,
        corrections: 0,
        lineIds,
      };
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
          matched_at: null,
        })
        .returning('id'),
    );
    const statement = { id: inserted!.id, format: values.format };
    const accounts = new Map<string, { id: number; currency: string | null }>();
    const claimed = new Set<number>();
    // A parser numbers a line repeated in its file (#2, #3): one it hands in twice is one line.
    const inFile = new Map<string, number>();
    const tally = { newLines: 0, possibleDuplicates: 0, corrections: [] as Correction[] };
    const lineIds: number[] = [];
    for (const chunk of chunksOf(values.lines, LINES_AT_ONCE)) {
      if (chunk.some((line) => !accounts.has(line.account))) {
        yield* ensureAccounts(db, accounts, accountsOf(values.accountsSoFar(), chunk), values.importedAt);
      }
      const fresh = chunk.filter((line) => !inFile.has(`${line.account}\n${line.identity}`));
      const unique = uniqueByIdentity(fresh);
      const freshIds = yield* storeLines(db, statement, accounts, unique, claimed, tally);
      unique.forEach((line, i) => inFile.set(`${line.account}\n${line.identity}`, freshIds[i]!));
      for (const line of chunk) lineIds.push(inFile.get(`${line.account}\n${line.identity}`)!);
    }
    const { range, accounts: named } = values.summary();
    // Accounts without lines, and a currency the file states only after an account's first line.
    yield* ensureAccounts(db, accounts, named, values.importedAt);
    yield* execute(
      db
        .updateTable('bank_statements')
        .set({ from_date: range.from, to_date: range.to, line_count: lineIds.length, new_line_count: tally.newLines })
        .where('id', '=', statement.id),
    );
    for (const correction of tally.corrections) {
      yield* undoCorrectedMatch(db, correction, { by: values.importedBy, at: values.importedAt });
    }
    return {
      statementId: statement.id,
      alreadyImported: false,
      newLines: tally.newLines,
      possibleDuplicates: tally.possibleDuplicates,
      corrections: tally.corrections.length,
      lineIds,
    };
  });
}

/** The lines with an identity not seen before in the list, in order. */
function uniqueByIdentity(lines: StatementLineRow[]): StatementLineRow[] {
  const seen = new Set<string>();
  return lines.filter((line) => {
    const key = `${line.account}\n${line.identity}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface Correction {
  lineId: number;
  corrects: number;
  amountCents: number;
}

/**
 * Stores a chunk's new lines and records the statement's sighting of the lines it shares with
 * earlier ones; every line's id, in order.
 */
function* storeLines(
  db: Kysely<Database>,
  statement: { id: number; format: string },
  accounts: Map<string, { id: number }>,
  lines: StatementLineRow[],
  claimed: Set<number>,
  tally: { newLines: number; possibleDuplicates: number; corrections: Correction[] },
): Work<number[]> {
  const byAccount = new Map<number, number[]>();
  lines.forEach((line, i) => {
    const accountId = accounts.get(line.account)!.id;
    const indexes = byAccount.get(accountId);
    if (indexes) indexes.push(i);
    else byAccount.set(accountId, [i]);
  });
  const verdicts: LineVerdict[] = new Array(lines.length);
  // One read of the chunk's days for all its accounts, each account's lines taken from it in order.
  const storedByAccount = new Map<number, StoredLine[]>();
  for (const row of yield* storedLinesOn(db, [...new Set(lines.map((line) => line.postedDate))])) {
    const rows = storedByAccount.get(row.account_id);
    if (rows) rows.push(row);
    else storedByAccount.set(row.account_id, [row]);
  }
  for (const [accountId, indexes] of byAccount) {
    const mine = indexes.map((i) => lines[i]!);
    const stored = storedByAccount.get(accountId) ?? [];
    classifyLines(mine, stored, statement, claimed).forEach((verdict, k) => (verdicts[indexes[k]!] = verdict));
  }
  const fresh = lines.flatMap((line, i) => {
    const verdict = verdicts[i]!;
    return verdict.kind === 'new' ? [{ line, verdict, index: i }] : [];
  });
  const added = yield* insertInChunks(
    fresh,
    ({ line, verdict }) => ({
      account_id: accounts.get(line.account)!.id,
      statement_id: statement.id,
      posted_date: line.postedDate,
      amount_cents: line.amountCents,
      type_code: line.typeCode,
      bank_reference: line.bankReference,
      text: line.text,
      raw: line.raw,
      identity: verdict.identity,
      line_number: line.lineNumber,
      duplicate_of: verdict.duplicateOf,
      duplicate_state: verdict.duplicateOf === null ? null : 'possible',
      corrects_line_id: verdict.corrects,
    }),
    (rows) => db.insertInto('bank_lines').values(rows).returning(['id', 'account_id', 'identity']),
  );
  // RETURNING's order is not promised: a line's account and identity (unique together) find its id.
  const newIds = new Map(added.rows.map((row) => [`${row.account_id}:${row.identity}`, row.id]));
  const lineIds = lines.map(() => 0);
  for (const { line, verdict, index } of fresh) {
    if (verdict.kind !== 'new') continue;
    const id = newIds.get(`${accounts.get(line.account)!.id}:${verdict.identity}`)!;
    lineIds[index] = id;
    tally.newLines += 1;
    if (verdict.duplicateOf !== null) tally.possibleDuplicates += 1;
    if (verdict.corrects !== null)
      tally.corrections.push({ lineId: id, corrects: verdict.corrects, amountCents: line.amountCents });
  }
  const seen: number[] = [];
  verdicts.forEach((verdict, i) => {
    if (verdict.kind === 'same') seen.push((lineIds[i] = verdict.lineId));
  });
  yield* insertInChunks(
    seen,
    (lineId) => ({ statement_id: statement.id, line_id: lineId }),
    (rows) => db.insertInto('bank_line_sightings').values(rows),
  );
  return lineIds;
}

/**
 * A corrected line no longer adds up to what it was matched to: its live match is undone (recorded
 * against the correction, so removing the correction's statement gives it back) and its suggestions
 * go; the next matching run decides the correction afresh.
 */
function* undoCorrectedMatch(
  db: Kysely<Database>,
  correction: Correction,
  actor: { by: string; at: string },
): Work<void> {
  const live = yield* rowsOf(
    db
      .selectFrom('bank_matches')
      .select('id')
      .where('line_id', '=', correction.corrects)
      .where('status', '<>', 'suggested')
      .where('undone_at', 'is', null),
  );
  for (const { id } of live) {
    yield* execute(
      db
        .updateTable('bank_matches')
        .set({
          undone_by: actor.by,
          undone_at: actor.at,
          undone_reason: `The bank corrected this line (line ${correction.lineId} now says ${correction.amountCents} cents); matched afresh`,
          undone_for_line: correction.lineId,
        })
        .where('id', '=', id),
    );
    yield* execute(db.deleteFrom('bank_matched_batches').where('match_id', '=', id));
  }
  yield* execute(
    db.deleteFrom('bank_matches').where('line_id', '=', correction.corrects).where('status', '=', 'suggested'),
  );
}

/**
 * The stored id of each line of a file imported before, in the file's order: the lines its statement
 * brought and those it found stored, paired with the file's lines by account, day, amount, reference
 * and text (a line the file repeats under one identity is the one line it was stored as).
 */
function* linesOfStatement(
  db: Kysely<Database>,
  statementId: number,
  lines: Iterable<StatementLineRow>,
): Work<number[]> {
  const held = yield* rowsOf(
    db
      .selectFrom('bank_lines as l')
      .innerJoin('bank_accounts as a', 'a.id', 'l.account_id')
      .select(['l.id', 'a.number', 'l.posted_date', 'l.amount_cents', 'l.bank_reference', 'l.text'])
      .where((eb) =>
        eb.or([
          eb('l.statement_id', '=', statementId),
          eb.exists(
            eb
              .selectFrom('bank_line_sightings as s')
              .select('s.line_id')
              .whereRef('s.line_id', '=', 'l.id')
              .where('s.statement_id', '=', statementId),
          ),
        ]),
      )
      .orderBy('l.id'),
  );
  const key = (account: string, date: string, cents: number, reference: string, text: string) =>
    JSON.stringify([account, date, cents, reference, text]);
  const byKey = new Map<string, number[]>();
  for (const row of held) {
    const k = key(row.number, row.posted_date, row.amount_cents, row.bank_reference, row.text);
    byKey.set(k, [...(byKey.get(k) ?? []), row.id]);
  }
  const byIdentity = new Map<string, number>();
  const ids: number[] = [];
  for (const line of lines) {
    const seen = byIdentity.get(`${line.account}\n${line.identity}`);
    if (seen !== undefined) {
      ids.push(seen);
      continue;
    }
    const id =
      byKey.get(key(line.account, line.postedDate, line.amountCents, line.bankReference, line.text))?.shift() ?? 0;
    byIdentity.set(`${line.account}\n${line.identity}`, id);
    ids.push(id);
  }
  return ids;
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
