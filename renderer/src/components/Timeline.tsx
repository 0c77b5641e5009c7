import type { ReactNode } from 'react';

/** Events oldest first (a transaction's statuses, a batch's sign-offs), each styled by its kind. */
export function Timeline<T extends { id: number }>({
  entries,
  empty,
  kindOf,
  children,
}: {
  entries: T[];
  empty: string;
  kindOf(entry: T): string;
  children(entry: T): ReactNode;
}) {
  if (entries.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ol className="timeline">
      {entries.map((entry) => (
        <li key={entry.id} className={`timeline-item timeline-${kindOf(entry)}`}>
          {children(entry)}
        </li>
      ))}
    </ol>
  );
}
