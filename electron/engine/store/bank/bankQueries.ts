/**
 * Reads of the bank side as the views see them: lines with their state (derived, never stored, so it
 * cannot drift from the matches and explanations it comes from), one line with its history, batches
 * in transit, accounts. Reads only: every function takes the read handle, and each is one read unit
 * (one snapshot) on either dialect.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { BankLineFilter } from '../../../../shared/contract';
import type {
  BankAccount,
  BankMatchSlip,
  BankExplanation,
  BankLineIdentity,
  BankLineStatus,
  BankLineSummary,
  BankMatch,
  BankMatchHow,
  BankStatement,
  BankStatementFormat,
  BankSuggestion,
  UndoneBankMatch,
} from '../../../../shared/domain';
import { ROWS_PER_STATEMENT, rowsByChunks } from '../work/chunks';
import { liveExplanationOfBatch } from './bankExplanations';
import { unheldBatchesQuery, type UnheldBatchRow } from './bankMatchReads';
import { liveExplanation, liveMatch } from './liveDecisions';
import { firstStatementDate, statementById } from './bankStatementRows';
import { bankSlips } from '../slips';
import type { ReadableDB } from '../work/handles';
import type {
  BankExplanationRow,
  BankLineRow,
  BankLinesTable,
  BankMatchRow,
  BankStatementRow,
  Database,
} from '../schema';
import { firstOf, rowsOf, runRead, type Work } from '../work/work';

/**
 * A line's state: corrected (a later line corrects it) and a duplicate not kept come first, as they
 * are set aside; then a live match, then a live explanation, then suggestions.
 */
function statusOf(eb: ExpressionBuilder<Database & { l: BankLinesTable }, 'l'>) {
  return eb
    .case()
    .when(eb.exists(eb.selectFrom('bank_lines as c').select('c.id').whereRef('c.corrects_line_id', '=', 'l.id')))
    .then('corrected')
    .when('l.duplicate_state', '=', 'possible')
    .then('possible_duplicate')
    .when('l.duplicate_state', '=', 'dropped')
    .then('dropped')
    .when(eb.exists(liveMatch('line_id', 'l.id')))
    .then('matched')
    .when(eb.exists(liveExplanation('line_id', 'l.id')))
    .then('explained')
    .when(
      eb.exists(
        eb
          .selectFrom('bank_matches as m')
          .select('m.id')
          .whereRef('m.line_id', '=', 'l.id')
          .where('m.status', '=', 'suggested'),
      ),
    )
    .then('suggested')
    .else('unmatched')
    .end()
    .$castTo<BankLineStatus>();
}

export type ListedLineRow = BankLineRow & { account: string; status: BankLineStatus };

/** Every line with its account's number and its state, to filter and order as one table. */
function lines(db: Kysely<Database>) {
  return db
    .selectFrom((qb) =>
      qb
        .selectFrom('bank_lines as l')
        .innerJoin('bank_accounts as a', 'a.id', 'l.account_id')
        .selectAll('l')
        .select((eb) => ['a.number as account', statusOf(eb).as('status')])
        .as('x'),
    )
    .selectAll();
}

/** Newest first: (posted_date desc, id desc), `limit` rows after the keyset position. */
export function listLineRows(
  reader: ReadableDB,
  filter: BankLineFilter,
  after: { date: string; id: number } | null,
  limit: number,
): Promise<ListedLineRow[]> {
  let query = lines(reader.db);
  if (filter.statuses?.length) query = query.where('status', 'in', filter.statuses);
  if (filter.accounts?.length) query = query.where('account', 'in', filter.accounts);
  if (filter.from) query = query.where('posted_date', '>=', filter.from);
  if (filter.to) query = query.where('posted_date', '<=', filter.to);
  if (filter.direction) query = query.where('amount_cents', filter.direction === 'credit' ? '>' : '<', 0);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('posted_date', '<', after.date),
        eb.and([eb('posted_date', '=', after.date), eb('id', '<', after.id)]),
      ]),
    );
  }
  const page = query.orderBy('posted_date', 'desc').orderBy('id', 'desc').limit(limit);
  return runRead(reader, () => rowsOf(page));
}

/** One line with its account and state, read inside a unit of work. */
export function* lineRow(db: Kysely<Database>, id: number): Work<ListedLineRow | undefined> {
  return yield* firstOf(lines(db).where('id', '=', id));
}

