/**
 * Reads of the bank side as the views see them: lines with their state (derived, never stored, so it
 * cannot drift from the matches and explanations it comes from), one line with its history, batches
 * in transit, accounts. Reads only: every function takes the read handle.
 */
import type { BankLineFilter } from '../../../shared/contract';
import type {
  BankAccount,
  BankExplanation,
  BankExplanationKind,
  BankLineStatus,
  BankLineSummary,
  BankMatch,
  BankMatchHow,
  BankStatement,
  BankStatementFormat,
  BankSuggestion,
  UndoneBankMatch,
} from '../../../shared/domain';
import type { ReadableDB } from './handles';
import type { BankExplanationRow, BankLineRow, BankMatchRow, BankStatementRow } from './schema';
import { statement } from './statements';

/** A line's state: a live match wins, then a live explanation, then suggestions. */
const STATUS = `CASE
  WHEN EXISTS (SELECT 1 FROM bank_matches m WHERE m.line_id = l.id AND m.status <> 'suggested' AND m.undone_at IS NULL) THEN 'matched'
  WHEN EXISTS (SELECT 1 FROM bank_explanations e WHERE e.line_id = l.id AND e.undone_at IS NULL) THEN 'explained'
  WHEN EXISTS (SELECT 1 FROM bank_matches m WHERE m.line_id = l.id AND m.status = 'suggested') THEN 'suggested'
  ELSE 'unmatched' END`;

export type ListedLineRow = BankLineRow & { account: string; status: BankLineStatus };

const LINES = `SELECT * FROM (SELECT l.*, a.number AS account, ${STATUS} AS status
  FROM bank_lines l JOIN bank_accounts a ON a.id = l.account_id) AS x`;

/** Newest first: (posted_date desc, id desc), `limit` rows after the keyset position. */
export function listLineRows(
  { sqlite }: ReadableDB,
  filter: BankLineFilter,
  after: { date: string; id: number } | null,
  limit: number,
): ListedLineRow[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.statuses?.length) {
    where.push(`status IN (${filter.statuses.map(() => '?').join(', ')})`);
    params.push(...filter.statuses);
  }
  if (filter.accounts?.length) {
    where.push(`account IN (${filter.accounts.map(() => '?').join(', ')})`);
    params.push(...filter.accounts);
  }
  if (filter.from) {
    where.push('posted_date >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    where.push('posted_date <= ?');
    params.push(filter.to);
  }
  if (filter.direction) where.push(filter.direction === 'credit' ? 'amount_cents > 0' : 'amount_cents < 0');
  if (after) {
    where.push('(posted_date < ? OR (posted_date = ? AND id < ?))');
    params.push(after.date, after.date, after.id);
  }
  const sql = `${LINES} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY posted_date DESC, id DESC LIMIT ?`;
  return statement(sqlite, sql).all(...params, limit) as ListedLineRow[];
}

export function getLineRow({ sqlite }: ReadableDB, id: number): ListedLineRow | undefined {
  return statement(sqlite, `${LINES} WHERE id = ?`).get(id) as ListedLineRow | undefined;
}

/** How many of these lines are in each state (an import's summary). */
export function lineStateCounts({ sqlite }: ReadableDB, ids: readonly number[]): Record<BankLineStatus, number> {
  const counts: Record<BankLineStatus, number> = { matched: 0, suggested: 0, unmatched: 0, explained: 0 };
  const find = statement(sqlite, `SELECT ${STATUS} AS status FROM bank_lines l WHERE l.id = ?`);
  for (const id of new Set(ids)) {
    const row = find.get(id) as { status: BankLineStatus } | undefined;
    if (row) counts[row.status] += 1;
  }
  return counts;
}

/** The page's lines with their live match, suggestions and explanation. */
export function toLineSummaries(reader: ReadableDB, rows: readonly ListedLineRow[]): BankLineSummary[] {
  const { sqlite } = reader;
  const matches = statement(sqlite, `SELECT * FROM bank_matches WHERE line_id = ? AND undone_at IS NULL ORDER BY rank`);
  const explanation = statement(sqlite, 'SELECT * FROM bank_explanations WHERE line_id = ? AND undone_at IS NULL');
  return rows.map((row) => {
    const all = matches.all(row.id) as BankMatchRow[];
    const live = all.find((m) => m.status !== 'suggested');
    const explained = explanation.get(row.id) as BankExplanationRow | undefined;
    return {
      id: row.id,
      account: row.account,
      postedDate: row.posted_date,
      amountCents: row.amount_cents,
      typeCode: row.type_code,
      bankReference: row.bank_reference,
      text: row.text,
      status: row.status,
      match: live ? toMatch(live) : null,
      suggestions: all.filter((m) => m.status === 'suggested').map(toSuggestion),
      explanation: explained ? toExplanation(explained) : null,
    };
  });
}

