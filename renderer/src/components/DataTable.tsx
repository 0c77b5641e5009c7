/**
 * A virtualised, keyboard-driven table: TanStack Table for columns and cells, TanStack Virtual so only
 * the rows on screen are in the DOM (and in the table model). `rowCount` may exceed the loaded rows
 * (paging): rows not loaded render as placeholders and `onVisibleRange` asks the view's store for them.
 * A list too long to hold gives `rowAt` (a sparse lookup) instead of `rows`.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShortcuts } from '../hooks/useShortcuts';

declare module '@tanstack/react-table' {
  // Merging into TanStack's interface requires its exact type parameters, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Numbers and money are right-aligned so their digits line up. */
    align?: 'right';
    /** A CSS grid track, e.g. '120px' or 'minmax(160px, 2fr)'. */
    width?: string;
  }
}

export type TableColumn<T> = ColumnDef<T, unknown>;

interface DataTableProps<T> {
  label: string;
  columns: TableColumn<T>[];
  rows?: T[];
  /** The row at an index, if loaded: for lists held sparsely (then `rows` is not needed). */
  rowAt?(index: number): T | undefined;
  /** Total rows for the scroll height, when more exist than are loaded. */
  rowCount?: number;
  getRowId(row: T): string;
  onOpen?(row: T): void;
  /** The rows on screen (without the virtualiser's overscan) changed. */
  onVisibleRange?(firstIndex: number, lastIndex: number): void;
  /** j/k/Enter drive this table (one per page). */
  keyboard?: boolean;
  rowHeight?: number;
  /** Height of the scroll area. */
  height?: string;
  selectedId?: string | null;
}

export function DataTable<T>({
  label,
  columns,
  rows = [],
  rowAt,
  rowCount,
  getRowId,
  onOpen,
  onVisibleRange,
  keyboard = false,
  rowHeight = 34,
  height = 'calc(100vh - 260px)',
  selectedId = null,
}: DataTableProps<T>) {
  const total = Math.max(rowCount ?? rows.length, rows.length);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  const [focusPending, setFocusPending] = useState(false);

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = virtualizer.range?.startIndex ?? items[0]?.index ?? 0;
  const last = virtualizer.range?.endIndex ?? items[items.length - 1]?.index ?? -1;

  const at = (index: number): T | undefined => (rowAt ? rowAt(index) : rows[index]);
  // The table model holds only the rendered rows: a million-row list costs what a screenful does.
  const onScreen = items.flatMap((item) => {
    const row = at(item.index);
    return row === undefined ? [] : [{ index: item.index, row }];
  });
  const onScreenKey = onScreen.map((entry) => `${entry.index}:${getRowId(entry.row)}`).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- onScreenKey names exactly the rows held
  const data = useMemo(() => onScreen.map((entry) => entry.row), [onScreenKey, rows, rowAt]);
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => getRowId(row) });
  const tableRowAt = new Map(table.getRowModel().rows.map((row, position) => [onScreen[position]!.index, row]));

  useEffect(() => {
    if (last >= 0) onVisibleRange?.(first, last);
  }, [first, last, onVisibleRange]);

  const template = columns.map((c) => c.meta?.width ?? 'minmax(100px, 1fr)').join(' ');

  function move(delta: number) {
    if (total === 0) return;
    const next = Math.min(total - 1, Math.max(0, (active < 0 ? -1 : active) + delta));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    setFocusPending(true);
  }

  useEffect(() => {
    if (!focusPending) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    if (element) {
      element.focus({ preventScroll: true });
      setFocusPending(false);
    }
    // Re-tried when the virtualiser has rendered the row it scrolled to.
  }, [focusPending, active, first, last]);

  const openAt = (index: number) => {
    const row = at(index);
    if (row !== undefined && onOpen) onOpen(row);
  };

  useShortcuts(
    {
      j: () => move(1),
      k: () => move(-1),
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Enter: () => active >= 0 && openAt(active),
    },
    keyboard,
  );

  return (
    <div className="data-table" role="grid" aria-label={label} aria-rowcount={total + 1}>
      <div className="data-table-head" role="rowgroup">
        {table.getHeaderGroups().map((group) => (
          <div key={group.id} role="row" aria-rowindex={1} className="data-table-row" style={{ gridTemplateColumns: template }}>
            {group.headers.map((header) => (
              <div
                key={header.id}
                role="columnheader"
                className={header.column.columnDef.meta?.align === 'right' ? 'cell cell-right' : 'cell'}
              >
                {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
              </div>
            ))}
          </div>
        ))}
      </div>
      <div ref={scrollRef} className="data-table-body" role="rowgroup" data-virtual-scroll style={{ height }}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = tableRowAt.get(item.index);
            const isActive = item.index === active;
            const common = {
              'data-index': item.index,
              role: 'row',
              'aria-rowindex': item.index + 2,
              style: { gridTemplateColumns: template, height: item.size, transform: `translateY(${item.start}px)` },
            } as const;
            if (!row) {
              return (
                <div key={`placeholder-${item.index}`} {...common} className="data-table-row data-table-placeholder">
                  <div role="gridcell" className="cell muted">
                    Loading…
                  </div>
                </div>
              );
            }
            const selected = selectedId !== null && row.id === selectedId;
            return (
              <div
                key={row.id}
                {...common}
                tabIndex={isActive || (active < 0 && item.index === 0) ? 0 : -1}
                aria-selected={selected || isActive}
                className={['data-table-row', 'data-table-item', isActive ? 'is-active' : '', selected ? 'is-selected' : ''].join(' ')}
                onClick={() => {
                  setActive(item.index);
                  openAt(item.index);
                }}
                onFocus={() => setActive(item.index)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    openAt(item.index);
                  }
                }}
              >
                {row.getVisibleCells().map((cell) => (
                  <div
                    key={cell.id}
                    role="gridcell"
                    className={cell.column.columnDef.meta?.align === 'right' ? 'cell cell-right' : 'cell'}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
