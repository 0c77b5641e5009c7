/** Slip rows to the contract's DepositSlip (bigint columns arrive as strings on PostgreSQL). */
import type { DepositSlip, DepositSlipItem } from '../../../../shared/contract';
import type { DepositSlipItemRow, DepositSlipRow } from './types';

export function toDepositSlipItem(row: DepositSlipItemRow): DepositSlipItem {
  return {
    transactionId: Number(row.transaction_id),
    method: row.method,
    amountCents: Number(row.amount_cents),
    checkNumber: row.check_number,
    payerName: row.payer_name,
  };
}

export function toDepositSlip(
  row: DepositSlipRow,
  items: readonly DepositSlipItemRow[],
  payeeName: string | null,
): DepositSlip {
  return {
    id: row.id,
    payeeId: Number(row.payee_id),
    payeeName,
    date: row.business_date,
    totalCents: Number(row.total_cents),
    recordedCashCents: Number(row.recorded_cash_cents),
    recordedChecksCents: Number(row.recorded_checks_cents),
    countedCashCents: Number(row.counted_cash_cents),
    countedChecksCents: Number(row.counted_checks_cents),
    cash: JSON.parse(row.denominations) as DepositSlip['cash'],
    overShortCents: Number(row.over_short_cents),
    comment: row.comment,
    countedBy: row.counted_by,
    countedAt: row.counted_at,
    verifiedBy: row.verified_by,
    verifiedAt: row.verified_at,
    onePerson: Number(row.one_person) === 1,
    items: items.map(toDepositSlipItem),
  };
}