export function undoneMatchesOfLine({ sqlite }: ReadableDB, lineId: number): UndoneBankMatch[] {
  const rows = statement(
    sqlite,
    `SELECT * FROM bank_matches WHERE line_id = ? AND status <> 'suggested' AND undone_at IS NOT NULL ORDER BY id`,
  ).all(lineId) as BankMatchRow[];
  return rows.map((row) => ({
    ...toMatch(row),
    undoneBy: row.undone_by ?? '',
    undoneAt: row.undone_at ?? '',
    undoneReason: row.undone_reason ?? '',
  }));
}

export function undoneExplanationsOfLine({ sqlite }: ReadableDB, lineId: number): BankExplanation[] {
  return (
    statement(sqlite, 'SELECT * FROM bank_explanations WHERE line_id = ? AND undone_at IS NOT NULL ORDER BY id').all(
      lineId,
    ) as BankExplanationRow[]
  ).map(toExplanation);
}

/** The line holding a batch, if any. */
export function lineIdOfBatch({ sqlite }: ReadableDB, batchId: string): number | null {
  const row = statement(sqlite, 'SELECT line_id FROM bank_matched_batches WHERE batch_id = ?').get(batchId) as
    { line_id: number } | undefined;
  return row?.line_id ?? null;
}

export interface UnheldBatchRow {
  id: string;
  payee_id: number;
  payment_method: string;
  date: string;
  total_cents: number;
  partial_cents: number;
}

/**
 * Batches dated from..through with money to deposit that no line holds and nobody explained, oldest
 * first; the caller keeps those past the window in business days.
 */
export function unheldBatches({ sqlite }: ReadableDB, from: string, through: string, limit: number): UnheldBatchRow[] {
  return statement(
    sqlite,
    `SELECT b.id, b.payee_id, b.payment_method, b.date, b.total_cents, b.partial_cents FROM batches b
     WHERE b.date BETWEEN ? AND ? AND (b.total_cents > 0 OR b.partial_cents > 0)
       AND NOT EXISTS (SELECT 1 FROM bank_matched_batches h WHERE h.batch_id = b.id)
       AND NOT EXISTS (SELECT 1 FROM bank_explanations e WHERE e.batch_id = b.id AND e.undone_at IS NULL)
     ORDER BY b.date, b.id LIMIT ?`,
  ).all(from, through, limit) as UnheldBatchRow[];
}

export function accountSummaries({ sqlite }: ReadableDB): BankAccount[] {
  const rows = statement(
    sqlite,
    `SELECT a.id, a.number, a.currency, COUNT(l.id) AS line_count, MAX(l.posted_date) AS last_posted_date
     FROM bank_accounts a LEFT JOIN bank_lines l ON l.account_id = a.id GROUP BY a.id ORDER BY a.number`,
  ).all() as {
    id: number;
    number: string;
    currency: string | null;
    line_count: number;
    last_posted_date: string | null;
  }[];
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    currency: r.currency,
    lineCount: r.line_count,
    lastPostedDate: r.last_posted_date,
  }));
}

export function toMatch(row: BankMatchRow): BankMatch {
  return {
    id: row.id,
    how: row.how as BankMatchHow,
    status: row.status === 'confirmed' ? 'confirmed' : 'matched',
    batchIds: JSON.parse(row.batch_ids) as string[],
    transactionId: row.transaction_id,
    gapDays: row.gap_days,
    matchedAt: row.created_at,
    confirmedBy: row.confirmed_by,
    confirmedAt: row.confirmed_at,
  };
}

function toSuggestion(row: BankMatchRow): BankSuggestion {
  return {
    id: row.id,
    rank: row.rank,
    how: row.how as BankMatchHow,
    batchIds: JSON.parse(row.batch_ids) as string[],
    transactionId: row.transaction_id,
    gapDays: row.gap_days,
  };
}

export function toExplanation(row: BankExplanationRow): BankExplanation {
  return {
    id: row.id,
    lineId: row.line_id,
    batchId: row.batch_id,
    kind: row.kind as BankExplanationKind,
    note: row.note,
    by: row.by,
    at: row.at,
    undone:
      row.undone_at === null ? null : { by: row.undone_by ?? '', at: row.undone_at, reason: row.undone_reason ?? '' },
  };
}

export function toStatement(row: BankStatementRow): BankStatement {
  return {
    id: row.id,
    fileName: row.file_name,
    sha256: row.sha256,
    format: row.format as BankStatementFormat,
    from: row.from_date,
    to: row.to_date,
    lineCount: row.line_count,
    newLineCount: row.new_line_count,
    importedAt: row.imported_at,
    importedBy: row.imported_by,
  };
}
