/**
 * Builds synced-looking rows straight into a store: payees, Chart of Accounts accounts, batches whose
 * transactions and GL rows tie out (GL rows split like the service: goods per account, fees extra),
 * and the discrepancies the tie-out must find. Until a sync fills a store, tests use these.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../electron/engine/store/schema';

const AT = '2026-03-01T12:00:00.000Z';

export interface FixtureTransaction {
  id: number;
  amountCents: number;
  feeCents?: number;
  status?: string;
  refundedCents?: number;
  glAccountId?: string | null;
  /** undefined: the batch's id; null: not batched. */
  batchId?: string | null;
}

export interface FixtureBatch {
  id: string;
  payeeId: number;
  date: string;
  method?: string;
  transactions: FixtureTransaction[];
  /** Overrides of what the service's batch says (for discrepancies). */
  totals?: Partial<{ total: number; fees: number; count: number }>;
  /** false: the batch's GL rows are not synced yet. */
  withGl?: boolean;
}

export async function addPayee(db: Kysely<Database>, id: number, name: string): Promise<void> {
  await db
    .insertInto('payees')
    .values({ id, name, merchant_id: `M${id}`, removed: 0, raw: '{}', updated_at: AT })
    .execute();
}

export async function addGlAccount(db: Kysely<Database>, id: string, number: string, label: string): Promise<void> {
  await db.insertInto('gl_accounts').values({ id, number, label, removed: 0, raw: '{}', updated_at: AT }).execute();
}

/**
 * A school's month submitted by Pat Preparer on April 8th, and, when `closed`, closed by Ann Approver
 * on the 9th (a separate approver).
 */
export async function addMonthClose(
  db: Kysely<Database>,
  payeeId: number,
  month: string,
  state: 'submitted' | 'closed',
): Promise<void> {
  await db
    .insertInto('month_closes')
    .values({
      payee_id: payeeId,
      month,
      state,
      submitted_by: 'Pat Preparer',
      submitted_at: '2026-04-08T15:00:00.000Z',
      closed_by: state === 'closed' ? 'Ann Approver' : null,
      closed_at: state === 'closed' ? '2026-04-09T15:00:00.000Z' : null,
      self_approved: 0,
      updated_at: '2026-04-09T15:00:00.000Z',
    })
    .execute();
}

export async function addBatch(db: Kysely<Database>, batch: FixtureBatch): Promise<void> {
  const method = batch.method ?? 'CC';
  const inBatch = batch.transactions.filter((t) => t.batchId === undefined || t.batchId === batch.id);
  const total = batch.totals?.total ?? inBatch.reduce((s, t) => s + t.amountCents, 0);
  const fees = batch.totals?.fees ?? inBatch.reduce((s, t) => s + (t.feeCents ?? 0), 0);
  await db
    .insertInto('batches')
    .values({
      id: batch.id,
      payee_id: batch.payeeId,
      date: batch.date,
      payment_method: method,
      total_cents: total,
      fees_cents: fees,
      partial_cents: total - fees,
      total_count: batch.totals?.count ?? inBatch.length,
      raw: '{}',
      first_seen_at: AT,
      updated_at: AT,
    })
    .execute();
  for (const t of batch.transactions) {
    await db
      .insertInto('transactions')
      .values({
        id: t.id,
        order_id: null,
        payee_id: batch.payeeId,
        payment_method: method,
        status: t.status ?? 'Settled',
        status_message: null,
        amount_cents: t.amountCents,
        amount_refunded_cents: t.refundedCents ?? 0,
        convenience_fee_cents: t.feeCents ?? 0,
        tax_cents: 0,
        shipping_cents: 0,
        batch_id: t.batchId === undefined ? batch.id : t.batchId,
        data: null,
        payer_name: 'Pat Payer',
        gl_account_id: t.glAccountId ?? null,
        business_date: batch.date,
        raw: '{}',
        first_seen_at: AT,
        updated_at: AT,
        first_seen_run_id: null,
      })
      .execute();
  }
  if (batch.withGl === false) return;
  // The service's split: goods per account, convenience fees as an extra row with no net amount.
  const goods = new Map<string | null, { cents: number; count: number; fee: number }>();
  for (const t of inBatch) {
    const key = t.glAccountId ?? null;
    const entry = goods.get(key) ?? { cents: 0, count: 0, fee: 0 };
    entry.cents += t.amountCents - (t.feeCents ?? 0);
    entry.count += 1;
    entry.fee += t.feeCents ?? 0;
    goods.set(key, entry);
  }
  for (const [glAccountId, entry] of goods) {
    const account = glAccountId
      ? await db.selectFrom('gl_accounts').select(['number', 'label']).where('id', '=', glAccountId).executeTakeFirst()
      : undefined;
    const rows = [{ suffix: '', amount: entry.cents, net: entry.cents, count: entry.count }];
    if (entry.fee) rows.push({ suffix: '-fee', amount: entry.fee, net: 0, count: 0 });
    for (const row of rows) {
      await db
        .insertInto('gl_batches')
        .values({
          gl_batch_id: `${batch.id}-${glAccountId ?? '0'}${row.suffix}`,
          date: batch.date,
          batch_id: batch.id,
          payee_id: batch.payeeId,
          gl_account_id: glAccountId,
          gl_number: account?.number ?? null,
          gl_label: account?.label ?? null,
          amount_cents: row.amount,
          amount_without_fees_cents: row.net,
          count: row.count,
          raw: '{}',
          synced_at: AT,
        })
        .execute();
    }
  }
}

