/** The rows the "reads and records" dialect tests (records*.dialects.test.ts) start from. */
import type { WritableDB } from '../../../electron/engine/store/work';
import { execute, runWrite } from '../../../electron/engine/store/work';

export const T0 = '2026-03-03T00:00:00.000Z';

/** Two payees; deposits B1 (payee 1, CC, Mar 2, ties out), B2 (payee 2, ACH, Mar 3, short a row), B3 (payee 1, CC, Mar 3). */
export async function seedRecords(writer: WritableDB): Promise<void> {
  await runWrite(writer, function* (db) {
    for (const [id, name] of [
      [1, 'Athletics'],
      [2, 'Band'],
    ] as const) {
      yield* execute(
        db.insertInto('payees').values({ id, name, merchant_id: `m${id}`, removed: 0, raw: '{}', updated_at: T0 }),
      );
    }
    const batch = (id: string, payee: number, date: string, method: string, cents: number, count: number) =>
      db.insertInto('batches').values({
        id,
        payee_id: payee,
        date,
        payment_method: method,
        total_cents: cents,
        fees_cents: 0,
        partial_cents: cents,
        total_count: count,
        raw: '{}',
        first_seen_at: T0,
        updated_at: T0,
      });
    yield* execute(batch('B1', 1, '2026-03-02', 'CC', 3000, 2));
    yield* execute(batch('B2', 2, '2026-03-03', 'ACH', 5000, 2));
    yield* execute(batch('B3', 1, '2026-03-03', 'CC', 700, 1));
    const txn = (id: number, payee: number, method: string, date: string, cents: number, batchId: string | null) =>
      db.insertInto('transactions').values({
        id,
        order_id: id + 1000,
        payee_id: payee,
        payment_method: method,
        status: 'Settled',
        status_message: null,
        amount_cents: cents,
        amount_refunded_cents: 0,
        convenience_fee_cents: 25,
        tax_cents: 0,
        shipping_cents: 0,
        batch_id: batchId,
        data: `Ticket for game ${id}`,
        payer_name: id % 2 ? 'Jane Doe' : 'John Roe',
        payer_search: id % 2 ? 'jane doe' : 'john roe',
        gl_account_id: null,
        business_date: date,
        raw: '{}',
        first_seen_at: T0,
        updated_at: T0,
        first_seen_run_id: null,
        first_status: 'Settled',
      });
    yield* execute(txn(11, 1, 'CC', '2026-03-02', 1000, 'B1'));
    yield* execute(txn(12, 1, 'CC', '2026-03-02', 2000, 'B1'));
    yield* execute(txn(21, 2, 'ACH', '2026-03-03', 5000, 'B2'));
    yield* execute(txn(31, 1, 'CC', '2026-03-03', 700, 'B3'));
    yield* execute(txn(40, 1, 'CC', '2026-03-01', 900, null));
    const gl = (glBatchId: string, batchId: string, payee: number, date: string, cents: number) =>
      db.insertInto('gl_batches').values({
        gl_batch_id: glBatchId,
        date,
        batch_id: batchId,
        payee_id: payee,
        gl_account_id: null,
        gl_number: '4100-000',
        gl_label: 'Athletics',
        amount_cents: cents,
        amount_without_fees_cents: cents - 10,
        count: 1,
        raw: '{}',
        synced_at: T0,
      });
    yield* execute(gl('g1', 'B1', 1, '2026-03-02', 3000));
    yield* execute(gl('g2', 'B2', 2, '2026-03-03', 5000));
    yield* execute(gl('g3', 'B3', 1, '2026-03-03', 700));
    const change = (transactionId: number, kind: string, toStatus: string, seenAt: string, delta: number | null) =>
      db.insertInto('transaction_changes').values({
        transaction_id: transactionId,
        kind,
        from_status: 'Settled',
        to_status: toStatus,
        delta_cents: delta,
        detail: `${kind} ${transactionId}`,
        sync_run_id: null,
        seen_at: seenAt,
        acknowledged_at: null,
        acknowledged_by: null,
      });
    yield* execute(change(11, 'refunded', 'Settled', '2026-03-04T10:00:00.000Z', 500));
    yield* execute(change(21, 'returned', 'Returned', '2026-03-05T10:00:00.000Z', null));
    yield* execute(change(31, 'voided', 'Voided', '2026-03-05T11:00:00.000Z', null));
    // B3 was signed off at its 700 cents, then reopened by the sync when a change came in.
    const review = (action: string, by: string, at: string, note: string | null) =>
      db.insertInto('batch_reviews').values({
        batch_id: 'B3',
        action,
        by,
        at,
        note,
        total_cents: 700,
        fees_cents: 0,
        partial_cents: 700,
        total_count: 1,
        fingerprint: 'f3',
      });
    yield* execute(review('sign_off', 'Ann', '2026-03-04T15:00:00.000Z', null));
    yield* execute(review('reopen', 'District Recon', '2026-03-05T15:00:00.000Z', 'changed'));
  });
}
