/**
 * DataTable's small static variant: the same column definitions, rendered as a plain <table> for
 * short lists inside a page (checks, lines, totals), where windowing and row keys are not needed.
 */
import { flexRender, getCoreRowModel, useReactTable, type Column } from '@tanstack/react-table';
import type { TableColumn } from './DataTable';

interface StaticTableProps<T> {
  columns: TableColumn<T>[];
  rows: T[];
  getRowId(row: T): string;
  /** Said instead of an empty table. */
  empty?: string;
  caption?: string;
  /** The caption is for screen readers only (the dialog or panel title already says it). */
  captionHidden?: boolean;
  labelledBy?: string;
  className?: string;
  /** The column whose cell names its row (a <th scope="row">). */
  rowHeader?: string;
  rowClassName?(row: T): string | undefined;
  /** Wide tables scroll sideways inside their panel. */
  scroll?: boolean;
}

const alignOf = <T,>(column: Column<T, unknown>) => (column.columnDef.meta?.align === 'right' ? 'num' : undefined);

export function StaticTable<T>({
  columns,
  rows,
  getRowId,
  empty,
  caption,
  captionHidden = false,
  labelledBy,
  className,
  rowHeader,
  rowClassName,
  scroll = false,
}: StaticTableProps<T>) {
  const table = useReactTable({ data: rows, columns, getRowId, getCoreRowModel: getCoreRowModel() });
  if (rows.length === 0 && empty) return <p className="muted">{empty}</p>;
  const headers = table.getFlatHeaders();
  const footed = columns.some((column) => column.footer !== undefined);
  const element = (
    <table className={className ? `simple-table ${className}` : 'simple-table'} aria-labelledby={labelledBy}>
      {caption && <caption className={captionHidden ? 'sr-only' : 'table-caption'}>{caption}</caption>}
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header.id} scope="col" className={alignOf(header.column)}>
              {flexRender(header.column.columnDef.header, header.getContext())}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} className={rowClassName?.(row.original)}>
            {row.getVisibleCells().map((cell) => {
              const Cell = cell.column.id === rowHeader ? 'th' : 'td';
              return (
                <Cell key={cell.id} scope={Cell === 'th' ? 'row' : undefined} className={alignOf(cell.column)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
      {footed && (
        <tfoot>
          <tr>
            {headers.map((header, index) => {
              const Cell = index === 0 ? 'th' : 'td';
              return (
                <Cell key={header.id} scope={index === 0 ? 'row' : undefined} className={alignOf(header.column)}>
                  {flexRender(header.column.columnDef.footer, header.getContext())}
                </Cell>
              );
            })}
          </tr>
        </tfoot>
      )}
    </table>
  );
  return scroll ? <div className="table-scroll">{element}</div> : element;
}