/** The part of a later sync's work these fixtures play: the row's new values and the change recorded. */
interface LaterSync {
  set: Updateable<Database['transactions']>;
  change: Pick<Insertable<Database['transaction_changes']>, 'kind' | 'to_status' | 'delta_cents' | 'detail'>;
}

/** A later sync saw a batched transaction change (`what`, from the row as it was): the row changes and the differ records it. */
async function changedAfterBatching(
  db: Kysely<Database>,
  transactionId: number,
  seenAt: string,
  what: (txn: Selectable<Database['transactions']>) => LaterSync,
): Promise<void> {
  const txn = await db.selectFrom('transactions').selectAll().where('id', '=', transactionId).executeTakeFirstOrThrow();
  const { set, change } = what(txn);
  await db
    .updateTable('transactions')
    .set({ ...set, updated_at: seenAt })
    .where('id', '=', transactionId)
    .execute();
  await db
    .insertInto('transaction_changes')
    .values({
      transaction_id: transactionId,
      from_status: txn.status,
      sync_run_id: null,
      seen_at: seenAt,
      acknowledged_at: null,
      ...change,
    })
    .execute();
}

/** A later sync saw a refund of a batched transaction. */
export function refundAfterBatching(
  db: Kysely<Database>,
  transactionId: number,
  cents: number,
  seenAt: string,
): Promise<void> {
  return changedAfterBatching(db, transactionId, seenAt, (txn) => {
    const refunded = txn.amount_refunded_cents + cents;
    const status = refunded >= txn.amount_cents ? 'Refunded' : txn.status;
    return {
      set: { amount_refunded_cents: refunded, status },
      change: { kind: 'refunded', to_status: status, delta_cents: cents, detail: null },
    };
  });
}

/** A later sync saw a batched transaction's status move (an ACH return, a void after settlement). */
export function statusAfterBatching(
  db: Kysely<Database>,
  transactionId: number,
  status: 'Returned' | 'Voided',
  seenAt: string,
): Promise<void> {
  return changedAfterBatching(db, transactionId, seenAt, () => ({
    set: { status },
    change: {
      kind: status === 'Returned' ? 'returned' : 'voided_after_settlement',
      to_status: status,
      delta_cents: null,
      detail: null,
    },
  }));
}

