import { formatBusinessDate, formatInstant } from '../format';

/** A Central business date ("Mar 8, 2026"), with the zone in its tooltip and machine-readable value. */
export function BusinessDate({ date }: { date: string }) {
  return (
    <time dateTime={date} title="Business date (Central time)">
      {formatBusinessDate(date)}
    </time>
  );
}

/** A moment, shown in Central time with the zone named ("… 1:30 AM CT"). */
export function Instant({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="muted">—</span>;
  return <time dateTime={iso}>{formatInstant(iso)}</time>;
}
