/**
 * Deposit slips as the bank side reads them (DESIGN.md §10): a verified slip is the deposit the bank
 * should credit, its counted total; the batches the service settled its collections into are what a
 * match to it holds. Read inside a matching run's or a decision's unit of work.
 */
import type { Kysely } from 'kysely';
import type { BankMatchSlip } from '../../../../shared/domain';
import { liveMatch } from '../bank/liveDecisions';
import type { Database } from '../schema';
import { rowsByChunks } from '../work/chunks';
import { rowsOf, type Work } from '../work/work';
import type { DepositSlipRow } from './types';

/** A verified slip no live match holds, as the matcher sees it. */
export interface OpenSlipRow {
  id: string;
  payeeId: number;
  date: string;
  /** Cash and checks counted: what the bank credits. */
  countedCents: number;
  /**
   * The batches its collections were settled into so far (none before the service's midnight) that
   * no other line holds.
   */
  batchIds: string[];
}

/** Verified slips dated from..to that no live bank match holds, oldest first. */
export function* openSlips(db: Kysely<Database>, from: string, to: string): Work<OpenSlipRow[]> {
  const slips = yield* rowsOf(
    db
      .selectFrom('deposit_slips as s')
      .select(['s.id', 's.payee_id', 's.business_date', 's.counted_cash_cents', 's.counted_checks_cents'])
      .where('s.business_date', '>=', from)
      .where('s.business_date', '<=', to)
      .where('s.verified_by', 'is not', null)
      .where((eb) => eb.not(eb.exists(liveMatch('slip_id', 's.id'))))
      .orderBy('s.business_date')
      .orderBy('s.id'),
  );
  const batches = yield* slipBatchIds(
    db,
    slips.map((s) => s.id),
    { unheld: true },
  );
  return slips.map((s) => ({
    id: s.id,
    payeeId: Number(s.payee_id),
    date: s.business_date,
    countedCents: Number(s.counted_cash_cents) + Number(s.counted_checks_cents),
    batchIds: batches.get(s.id) ?? [],
  }));
}

/**
 * Each slip's batches: the ones its collections are in today, sorted; `unheld`: only those no bank
 * line holds (a batch is never held twice, so a slip cannot take one another line has).
 */
export function* slipBatchIds(
  db: Kysely<Database>,
  slipIds: readonly string[],
  options: { unheld: boolean },
): Work<Map<string, string[]>> {
  const rows = yield* rowsByChunks(slipIds, (chunk) => {
    const query = db
      .selectFrom('deposit_slip_items as i')
      .innerJoin('transactions as t', 't.id', 'i.transaction_id')
      .select(['i.slip_id', 't.batch_id'])
      .distinct()
      .where('i.slip_id', 'in', chunk)
      .where('t.batch_id', 'is not', null);
    if (!options.unheld) return query;
    return query.where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('bank_matched_batches as h').select('h.batch_id').whereRef('h.batch_id', '=', 't.batch_id'),
        ),
      ),
    );
  });
  const bySlip = new Map<string, string[]>();
  for (const row of rows) bySlip.set(row.slip_id, [...(bySlip.get(row.slip_id) ?? []), row.batch_id!]);
  for (const ids of bySlip.values()) ids.sort();
  return bySlip;
}

/** The slips of these ids, as a bank line's match shows them. */
export function* bankSlips(db: Kysely<Database>, slipIds: readonly string[]): Work<Map<string, BankMatchSlip>> {
  const rows = yield* rowsByChunks(slipIds, (chunk) =>
    db.selectFrom('deposit_slips').selectAll().where('id', 'in', chunk),
  );
  return new Map(rows.map((row) => [row.id, toBankMatchSlip(row)]));
}

export function toBankMatchSlip(row: DepositSlipRow): BankMatchSlip {
  const counted = Number(row.counted_cash_cents) + Number(row.counted_checks_cents);
  return {
    id: row.id,
    payeeId: Number(row.payee_id),
    date: row.business_date,
    countedCents: counted,
    collectedCents: Number(row.total_cents),
    overShortCents: Number(row.over_short_cents),
    comment: row.comment,
    countedBy: row.counted_by,
    verifiedBy: row.verified_by,
  };
}
