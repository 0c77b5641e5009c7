/**
 * Transactions whose reported money breaks the service's own input rule (DESIGN.md §4 "Intake rule",
 * §9): an amount outside 1.00 to 100,000.00, or a fee, tax or shipping present but outside it. Stored
 * as the service sent them; this is the read that flags them for `check` and the Overview.
 */
import type { ExpressionBuilder } from 'kysely';
import type { PaymentMethod } from '../../../../shared/domain';
import { SERVICE_MAX_CENTS, SERVICE_MIN_CENTS } from '../../../../shared/money';
import type { ReadableDB } from '../work/handles';
import type { Database } from '../schema';

export interface OutsideRuleRow {
  id: number;
  business_date: string;
  payee_id: number;
  payee_name: string | null;
  payment_method: PaymentMethod;
  batch_id: string | null;
  amount_cents: number;
  convenience_fee_cents: number;
  tax_cents: number;
  shipping_cents: number;
}

const PARTS = ['t.convenience_fee_cents', 't.tax_cents', 't.shipping_cents'] as const;

function breaksInputRule(eb: ExpressionBuilder<Database & { t: Database['transactions'] }, 't'>) {
  return eb.or([
    eb('t.amount_cents', '<', SERVICE_MIN_CENTS),
    eb('t.amount_cents', '>', SERVICE_MAX_CENTS),
    // 0.00 is "none" for a fee, tax or shipping; only a value present can break the rule.
    ...PARTS.flatMap((part) => [
      eb.and([eb(part, '>', 0), eb(part, '<', SERVICE_MIN_CENTS)]),
      eb(part, '>', SERVICE_MAX_CENTS),
    ]),
  ]);
}

/** Up to `limit` of them whose business date is in [from, to], oldest first. */
export function transactionsOutsideInputRule(
  { db }: ReadableDB,
  from: string,
  to: string,
  limit: number,
): Promise<OutsideRuleRow[]> {
  return db
    .selectFrom('transactions as t')
    .leftJoin('payees as p', 'p.id', 't.payee_id')
    .select([
      't.id',
      't.business_date',
      't.payee_id',
      'p.name as payee_name',
      't.payment_method',
      't.batch_id',
      't.amount_cents',
      't.convenience_fee_cents',
      't.tax_cents',
      't.shipping_cents',
    ])
    .where('t.business_date', '>=', from)
    .where('t.business_date', '<=', to)
    .where(breaksInputRule)
    .orderBy('t.business_date')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}
