/**
 * Column definitions for DataTable and StaticTable, built by kind (money, date, count, ...) so each
 * kind looks and aligns the same in every list. `columnsOf<Row>()` gives the helpers for one row type.
 */
import { createColumnHelper, type ColumnMeta } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { TransactionStatus } from '../../../shared/domain';
import { formatCount } from '../format';
import { BusinessDate, Instant } from './Dates';
import { Difference, Money } from './Money';
import type { TableColumn } from './DataTable';

const blank = <span className="muted">—</span>;

export function StatusText({ status, large = false }: { status: TransactionStatus; large?: boolean }) {
  return <span className={`status${large ? ' status-large' : ''} status-${status.toLowerCase()}`}>{status}</span>;
}

export function columnsOf<T>() {
  const helper = createColumnHelper<T>();
  const column = (id: string, header: ReactNode, render: (row: T) => ReactNode, meta: ColumnMeta<T, unknown>) =>
    helper.display({ id, header: () => header, cell: ({ row }) => render(row.original), meta }) as TableColumn<T>;
  const right = (width?: string): ColumnMeta<T, unknown> => ({ align: 'right', width });
  return {
    /** Any content: a badge, a link, a button. */
    cell: (id: string, header: ReactNode, render: (row: T) => ReactNode, width?: string) =>
      column(id, header, render, { width }),
    /** Any content that is a number, right-aligned so digits line up. */
    numeric: (id: string, header: ReactNode, render: (row: T) => ReactNode, width?: string) =>
      column(id, header, render, right(width)),
    /** Words; nothing known shows a quiet dash. */
    text: (id: string, header: string, value: (row: T) => ReactNode, width?: string) =>
      column(id, header, (row) => value(row) ?? blank, { width }),
    /**
     * Words that may be long (a school's name): up to two lines rather than cut with room to spare, the
     * whole of them in the tooltip, and in the page for screen readers however they are shown.
     */
    wrapped: (id: string, header: string, value: (row: T) => string | null, width?: string) =>
      column(
        id,
        header,
        (row) => {
          const words = value(row);
          return words === null ? (
            blank
          ) : (
            <span className="cell-wrap" title={words}>
              {words}
            </span>
          );
        },
        { width },
      ),
    /** Identifiers and account numbers, in a fixed-width face. */
    code: (id: string, header: string, value: (row: T) => string | number | null, width?: string) =>
      column(id, header, (row) => <span className="mono">{value(row) ?? '—'}</span>, { width }),
    date: (id: string, header: string, value: (row: T) => string, width?: string) =>
      column(id, header, (row) => <BusinessDate date={value(row)} />, { width }),
    instant: (id: string, header: string, value: (row: T) => string | null, width?: string) =>
      column(id, header, (row) => <Instant iso={value(row)} />, { width }),
    status: (id: string, header: string, value: (row: T) => TransactionStatus, width?: string) =>
      column(id, header, (row) => <StatusText status={value(row)} />, { width }),
    /** Cents; null (not applicable) shows a quiet dash. */
    money: (id: string, header: string, value: (row: T) => number | null, width?: string) =>
      column(id, header, (row) => moneyOrBlank(value(row)), right(width)),
    difference: (id: string, header: string, value: (row: T) => number | null, width?: string) =>
      column(id, header, (row) => differenceOrBlank(value(row)), right(width)),
    count: (id: string, header: string, value: (row: T) => number, width?: string) =>
      column(id, header, (row) => <span className="num-text">{formatCount(value(row))}</span>, right(width)),
  };
}

function moneyOrBlank(cents: number | null) {
  return cents === null ? blank : <Money cents={cents} />;
}

function differenceOrBlank(cents: number | null) {
  return cents === null ? blank : <Difference cents={cents} />;
}

/** A column with a total (or a label) under it, for StaticTable's footer row. */
export function withFooter<T>(column: TableColumn<T>, footer: ReactNode): TableColumn<T> {
  return { ...column, footer: () => footer };
}

/** The columns named, in that order. */
export function pick<T>(columns: TableColumn<T>[], ids: string[]): TableColumn<T>[] {
  return ids.map((id) => {
    const found = columns.find((column) => column.id === id);
    if (!found) throw new Error(`No column ${id}`);
    return found;
  });
}
