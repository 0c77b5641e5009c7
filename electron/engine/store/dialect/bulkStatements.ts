/**
 * A statement over many rows, declared once by its family's repository and run the way its dialect
 * runs bulk writes best (measured, one technique each): SQLite prepares the one-row statement once per
 * connection and runs it row by row inside the unit's synchronous transaction (no round trips to
 * save, and one fixed text); PostgreSQL, where each statement is a round trip, sends the page as one
 * statement with one array parameter per column (columnarRows.ts).
 */

/** The PostgreSQL type of a column as the arrays carry it: the store keeps integers and text only. */
export type ColumnType = 'bigint' | 'text';

export interface Column {
  name: string;
  type: ColumnType;
}

/** Rows as arrays of values, in the order the statement declares its columns. */
export type BulkRows = readonly (readonly unknown[])[];

/**
 * `INSERT INTO table (columns) … tail`: `tail` is what follows the rows (ON CONFLICT …, RETURNING …),
 * written once in the syntax both databases share (`excluded.column`, `IS DISTINCT FROM`).
 */
export interface BulkInsert {
  readonly kind: 'insert';
  readonly table: string;
  readonly columns: readonly Column[];
  readonly tail?: string;
}

/**
 * `UPDATE table SET column = … WHERE key = …`; rows are the key's value then the columns'. A column
 * in `keepWhenNull` keeps its stored value when the row's is null.
 */
export interface BulkUpdate {
  readonly kind: 'update';
  readonly table: string;
  readonly key: Column;
  readonly columns: readonly Column[];
  readonly keepWhenNull?: ReadonlySet<string>;
}

/** `DELETE FROM table WHERE key = …`; rows are one value each. */
export interface BulkDelete {
  readonly kind: 'delete';
  readonly table: string;
  readonly key: Column;
}

export type BulkStatement = BulkInsert | BulkUpdate | BulkDelete;

/** The columns of a statement, typed: `bigint` for the names given, `text` for every other. */
export function typedColumns(names: readonly string[], bigint: ReadonlySet<string>): Column[] {
  return names.map((name) => ({ name, type: bigint.has(name) ? 'bigint' : 'text' }));
}
