/**
 * Deposit and GL-line rows written straight to a store, for tests of the store's own reads (GL rows,
 * claims) that need only the columns those reads use; the rest are the zeroes and blanks a sync
 * never leaves but those reads never look at.
 */
import type { Insertable } from 'kysely';
import type { BatchesTable, GlBatchesTable } from '../../../electron/engine/store/schema';

export function bareDeposit(
  deposit: Pick<Insertable<BatchesTable>, 'id' | 'payee_id' | 'date'> & Partial<Insertable<BatchesTable>>,
): Insertable<BatchesTable> {
  return {
    payment_method: 'CC',
    total_cents: 0,
    fees_cents: 0,
    partial_cents: 0,
    total_count: 0,
    raw: '{}',
    first_seen_at: '',
    updated_at: '',
    ...deposit,
  };
}

/** One GL line of `batchId`: account `gl-<line>`, number `4<line>00-000`, label `Revenue <line>`. */
export function bareGlLine(
  line: number,
  row: Pick<
    Insertable<GlBatchesTable>,
    'gl_batch_id' | 'date' | 'batch_id' | 'payee_id' | 'amount_cents' | 'synced_at'
  > &
    Partial<Insertable<GlBatchesTable>>,
): Insertable<GlBatchesTable> {
  return {
    gl_account_id: `gl-${line}`,
    gl_number: `4${line}00-000`,
    gl_label: `Revenue ${line}`,
    amount_without_fees_cents: row.amount_cents,
    count: 1,
    raw: '{}',
    ...row,
  };
}
