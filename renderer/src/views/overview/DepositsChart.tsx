/**
 * Daily deposits as stacked bars, by payment method or by payee. Hand-rolled SVG (no chart library):
 * the picture is described for screen readers and the same figures are one click away as a table.
 */
import { useId, useMemo, useState } from 'react';
import type { DailyDeposit } from '../../../../shared/contract';
import type { Payee } from '../../../../shared/domain';
import { columnsOf } from '../../components/columns';
import { StaticTable } from '../../components/StaticTable';
import { formatMoney, formatShortDate, methodLabel } from '../../format';
import { payeeName } from '../../data/queries';
import './chart.css';

type GroupBy = 'method' | 'payee';

const day = columnsOf<string>();

const COLORS = ['#1f5fbf', '#2e8b57', '#c2571a', '#7b4fb3', '#b8860b', '#5a6577'];
const MAX_SERIES = 5;
const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 64 };

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

interface Series {
  key: string;
  label: string;
  color: string;
}

function buildSeries(
  deposits: DailyDeposit[],
  groupBy: GroupBy,
  payees: Payee[],
): { series: Series[]; keyOf(d: DailyDeposit): string } {
  const rawKey = (d: DailyDeposit) => (groupBy === 'method' ? d.paymentMethod : String(d.payeeId));
  const totals = new Map<string, number>();
  for (const d of deposits) totals.set(rawKey(d), (totals.get(rawKey(d)) ?? 0) + d.totalCents);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
  const kept = new Set(ranked.length > MAX_SERIES + 1 ? ranked.slice(0, MAX_SERIES) : ranked);
  const label = (key: string) => (groupBy === 'method' ? methodLabel(key) : payeeName(payees, Number(key)));
  const series: Series[] = [...kept].map((key, i) => ({ key, label: label(key), color: COLORS[i % COLORS.length]! }));
  if (kept.size < ranked.length)
    series.push({ key: 'other', label: 'Other payees', color: COLORS[COLORS.length - 1]! });
  return { series, keyOf: (d) => (kept.has(rawKey(d)) ? rawKey(d) : 'other') };
}

export function DepositsChart({ deposits, payees }: { deposits: DailyDeposit[]; payees: Payee[] }) {
  const [groupBy, setGroupBy] = useState<GroupBy>('method');
  const titleId = useId();
  const descId = useId();

  const { dates, series, cells, max } = useMemo(() => {
    const { series, keyOf } = buildSeries(deposits, groupBy, payees);
    const dates = [...new Set(deposits.map((d) => d.date))].sort();
    const cells = new Map<string, number>();
    for (const d of deposits) {
      const key = `${d.date}|${keyOf(d)}`;
      cells.set(key, (cells.get(key) ?? 0) + d.totalCents);
    }
    let max = 0;
    for (const date of dates) {
      const dayTotal = series.reduce((sum, s) => sum + Math.max(0, cells.get(`${date}|${s.key}`) ?? 0), 0);
      max = Math.max(max, dayTotal);
    }
    return { dates, series, cells, max };
  }, [deposits, groupBy, payees]);

  if (dates.length === 0) {
    return <p className="muted">No deposits in the chart's period yet.</p>;
  }

  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / dates.length;
  const barW = Math.max(4, Math.min(36, slot * 0.7));
  const scale = (cents: number) => (max === 0 ? 0 : (cents / max) * plotH);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));
  const labelEvery = Math.ceil(dates.length / 10);
  const grand = [...cells.values()].reduce((a, b) => a + b, 0);

  return (
    <figure className="chart">
      <div className="chart-controls" role="radiogroup" aria-label="Group deposits by">
        {(['method', 'payee'] as const).map((option) => (
          <label key={option} className="segmented">
            <input
              type="radio"
              name={`${titleId}-group`}
              checked={groupBy === option}
              onChange={() => setGroupBy(option)}
            />
            <span>{option === 'method' ? 'By payment method' : 'By payee'}</span>
          </label>
        ))}
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="chart-svg" role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>Daily deposits {groupBy === 'method' ? 'by payment method' : 'by payee'}</title>
        <desc id={descId}>
          {dates.length} business days from {formatShortDate(dates[0]!)} to {formatShortDate(dates[dates.length - 1]!)},{' '}
          {formatMoney(grand)} in all.
        </desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={PAD.top + plotH - scale(tick)}
              y2={PAD.top + plotH - scale(tick)}
              className="chart-grid"
            />
            <text x={PAD.left - 6} y={PAD.top + plotH - scale(tick) + 4} className="chart-axis" textAnchor="end">
              {compactMoney.format(tick / 100)}
            </text>
          </g>
        ))}
        {dates.map((date, i) => {
          let y = PAD.top + plotH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={date}>
              {series.map((s) => {
                const cents = Math.max(0, cells.get(`${date}|${s.key}`) ?? 0);
                if (cents === 0) return null;
                const h = scale(cents);
                y -= h;
                return (
                  <rect key={s.key} x={x} y={y} width={barW} height={h} fill={s.color}>
                    <title>{`${formatShortDate(date)} · ${s.label}: ${formatMoney(cents)}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={HEIGHT - 8} className="chart-axis" textAnchor="middle">
                  {formatShortDate(date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="chart-legend" aria-label="Legend">
        {series.map((s) => (
          <li key={s.key}>
            <span className="chart-swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
      <details className="chart-table">
        <summary>Show the figures as a table</summary>
        <StaticTable
          columns={[
            day.text('date', 'Business date (Central)', formatShortDate),
            ...series.map((entry) =>
              day.money(entry.key, entry.label, (date) => cells.get(`${date}|${entry.key}`) ?? 0),
            ),
          ]}
          rows={dates}
          getRowId={(date) => date}
          rowHeader="date"
        />
      </details>
    </figure>
  );
}
