/**
 * The anomalies of DESIGN.md §4 "Intake rule" over a range, for `check`: each transaction the service
 * reported outside its own input rule, with every rule it breaks in words (the same words the differ
 * recorded when the sync first saw it).
 */
import type { OutsideRuleReport } from '../../../shared/contract';
import { inputRuleBreaks } from '../../../shared/money';
import type { ReadableDB } from '../store/work';
import { transactionsOutsideInputRule } from '../store/transactions';

export async function outsideInputRule(
  reader: ReadableDB,
  from: string,
  to: string,
  limit: number,
): Promise<OutsideRuleReport> {
  const rows = await transactionsOutsideInputRule(reader, from, to, limit + 1);
  return {
    transactions: rows.slice(0, limit).map((row) => ({
      transactionId: row.id,
      businessDate: row.business_date,
      payeeId: row.payee_id,
      payeeName: row.payee_name,
      paymentMethod: row.payment_method,
      batchId: row.batch_id,
      rules: inputRuleBreaks({
        amountCents: row.amount_cents,
        convenienceFeeCents: row.convenience_fee_cents,
        taxCents: row.tax_cents,
        shippingCents: row.shipping_cents,
      }),
    })),
    truncated: rows.length > limit,
  };
}