/** The states matching decides; a line set aside (a duplicate, a corrected line) is in none of them. */
export const MATCH_STATES = ['matched', 'suggested', 'unmatched', 'explained'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/** A line's status (statusOf) that an import's summary counts. */
const isMatchState = (status: string): status is MatchState => MATCH_STATES.some((state) => state === status);

export function emptyStateCounts(): Record<MatchState, number> {
  return { matched: 0, suggested: 0, unmatched: 0, explained: 0 };
}

/** How many of these lines are in each state (an import's summary). */
export function lineStateCounts(reader: ReadableDB, ids: readonly number[]): Promise<Record<MatchState, number>> {
  return runRead(reader, function* (db) {
    const counts = emptyStateCounts();
    const rows = yield* rowsByChunks([...new Set(ids)], (chunk) =>
      db
        .selectFrom('bank_lines as l')
        .select((eb) => statusOf(eb).as('status'))
        .where('l.id', 'in', chunk),
    );
    for (const { status } of rows) if (isMatchState(status)) counts[status] += 1;
    return counts;
  });
}

/** Lines with their live match, suggestions and explanation, in the rows' order. */
function* lineSummaries(db: Kysely<Database>, rows: readonly ListedLineRow[]): Work<BankLineSummary[]> {
  const matches = new Map<number, BankMatchRow[]>();
  const explanations = new Map<number, BankExplanationRow>();
  const correctedBy = new Map<number, number>();
  const ids = rows.map((row) => row.id);
  for (let at = 0; at < ids.length; at += ROWS_PER_STATEMENT) {
    const chunk = ids.slice(at, at + ROWS_PER_STATEMENT);
    const found = yield* rowsOf(
      db
        .selectFrom('bank_matches')
        .selectAll()
        .where('line_id', 'in', chunk)
        .where('undone_at', 'is', null)
        .orderBy('line_id')
        .orderBy('rank')
        .orderBy('id'),
    );
    for (const match of found) matches.set(match.line_id, [...(matches.get(match.line_id) ?? []), match]);
    const explained = yield* rowsOf(
      db.selectFrom('bank_explanations').selectAll().where('line_id', 'in', chunk).where('undone_at', 'is', null),
    );
    for (const explanation of explained) explanations.set(explanation.line_id!, explanation);
    const corrections = yield* rowsOf(
      db.selectFrom('bank_lines').select(['id', 'corrects_line_id']).where('corrects_line_id', 'in', chunk),
    );
    for (const c of corrections) correctedBy.set(c.corrects_line_id!, c.id);
  }
  const slipIds = [...matches.values()].flat().flatMap((m) => (m.slip_id === null ? [] : [m.slip_id]));
  const slips = slipIds.length > 0 ? yield* bankSlips(db, [...new Set(slipIds)]) : new Map<string, BankMatchSlip>();
  const slipOf = (m: BankMatchRow) => (m.slip_id === null ? null : (slips.get(m.slip_id) ?? null));
  return rows.map((row) => {
    const all = matches.get(row.id) ?? [];
    const live = all.find((m) => m.status !== 'suggested');
    const explained = explanations.get(row.id);
    return {
      id: row.id,
      account: row.account,
      postedDate: row.posted_date,
      amountCents: row.amount_cents,
      typeCode: row.type_code,
      bankReference: row.bank_reference,
      text: row.text,
      status: row.status,
      match: live ? toMatch(live, slipOf(live)) : null,
      suggestions: all.filter((m) => m.status === 'suggested').map((m) => toSuggestion(m, slipOf(m))),
      explanation: explained ? toExplanation(explained) : null,
      identity: identityOf(row, correctedBy.get(row.id) ?? null),
    };
  });
}

function identityOf(row: ListedLineRow, correctedBy: number | null): BankLineIdentity | null {
  if (row.duplicate_of === null && row.corrects_line_id === null && correctedBy === null) return null;
  return {
    duplicateOf: row.duplicate_of,
    duplicate: row.duplicate_state as BankLineIdentity['duplicate'],
    decidedBy: row.duplicate_decided_by,
    decidedAt: row.duplicate_decided_at,
    corrects: row.corrects_line_id,
    correctedBy,
  };
}

/** The page's lines with their live match, suggestions and explanation. */
export function toLineSummaries(reader: ReadableDB, rows: readonly ListedLineRow[]): Promise<BankLineSummary[]> {
  return runRead(reader, (db) => lineSummaries(db, rows));
}

export interface LineDetailRows {
  line: ListedLineRow;
  summary: BankLineSummary;
  statement: BankStatementRow;
  undoneMatches: UndoneBankMatch[];
  undoneExplanations: BankExplanation[];
}

/** One line with its statement and history, on one snapshot; undefined when there is no such line. */
export function lineDetail(reader: ReadableDB, id: number): Promise<LineDetailRows | undefined> {
  return runRead(reader, function* (db) {
    const line = yield* lineRow(db, id);
    if (!line) return undefined;
    const undoneMatches = yield* rowsOf(
      db
        .selectFrom('bank_matches')
        .selectAll()
        .where('line_id', '=', id)
        .where('status', '<>', 'suggested')
        .where('undone_at', 'is not', null)
        .orderBy('id'),
    );
    const undoneExplanations = yield* rowsOf(
      db
        .selectFrom('bank_explanations')
        .selectAll()
        .where('line_id', '=', id)
        .where('undone_at', 'is not', null)
        .orderBy('id'),
    );
    const undoneSlipIds = undoneMatches.flatMap((m) => (m.slip_id === null ? [] : [m.slip_id]));
    const undoneSlips =
      undoneSlipIds.length > 0 ? yield* bankSlips(db, undoneSlipIds) : new Map<string, BankMatchSlip>();
    return {
      line,
      summary: (yield* lineSummaries(db, [line]))[0]!,
      statement: (yield* statementById(db, line.statement_id))!,
      undoneMatches: undoneMatches.map((row) => ({
        ...toMatch(row, row.slip_id === null ? null : (undoneSlips.get(row.slip_id) ?? null)),
        undoneBy: row.undone_by ?? '',
        undoneAt: row.undone_at ?? '',
        undoneReason: row.undone_reason ?? '',
      })),
      undoneExplanations: undoneExplanations.map(toExplanation),
    };
  });
}

/** The bank line holding a batch and the batch's live explanation: what the batch detail shows. */
export function batchBankSide(
  reader: ReadableDB,
  batchId: string,
): Promise<{ line: BankLineSummary | null; explanation: BankExplanation | null }> {
  return runRead(reader, function* (db) {
    const held = yield* firstOf(
      db.selectFrom('bank_matched_batches').select('line_id').where('batch_id', '=', batchId),
    );
    const row = held ? yield* lineRow(db, held.line_id) : undefined;
    const explanation = yield* liveExplanationOfBatch(db, batchId);
    return {
      line: row ? (yield* lineSummaries(db, [row]))[0]! : null,
      explanation: explanation ? toExplanation(explanation) : null,
    };
  });
}

export type { UnheldBatchRow };

/**
 * Batches dated from the first imported statement's first day through `through` with money to
 * deposit that no line holds and nobody explained, oldest first; the caller keeps those past the
 * window in business days. None when no statement was imported: before the first the bank side has
 * nothing to say.
 */
export function unheldBatches(reader: ReadableDB, through: string, limit: number): Promise<UnheldBatchRow[]> {
  return runRead(reader, function* (db) {
    const first = yield* firstStatementDate(db);
    if (first === null || through < first) return [];
    return yield* rowsOf(
      unheldBatchesQuery(db, first, through)
        .select(['b.id', 'b.payee_id', 'b.payment_method', 'b.date', 'b.total_cents', 'b.partial_cents'])
        .where((eb) => eb.or([eb('b.total_cents', '>', 0), eb('b.partial_cents', '>', 0)]))
        .limit(limit),
    );
  });
}

export async function accountSummaries(reader: ReadableDB): Promise<BankAccount[]> {
  const rows = await runRead(reader, (db) =>
    rowsOf(
      db
        .selectFrom('bank_accounts as a')
        .leftJoin('bank_lines as l', 'l.account_id', 'a.id')
        .select((eb) => [
          'a.id',
          'a.number',
          'a.currency',
          eb.fn.count<number>('l.id').as('line_count'),
          eb.fn.max('l.posted_date').as('last_posted_date'),
        ])
        .groupBy(['a.id', 'a.number', 'a.currency'])
        .orderBy('a.number'),
    ),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    currency: r.currency,
    lineCount: r.line_count,
    lastPostedDate: r.last_posted_date,
  }));
}

