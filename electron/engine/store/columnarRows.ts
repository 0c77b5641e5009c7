/**
 * PostgreSQL's bulk upsert for a page of rows: one array parameter per column, turned back into rows
 * by the server's `unnest`. The statement text is fixed whatever the page holds, so it is planned
 * once per connection, and the server reads each value with its type's own input function.
 *
 * Why not one JSON parameter (json_populate_recordset): the server then parses every row as a JSON
 * object and looks each column up by name. On 300,000 transactions that parse alone took 3.6 s of
 * the server's CPU against 1.4 s for the same columns as arrays, in a full sync that is bound by
 * the CPU of the machine the server shares with the engine.
 */
import { CompiledQuery } from 'kysely';
import type { Compilable } from './work';

/** The PostgreSQL type of a column as the arrays carry it: the store keeps integers and text only. */
export type ColumnType = 'bigint' | 'text';

export interface Column {
  name: string;
  type: ColumnType;
}

/**
 * `INSERT INTO table (columns) SELECT … FROM unnest($1::type[], …) … tail`, bound to rows given as
 * arrays of values in the order of `columns`.
 */
export function columnarInsert(
  table: string,
  columns: readonly Column[],
  tail: string,
): (rows: readonly (readonly unknown[])[]) => Compilable<unknown> {
  const names = columns.map((column) => column.name).join(', ');
  const arrays = columns.map((column, i) => `$${i + 1}::${column.type}[]`).join(', ');
  const text = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays}) AS page (${names}) ${tail}`;
  return (rows) => ({
    compile: () => CompiledQuery.raw(text, transpose(rows, columns.length)),
  });
}

function transpose(rows: readonly (readonly unknown[])[], width: number): unknown[][] {
  const arrays: unknown[][] = Array.from({ length: width }, () => new Array<unknown>(rows.length));
  rows.forEach((row, r) => {
    for (let c = 0; c < width; c++) arrays[c]![r] = row[c] ?? null;
  });
  return arrays;
}
