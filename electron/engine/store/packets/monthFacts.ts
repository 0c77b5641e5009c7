/**
 * What a school's month packet is printed from (issue 29 item 3), read on one snapshot so its sections
 * agree with each other: the month's deposits with their sign-off, tie-out and bank side; receipts by
 * account; explained bank lines; declined and errored sales; re-opened sign-offs; the school's payment
 * intents. Rows are plain and numeric on both dialects (PostgreSQL hands back bigint sums as text).
 */
import type { Kysely } from 'kysely';
import type { ReadableDB } from '../work/handles';
import type { Database } from '../schema';
import { rowsOf, firstOf, runRead, type Work } from '../work/work';
import type { MonthFacts, MonthScope } from './factTypes';

const num = (value: unknown): number => (value == null ? 0 : Number(value));

/** Every fact of one school's month, on one snapshot. */
export function readMonthFacts(reader: ReadableDB, scope: MonthScope): Promise<MonthFacts> {
  return runRead(reader, (db) => monthFactsOf(db, scope));
}

function* monthFactsOf(db: Kysely<Database>, scope: MonthScope): Work<MonthFacts> {
  const { payeeId, from, to, seenFrom, seenBefore } = scope;
  const payee = yield* firstOf(db.selectFrom('payees').select(['id', 'name', 'merchant_id']).where('id', '=', payeeId));
  const deposits = yield* rowsOf(
    db
      .selectFrom('batches as b')
      .leftJoin('batch_checks as k', 'k.batch_id', 'b.id')
      .leftJoin('bank_matched_batches as h', 'h.batch_id', 'b.id')
      .leftJoin('bank_matches as m', 'm.id', 'h.match_id')
      .leftJoin('bank_lines as l', 'l.id', 'h.line_id')
      .select([
        'b.id',
        'b.date',
        'b.payment_method',
        'b.total_count',
        'b.total_cents',
        'b.fees_cents',
        'b.partial_cents',
        'k.verdict',
        'k.difference_cents',
        'm.how as match_how',
        'm.status as match_status',
        'm.batch_ids as match_batch_ids',
        'l.id as line_id',
        'l.posted_date as line_date',
        'l.amount_cents as line_cents',
        'l.bank_reference as line_reference',
      ])
      .where('b.payee_id', '=', payeeId)
      .where('b.date', '>=', from)
      .where('b.date', '<=', to)
      .orderBy('b.date')
      .orderBy('b.id'),
  );
  const batchIds = deposits.map((d) => d.id);
  const reviews = batchIds.length
    ? yield* rowsOf(
        db
          .selectFrom('batch_reviews')
          .select(['id', 'batch_id', 'action', 'by', 'at', 'note', 'total_cents'])
          .where('batch_id', 'in', batchIds)
          .orderBy('id'),
      )
    : [];
  const batchExplanations = batchIds.length
    ? yield* rowsOf(
        db
          .selectFrom('bank_explanations')
          .select(['batch_id', 'kind', 'note', 'by', 'at'])
          .where('batch_id', 'in', batchIds)
          .where('undone_at', 'is', null),
      )
    : [];
  const accounts = batchIds.length
    ? yield* rowsOf(
        db
          .selectFrom('gl_batches')
          .select((eb) => [
            'gl_account_id',
            'gl_number',
            'gl_label',
            eb.fn.sum<string>('amount_cents').as('amount_cents'),
            eb.fn.sum<string>('amount_without_fees_cents').as('net_cents'),
            eb.fn.sum<string>('count').as('count'),
          ])
          .where('batch_id', 'in', batchIds)
          .groupBy(['gl_account_id', 'gl_number', 'gl_label'])
          .orderBy('gl_number'),
      )
    : [];
  // Lines that belong to the school by name (its merchant id in the bank's text) and were explained.
  const explainedLines = payee?.merchant_id
    ? yield* rowsOf(
        db
          .selectFrom('bank_lines as l')
          .innerJoin('bank_explanations as e', 'e.line_id', 'l.id')
          .select([
            'l.id',
            'l.posted_date',
            'l.amount_cents',
            'l.bank_reference',
            'l.text',
            'e.kind',
            'e.note',
            'e.by',
            'e.at',
          ])
          .where('e.undone_at', 'is', null)
          .where('l.posted_date', '>=', from)
          .where('l.posted_date', '<=', to)
          .orderBy('l.posted_date')
          .orderBy('l.id'),
      )
    : [];
  // A month's explained lines are few; the merchant id is looked for here, not with a dialect's LIKE.
  const namingSchool = explainedLines.filter((l) => payee && l.text.includes(payee.merchant_id));
  const failedSales = yield* rowsOf(
    db
      .selectFrom('transactions')
      .select(['id', 'business_date', 'payment_method', 'status', 'status_message', 'amount_cents', 'payer_name'])
      .where('payee_id', '=', payeeId)
      .where('business_date', '>=', from)
      .where('business_date', '<=', to)
      .where('status', 'in', ['Declined', 'Error'])
      .orderBy('business_date')
      .orderBy('id'),
  );
  const intents = yield* rowsOf(
    db
      .selectFrom('payment_intents')
      .select([
        'id',
        'kind',
        'state',
        'transaction_id',
        'amount_cents',
        'reason',
        'requested_by',
        'requested_at',
        'approved_by',
        'approved_at',
      ])
      .where('payee_id', '=', payeeId)
      .where((eb) =>
        eb.or([
          eb.and([eb('requested_at', '>=', seenFrom), eb('requested_at', '<', seenBefore)]),
          eb('state', '=', 'unknown'),
        ]),
      )
      .orderBy('requested_at')
      .orderBy('id'),
  );
  const intentIds = intents.map((i) => i.id);
  const intentEvents = intentIds.length
    ? yield* rowsOf(
        db
          .selectFrom('payment_intent_events')
          .select(['intent_id', 'seq', 'at', 'actor', 'event', 'detail'])
          .where('intent_id', 'in', intentIds)
          .where('at', '>=', seenFrom)
          .where('at', '<', seenBefore)
          .orderBy('at')
          .orderBy('intent_id')
          .orderBy('seq'),
      )
    : [];
  const refundIntentTransactions = yield* rowsOf(
    db
      .selectFrom('payment_intents')
      .select(['transaction_id', 'reason'])
      .where('payee_id', '=', payeeId)
      .where('kind', '=', 'refund')
      .where('transaction_id', 'is not', null),
  );
  return {
    payee: payee ? { id: num(payee.id), name: payee.name, merchantId: payee.merchant_id } : null,
    deposits: deposits.map((d) => ({
      id: d.id,
      date: d.date,
      method: d.payment_method,
      count: num(d.total_count),
      totalCents: num(d.total_cents),
      feesCents: num(d.fees_cents),
      partialCents: num(d.partial_cents),
      verdict: d.verdict ?? null,
      differenceCents: d.difference_cents == null ? null : num(d.difference_cents),
      match:
        d.line_id == null
          ? null
          : {
              lineId: num(d.line_id),
              how: d.match_how ?? '',
              status: d.match_status ?? '',
              batchIds: JSON.parse(d.match_batch_ids ?? '[]') as string[],
              postedDate: d.line_date ?? '',
              lineCents: num(d.line_cents),
              reference: d.line_reference ?? '',
            },
    })),
    reviews: reviews.map((r) => ({ ...r, id: num(r.id), total_cents: num(r.total_cents) })),
    batchExplanations: batchExplanations.map((e) => ({ ...e, batch_id: e.batch_id ?? '' })),
    accounts: accounts.map((a) => ({
      accountId: a.gl_account_id,
      number: a.gl_number,
      label: a.gl_label,
      amountCents: num(a.amount_cents),
      netCents: num(a.net_cents),
      count: num(a.count),
    })),
    explainedLines: namingSchool.map(({ text: _text, ...l }) => ({
      ...l,
      id: num(l.id),
      amount_cents: num(l.amount_cents),
    })),
    failedSales: failedSales.map((t) => ({ ...t, id: num(t.id), amount_cents: num(t.amount_cents) })),
    intents: intents.map((i) => ({
      ...i,
      transaction_id: i.transaction_id == null ? null : num(i.transaction_id),
      amount_cents: i.amount_cents == null ? null : num(i.amount_cents),
    })),
    intentEvents: intentEvents.map((e) => ({ ...e, seq: num(e.seq) })),
    refundReasons: new Map(refundIntentTransactions.map((r) => [num(r.transaction_id), r.reason])),
  };
}

/** The district's schools (payees), by name. */
export function readSchools(reader: ReadableDB): Promise<Array<{ id: number; name: string }>> {
  return runRead(reader, function* (db) {
    const rows = yield* rowsOf(db.selectFrom('payees').select(['id', 'name']).where('removed', '=', 0).orderBy('name'));
    return rows.map((r) => ({ id: num(r.id), name: r.name }));
  });
}
