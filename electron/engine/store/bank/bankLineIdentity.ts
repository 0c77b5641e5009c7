/**
 * One bank line is one bank line, whatever the format it came in (DESIGN.md §10, issue 25). A line a
 * statement holds is, against the lines earlier statements brought on the same account and day:
 *
 * - the same line, when the amount and the bank reference agree, or (when either side carries no
 *   reference) the amount and the text agree; each stored line stands for one line of the file, so
 *   a day's lines are never counted more often than they are stored;
 * - a correction, when its reference is known that day with another amount: kept beside the line it
 *   corrects;
 * - a possible duplicate, when it is only probably the same (the amount agrees but the text does not,
 *   or two formats' references differ): stored for the bookkeeper to keep or drop, never merged;
 * - else a new line.
 *
 * Pure but for the one read of the stored lines on a chunk's days.
 */
import type { Kysely } from 'kysely';
import { rowsByChunks } from '../work/chunks';
import type { Database } from '../schema';
import type { Work } from '../work/work';

/** What the classifier needs of a line of the file. */
export interface IncomingLine {
  account: string;
  postedDate: string;
  amountCents: number;
  bankReference: string;
  text: string;
}

/** A line already stored on one of the chunk's days, with the format of the statement that brought it. */
export interface StoredLine {
  id: number;
  account_id: number;
  statement_id: number;
  posted_date: string;
  amount_cents: number;
  bank_reference: string;
  text: string;
  identity: string;
  format: string;
}

export type LineVerdict =
  | { kind: 'same'; lineId: number }
  | { kind: 'new'; identity: string; duplicateOf: number | null; corrects: number | null };

/** Text as two formats may both write it: case and runs of blanks do not make two lines. */
export function comparableText(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The stored identity's stem: day, amount and reference, or day, amount and text without one. */
export function identityStem(line: Pick<IncomingLine, 'postedDate' | 'amountCents' | 'bankReference' | 'text'>) {
  return line.bankReference !== ''
    ? JSON.stringify([line.postedDate, line.amountCents, 'ref', line.bankReference])
    : JSON.stringify([line.postedDate, line.amountCents, 'text', comparableText(line.text)]);
}

/**
 * The lines stored on these days, on every account (the caller takes each account's own). Read by
 * day alone, through bank_lines_by_date: asked for the account too, SQLite's planner takes the
 * (account_id, identity) index instead and walks every line the account ever had, once for each
 * chunk of a statement (a year's import read ~1M rows so).
 */
export function* storedLinesOn(db: Kysely<Database>, dates: readonly string[]): Work<StoredLine[]> {
  return yield* rowsByChunks(dates, (chunk) =>
    db
      .selectFrom('bank_lines as l')
      .innerJoin('bank_statements as s', 's.id', 'l.statement_id')
      .select([
        'l.id',
        'l.account_id',
        'l.statement_id',
        'l.posted_date',
        'l.amount_cents',
        'l.bank_reference',
        'l.text',
        'l.identity',
        's.format',
      ])
      .where('l.posted_date', 'in', chunk)
      .orderBy('l.id'),
  );
}

/**
 * Decides each line of a chunk (one account's) against the stored lines of its days. `claimed`
 * holds the stored lines earlier lines of this statement were found to be (each stands for one).
 * A new line's identity is its stem, numbered past those in use on its day.
 * Lines `statementId` itself stored are never its duplicates (a file may hold two equal lines).
 */
export function classifyLines(
  lines: readonly IncomingLine[],
  stored: readonly StoredLine[],
  statement: { id: number; format: string },
  claimed: Set<number>,
): LineVerdict[] {
  const taken = new Set<string>();
  const slots = new Map<string, StoredLine[]>();
  for (const row of stored) {
    taken.add(row.identity);
    if (row.statement_id === statement.id) continue;
    const key = `${row.posted_date}:${row.amount_cents}`;
    const slot = slots.get(key);
    if (slot) slot.push(row);
    else slots.set(key, [row]);
  }
  const byDay = new Map<string, StoredLine[]>();
  for (const row of stored) {
    if (row.statement_id === statement.id || row.bank_reference === '') continue;
    const day = byDay.get(row.posted_date);
    if (day) day.push(row);
    else byDay.set(row.posted_date, [row]);
  }
  const slotOf = (line: IncomingLine) => slots.get(`${line.postedDate}:${line.amountCents}`) ?? [];
  const free = (row: StoredLine) => !claimed.has(row.id);
  const verdicts: (LineVerdict | undefined)[] = new Array(lines.length);

  // First every line that is surely one already stored, so a merely probable pairing never takes
  // the stored line a later line of the chunk is exactly.
  lines.forEach((line, i) => {
    const slot = slotOf(line);
    // Most lines of a statement have no stored line of their day and amount: no text to compare.
    if (slot.length === 0) return;
    const text = comparableText(line.text);
    const same = slot.find(
      (row) =>
        free(row) &&
        (line.bankReference !== '' && row.bank_reference !== ''
          ? row.bank_reference === line.bankReference
          : comparableText(row.text) === text),
    );
    if (!same) return;
    claimed.add(same.id);
    verdicts[i] = { kind: 'same', lineId: same.id };
  });

  return lines.map((line, i) => {
    const decided = verdicts[i];
    if (decided) return decided;
    let corrects: number | null = null;
    let duplicateOf: number | null = null;
    if (line.bankReference !== '') {
      // The same reference that day with another amount: the bank corrected the line. The latest
      // stored line of that reference is the one corrected (a correction may itself be corrected).
      const known = (byDay.get(line.postedDate) ?? []).filter(
        (row) => row.bank_reference === line.bankReference && row.amount_cents !== line.amountCents,
      );
      corrects = known.length > 0 ? known[known.length - 1]!.id : null;
    }
    if (corrects === null) {
      const probable = slotOf(line).find(
        (row) =>
          free(row) &&
          // Two references of one format that differ are two of the bank's lines, not one.
          !(line.bankReference !== '' && row.bank_reference !== '' && row.format === statement.format),
      );
      if (probable) {
        claimed.add(probable.id);
        duplicateOf = probable.id;
      }
    }
    return { kind: 'new', identity: freeIdentity(taken, line), duplicateOf, corrects };
  });
}

/** The stem, numbered from the second line that shares it (two equal $25.00 deposits on one day). */
function freeIdentity(taken: Set<string>, line: IncomingLine): string {
  const stem = identityStem(line);
  let identity = stem;
  for (let n = 2; taken.has(identity); n++) identity = `${stem}#${n}`;
  taken.add(identity);
  return identity;
}
