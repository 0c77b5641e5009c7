/**
 * A virtualised, keyboard-driven table: TanStack Table for columns, headers and cells; useRowWindow
 * for the rows on screen (fixed height, so only those are in the DOM, and a list too tall for a
 * browser's scroll area still reaches its last row). `rowCount` may exceed the loaded rows (paging):
 * rows not loaded render as placeholders and `onVisibleRange` asks the view's store for them. A list
 * too long to hold gives `rowAt` (a sparse lookup) instead of `rows`.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useRowWindow } from '../hooks/useRowWindow';
import { useShortcuts } from '../hooks/useShortcuts';
import { MemoDataRow, MemoPlaceholderRow } from './DataTableRow';

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
  /** The rows on screen (without the overscan) changed. */
  onVisibleRange?(firstIndex: number, lastIndex: number): void;
  /** j/k/Enter drive this table (one per page). */
  keyboard?: boolean;
  rowHeight?: number;
  /** Height of the scroll area. */
  height?: string;
  selectedId?: string | null;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

/** Rows rendered past each edge: enough for a key press or a slow wheel; a fast scroll replaces the screen anyway. */
const OVERSCAN = 6;

/** The index of the loaded row an event happened in (placeholders do not count). */
function rowIndexOf(event: SyntheticEvent): number | null {
  const row =
    event.target instanceof Element ? event.target.closest<HTMLElement>('.data-table-item[data-index]') : null;
  return row ? Number(row.dataset.index) : null;
}

export function DataTable<T>({
  label,
  columns,
  rows,
  rowAt,
  rowCount,
  getRowId,
  onOpen,
  onVisibleRange,
  keyboard = false,
  rowHeight = 34,
  height = 'calc(100vh - 260px)',
  selectedId = null,
  empty,
}: DataTableProps<T>) {
  const loaded = rows ?? [];
  const total = Math.max(rowCount ?? loaded.length, loaded.length);
  const [active, setActive] = useState(-1);
  const [focusPending, setFocusPending] = useState(false);
  const view = useRowWindow({ count: total, rowHeight, overscan: OVERSCAN });
  const { first, last, scrollRef } = view;

  // The table holds the columns only: rows are built by each row component from its own data.
  const noRows = useMemo<T[]>(() => [], []);
  const table = useReactTable({ data: noRows, columns, getCoreRowModel: getCoreRowModel() });
  const template = useMemo(() => columns.map((c) => c.meta?.width ?? 'minmax(100px, 1fr)').join(' '), [columns]);

  const at = (index: number): T | undefined => (rowAt ? rowAt(index) : loaded[index]);
  // Handlers read the latest props, so rows need no new closures when a view re-renders.
  const latest = useRef({ at, onOpen });
  useEffect(() => {
    latest.current = { at, onOpen };
  });
  const openAt = (index: number) => {
    const row = latest.current.at(index);
    if (row !== undefined) latest.current.onOpen?.(row);
  };

  useEffect(() => {
    if (last >= 0) onVisibleRange?.(first, last);
  }, [first, last, onVisibleRange]);

  function move(delta: number) {
    if (total === 0) return;
    const next = Math.min(total - 1, Math.max(0, (active < 0 ? -1 : active) + delta));
    setActive(next);
    view.scrollToIndex(next);
    setFocusPending(true);
  }

  // Focus follows the active row: after a key press moved it, and whenever the window shifts, since
  // elements stay in place while rows pass through them (the focused element may now show another row).
  useLayoutEffect(() => {
    const body = scrollRef.current;
    if (!body || active < 0) return;
    const holdsFocus = body.contains(document.activeElement);
    if (!focusPending && !holdsFocus) return;
    const element = body.querySelector<HTMLElement>(`.data-table-item[data-index="${active}"]`);
    if (element) {
      if (document.activeElement !== element) element.focus({ preventScroll: true });
      if (focusPending) setFocusPending(false);
    } else if (holdsFocus) {
      // The active row scrolled away: the list keeps the focus, no other row takes it.
      body.focus({ preventScroll: true });
    }
    // Re-run when the window has rendered the row it scrolled to.
  }, [focusPending, active, view.start, view.end, scrollRef]);

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

  const body = [];
  for (let index = view.start; index <= view.end; index++) {
    const row = at(index);
    // Keyed by position in the window, not by row: while scrolling, each element stays where it is
    // (in the DOM and on screen) and takes the row now at its position, so a frame rewrites text
    // instead of building, moving and tearing down subtrees, and the DOM stays in row order.
    const slot = index - view.start;
    const top = slot * rowHeight;
    if (row === undefined) {
      body.push(
        <MemoPlaceholderRow
          key={`placeholder-${slot}`}
          index={index}
          top={top}
          height={rowHeight}
          template={template}
        />,
      );
      continue;
    }
    const id = getRowId(row);
    body.push(
      <MemoDataRow
        key={slot}
        table={table}
        columns={columns}
        row={row}
        rowId={id}
        index={index}
        top={top}
        height={rowHeight}
        template={template}
        active={index === active}
        selected={selectedId !== null && id === selectedId}
        tabbable={index === active || (active < 0 && index === 0)}
      />,
    );
  }

  if (total === 0 && empty !== undefined) return <>{empty}</>;
  return (
    <div className="data-table" role="grid" aria-label={label} aria-rowcount={total + 1}>
      <div className="data-table-head" role="rowgroup">
        {table.getHeaderGroups().map((group) => (
          <div
            key={group.id}
            role="row"
            aria-rowindex={1}
            className="data-table-row"
            style={{ gridTemplateColumns: template }}
          >
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
      <div
        ref={scrollRef}
        className="data-table-body"
        role="rowgroup"
        data-virtual-scroll
        tabIndex={-1}
        style={{ height }}
        onClick={(event) => {
          const index = rowIndexOf(event);
          if (index === null) return;
          setActive(index);
          openAt(index);
        }}
        onFocus={(event) => {
          const index = rowIndexOf(event);
          if (index !== null) setActive(index);
        }}
        onKeyDown={(event) => {
          const index = rowIndexOf(event);
          if (event.key !== 'Enter' || index === null) return;
          event.preventDefault();
          openAt(index);
        }}
      >
        <div className="data-table-spacer" style={{ height: view.scrollHeight }}>
          <div className="data-table-layer" style={{ transform: `translateY(${view.layerTop}px)` }}>
            {body}
          </div>
        </div>
      </div>
    </div>
  );
}
