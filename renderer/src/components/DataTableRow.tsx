/**
 * One body row of DataTable, memoised: while a list scrolls, a row already on screen gets the same
 * props and is not rendered again, so each frame costs only the rows that scrolled in. Its cells
 * (TanStack's cell model and whatever they format: money, dates) are built once per row shown.
 * Events are handled by the table body (delegated), so a row holds no handlers of its own.
 */
import { createRow, flexRender, type ColumnDef, type Table } from '@tanstack/react-table';
import { memo, useMemo } from 'react';

interface RowProps<T> {
  table: Table<T>;
  /** Only to re-build the cells when the columns change (the table instance stays the same). */
  columns: ColumnDef<T, unknown>[];
  row: T;
  rowId: string;
  index: number;
  /** Offset inside the rows' layer. */
  top: number;
  height: number;
  template: string;
  active: boolean;
  selected: boolean;
  /** The one row Tab reaches. */
  tabbable: boolean;
}

function DataRow<T>({
  table,
  columns,
  row,
  rowId,
  index,
  top,
  height,
  template,
  active,
  selected,
  tabbable,
}: RowProps<T>) {
  const cells = useMemo(
    () => createRow(table, rowId, row, index, 0).getVisibleCells(),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- columns are read through the table; they are here to invalidate
    [table, columns, rowId, row, index],
  );
  return (
    <div
      data-index={index}
      role="row"
      aria-rowindex={index + 2}
      tabIndex={tabbable ? 0 : -1}
      aria-selected={selected || active}
      className={`data-table-row data-table-item${active ? ' is-active' : ''}${selected ? ' is-selected' : ''}`}
      style={{ gridTemplateColumns: template, height, transform: `translateY(${top}px)` }}
    >
      {cells.map((cell) => (
        <div
          key={cell.column.id}
          role="gridcell"
          className={cell.column.columnDef.meta?.align === 'right' ? 'cell cell-right' : 'cell'}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </div>
      ))}
    </div>
  );
}

/** `memo` loses the type parameter; this keeps DataRow's. */
export const MemoDataRow = memo(DataRow) as typeof DataRow;

function PlaceholderRow({
  index,
  top,
  height,
  template,
}: {
  index: number;
  top: number;
  height: number;
  template: string;
}) {
  return (
    <div
      data-index={index}
      role="row"
      aria-rowindex={index + 2}
      className="data-table-row data-table-placeholder"
      style={{ gridTemplateColumns: template, height, transform: `translateY(${top}px)` }}
    >
      <div role="gridcell" className="cell muted">
        Loading…
      </div>
    </div>
  );
}

export const MemoPlaceholderRow = memo(PlaceholderRow);
