import type { ReactNode } from 'react';
import type { BatchSummary, GlBatch } from '../../../../shared/domain';
import { ReviewBadge, VerdictBadge } from '../../components/Badges';
import { columnsOf, withFooter } from '../../components/columns';
import { Money } from '../../components/Money';
import { formatCount, methodLabel } from '../../format';

const batch = columnsOf<BatchSummary>();

/**
 * Widths that fit a 1280-px window (test/e2e/layout.test.ts measures it) with the narrow gutters of
 * .batches-table: dates, amounts and pills whole, and the rest to the school's name, which takes two
 * lines when it needs them ("Thomas Jefferson Science and Technology Magnet High School" at 1280 px).
 */
export const BATCH_COLUMNS = [
  batch.date('date', 'Business date (Central)', (b) => b.date, '110px'),
  batch.code('id', 'Batch', (b) => b.id, '62px'),
  batch.wrapped('payee', 'Payee', (b) => b.payeeName ?? `Payee ${b.payeeId}`, 'minmax(160px, 1fr)'),
  batch.text('method', 'Method', (b) => methodLabel(b.paymentMethod), '64px'),
  batch.count('count', 'Count', (b) => b.totalCount, '54px'),
  batch.money('total', 'Total', (b) => b.totalCents, '92px'),
  batch.money('fees', 'Fees', (b) => b.feesCents, '68px'),
  batch.money('net', 'Net', (b) => b.partialCents, '92px'),
  batch.cell('verdict', 'Tie-out', (b) => <VerdictBadge verdict={b.verdict} />, '96px'),
  batch.money('difference', 'Off by', (b) => (b.verdict === 'differs' ? b.differenceCents : null), '68px'),
  batch.cell('review', 'Review', (b) => <ReviewBadge state={b.reviewState} />, '94px'),
];

/** What GL batch lines and their per-account totals share. */
type GlAmounts = Pick<GlBatch, 'glNumber' | 'glLabel' | 'count' | 'amountCents' | 'amountWithoutFeesCents'>;

/** Account, description, count, amount and amount net of fees; with `totals`, a Total row under them. */
export function glAmountColumns<T extends GlAmounts>(rows?: T[]) {
  const gl = columnsOf<T>();
  const columns = [
    gl.code('account', 'Account', (line) => line.glNumber ?? 'No account', '150px'),
    gl.text('label', 'Description', (line) => line.glLabel, 'minmax(140px, 2fr)'),
    gl.count('count', 'Count', (line) => line.count, '70px'),
    gl.money('amount', 'Amount', (line) => line.amountCents, '120px'),
    gl.money('net', 'Net of fees', (line) => line.amountWithoutFeesCents, '120px'),
  ];
  if (!rows) return columns;
  const sum = (value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);
  const totals: Record<string, ReactNode> = {
    account: 'Total',
    count: <span className="num-text">{formatCount(sum((row) => row.count))}</span>,
    amount: <Money cents={sum((row) => row.amountCents)} strong />,
    net: <Money cents={sum((row) => row.amountWithoutFeesCents)} strong />,
  };
  return columns.map((column) => (column.id && column.id in totals ? withFooter(column, totals[column.id]) : column));
}
