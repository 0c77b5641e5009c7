import { formatMoney } from '../format';

/** An amount in cents, right-aligned with tabular numerals; negatives in accounting parentheses. */
export function Money({ cents, strong = false }: { cents: number; strong?: boolean }) {
  const className = ['money', cents < 0 ? 'money-negative' : '', strong ? 'money-strong' : '']
    .filter(Boolean)
    .join(' ');
  return <span className={className}>{formatMoney(cents)}</span>;
}

/** A signed difference: "+$1.00" / "($1.00)", zero shown as a calm "$0.00". */
export function Difference({ cents }: { cents: number }) {
  if (cents === 0) return <span className="money money-zero">{formatMoney(0)}</span>;
  return (
    <span className={cents < 0 ? 'money money-negative' : 'money money-positive'}>
      {cents > 0 ? '+' : ''}
      {formatMoney(cents)}
    </span>
  );
}