/** `slip`: the slip the row names (slip_id), as bankSlips reads it. */
export function toMatch(row: BankMatchRow, slip: BankMatchSlip | null = null): BankMatch {
  return {
    slip,
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

function toSuggestion(row: BankMatchRow, slip: BankMatchSlip | null): BankSuggestion {
  return {
    slip,
    id: row.id,
    rank: row.rank,
    how: row.how as BankMatchHow,
    batchIds: JSON.parse(row.batch_ids) as string[],
    transactionId: row.transaction_id,
    gapDays: row.gap_days,
  };
}

export function toExplanation(row: BankExplanationRow): BankExplanation {
  const { kind, undoneBy, undoneAt, undoneReason, ...rest } = camelized(row);
  return {
    ...rest,
    kind,
    undone: undoneAt === null ? null : { by: undoneBy ?? '', at: undoneAt, reason: undoneReason ?? '' },
  };
}

export function toStatement(row: BankStatementRow): BankStatement {
  const { format, fromDate, toDate, ...rest } = camelized(row);
  return { ...rest, format: format as BankStatementFormat, from: fromDate, to: toDate };
}

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** A row with its snake_case columns as camelCase fields: most of a bank row's domain shape. */
function camelized<R extends object>(row: R): { [K in keyof R & string as Camel<K>]: R[K] } {
  const fields: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    fields[column.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase())] = value;
  }
  return fields as { [K in keyof R & string as Camel<K>]: R[K] };
}