/** A later sync saw a batched transaction's amount change: one of the deposit's own facts (an anomaly). */
export function amountChangedAfterBatching(
  db: Kysely<Database>,
  transactionId: number,
  cents: number,
  seenAt: string,
): Promise<void> {
  const dollars = (c: number) => (c / 100).toFixed(2);
  return changedAfterBatching(db, transactionId, seenAt, (txn) => ({
    set: { amount_cents: cents },
    change: {
      kind: 'anomaly',
      to_status: txn.status,
      delta_cents: cents - txn.amount_cents,
      detail: `amount ${dollars(txn.amount_cents)} -> ${dollars(cents)}`,
    },
  }));
}

/** A later sync saw a batched transaction move to another school (payee), its batch unchanged: an anomaly. */
export function payeeChangedAfterBatching(
  db: Kysely<Database>,
  transactionId: number,
  payeeId: number,
  seenAt: string,
): Promise<void> {
  return changedAfterBatching(db, transactionId, seenAt, (txn) => ({
    set: { payee_id: payeeId },
    change: {
      kind: 'anomaly',
      to_status: txn.status,
      delta_cents: null,
      detail: `payee ${txn.payee_id} -> ${payeeId}`,
    },
  }));
}

/** A sale of `amountCents` (fee included) to `glAccountId`, for the batches below. */
const sale = (id: number, amountCents: number, glAccountId: string | null, feeCents?: number): FixtureTransaction => ({
  id,
  amountCents,
  feeCents,
  glAccountId,
});

/**
 * The account the bookkeeper chose (Settings > Default accounts) for Lincoln High Athletics' GL row
 * that the service gives no account (sale 1007, $7.77): not in the Chart of Accounts list.
 */
export const LINCOLN_DEFAULT_ACCOUNT = '4999-000';

/** seedDistrict's unaccounted $7.77 given its default account again, after a test cleared it. */
export async function chooseDefaultAccounts(engine: {
  call(method: 'accountMaps.setDefault', args: { school: number; glNumber: string }): Promise<unknown>;
}): Promise<void> {
  await engine.call('accountMaps.setDefault', { school: 1, glNumber: LINCOLN_DEFAULT_ACCOUNT });
}

/**
 * A small district: two payees, three accounts, four batches over two days that all tie out. Sale
 * 1007 ($7.77) has no Chart of Accounts account; the bookkeeper chose LINCOLN_DEFAULT_ACCOUNT for the
 * school (issue 30 item 2), so a posting goes ahead. Tests of money on no account clear it.
 */
export async function seedDistrict(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('default_accounts')
    .values({
      kind: 'school',
      key: '1',
      gl_number: LINCOLN_DEFAULT_ACCOUNT,
      set_at: '2026-03-01T00:00:00.000Z',
      set_by: 'bookkeeper',
    })
    .execute();
  await addPayee(db, 1, 'Lincoln High Athletics');
  await addPayee(db, 2, 'Food Services');
  await addGlAccount(db, 'gl-a', '4100-100', 'Athletics Fees');
  await addGlAccount(db, 'gl-b', '4200-300', 'Lunch Sales');
  await addGlAccount(db, 'gl-c', '4300-000', 'Field Trips');
  await addBatch(db, {
    id: '730001',
    payeeId: 1,
    date: '2026-03-02',
    transactions: [sale(1001, 2500, 'gl-a', 125), sale(1002, 4000, 'gl-a', 200), sale(1003, 1234, 'gl-c', 0)],
  });
  await addBatch(db, {
    id: '730002',
    payeeId: 2,
    date: '2026-03-02',
    method: 'ACH',
    transactions: [sale(1004, 1999, 'gl-b'), sale(1005, 3501, 'gl-b', 101)],
  });
  await addBatch(db, {
    id: '730003',
    payeeId: 1,
    date: '2026-03-03',
    transactions: [sale(1006, 10001, 'gl-c', 300), sale(1007, 777, null)],
  });
  await addBatch(db, {
    id: '730004',
    payeeId: 2,
    date: '2026-03-03',
    transactions: [sale(1008, 12345, 'gl-b', 45)],
  });
}
