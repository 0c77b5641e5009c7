/**
 * PostgreSQL's bulk upsert for a page of rows: one array parameter per column, turned back into rows
 * by the server's `unnest`. The statement text is fixed whatever the page holds, so it is planned
 * once per connection.
 *
 * Why not one JSON parameter (json_populate_recordset): the server then parses every row as a JSON
 * object and looks each column up by name. On 300,000 transactions that parse alone took 3.6 s of
 * the server's CPU against 1.4 s for the same columns as arrays, in a full sync that is bound by
 * the CPU of the machine the server shares with the engine.
 *
 * The arrays go in PostgreSQL's binary array format (a Buffer parameter, which pg sends as binary):
 * each element is its length and its bytes, so neither side quotes, escapes or scans the text. As
 * text literals (`{"…","…"}`) the engine spent ~8 s of a 300,000-transaction full sync building,
 * measuring and copying page-sized strings (pg's Buffer.byteLength of one page's `raw` literal alone
 * 4.1 s), and the server parsed every quote and backslash back.
 */
import { CompiledQuery } from 'kysely';
import type { Compilable } from '../work/unit';
import type { BulkRows, BulkStatement, Column, ColumnType } from './bulkStatements';
import { parameterBuffer } from './parameterArena';

export type { Column, ColumnType } from './bulkStatements';

/** A bulk statement (bulkStatements.ts) as one columnar statement for all its rows. */
export function columnarStatement<R>(statement: BulkStatement, rows: BulkRows): Compilable<R> {
  return statementOf(statement)(rows) as Compilable<R>;
}

const statements = new WeakMap<BulkStatement, (rows: BulkRows) => Compilable<unknown>>();

function statementOf(statement: BulkStatement): (rows: BulkRows) => Compilable<unknown> {
  let bound = statements.get(statement);
  if (bound) return bound;
  if (statement.kind === 'insert') bound = columnarInsert(statement.table, statement.columns, statement.tail ?? '');
  else if (statement.kind === 'update')
    bound = columnarUpdate(statement.table, statement.key, statement.columns, statement.keepWhenNull);
  else bound = columnarDelete(statement.table, statement.key);
  statements.set(statement, bound);
  return bound;
}

/** `DELETE FROM table WHERE key = ANY($1)`, bound to rows of one value each. */
function columnarDelete(table: string, key: Column): (rows: BulkRows) => Compilable<unknown> {
  const text = `DELETE FROM ${table} WHERE ${key.name} = ANY($1::${key.type}[])`;
  return (rows) => ({ compile: () => CompiledQuery.raw(text, [arrayParameter(rows, 0, key)]) });
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
    compile: () =>
      CompiledQuery.raw(
        text,
        columns.map((column, c) => arrayParameter(rows, c, column)),
      ),
  });
}

/**
 * `UPDATE table SET column = page.column, … FROM unnest(…) AS page WHERE table.key = page.key`, bound
 * to rows given as arrays of the key's value then the columns' values.
 */
export function columnarUpdate(
  table: string,
  key: Column,
  columns: readonly Column[],
  keepWhenNull: ReadonlySet<string> = new Set(),
): (rows: readonly (readonly unknown[])[]) => Compilable<unknown> {
  const all = [key, ...columns];
  const names = all.map((column) => column.name).join(', ');
  const arrays = all.map((column, i) => `$${i + 1}::${column.type}[]`).join(', ');
  const set = columns
    .map(({ name }) =>
      keepWhenNull.has(name) ? `${name} = coalesce(page.${name}, ${table}.${name})` : `${name} = page.${name}`,
    )
    .join(', ');
  const text = `UPDATE ${table} SET ${set} FROM unnest(${arrays}) AS page (${names}) WHERE ${table}.${key.name} = page.${key.name}`;
  return (rows) => ({
    compile: () =>
      CompiledQuery.raw(
        text,
        all.map((column, c) => arrayParameter(rows, c, column)),
      ),
  });
}

/** PostgreSQL's type ids of the array elements (pg_type.oid): int8 and text. */
const ELEMENT_TYPE: Record<ColumnType, number> = { bigint: 20, text: 25 };

/** ndim, has-null flag, element type, then the one dimension's length and lower bound. */
const HEADER_BYTES = 20;
const TWO_TO_32 = 2 ** 32;

/**
 * One column of `rows` in PostgreSQL's binary array format (array_recv): a one-dimensional array of
 * int8 or text, NULL where the value is null or undefined. Text is written as UTF-8, as pg writes a
 * text parameter. A number in a text column is written as its decimal text.
 */
export function arrayParameter(rows: readonly (readonly unknown[])[], index: number, column: Column): Buffer {
  // Sized exactly: a page's buffers are outside V8's heap (from the unit's arena, parameterArena.ts),
  // and sizing them for the worst case (three bytes per UTF-16 unit) tripled what each page took.
  let capacity = HEADER_BYTES;
  for (const row of rows) {
    const value = row[index];
    if (value === null || value === undefined) capacity += 4;
    else if (typeof value === 'string') capacity += 4 + Buffer.byteLength(value, 'utf8');
    else capacity += 4 + (column.type === 'bigint' ? 8 : String(value).length);
  }
  const buffer = parameterBuffer(capacity);
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(ELEMENT_TYPE[column.type], 8);
  buffer.writeInt32BE(rows.length, 12);
  buffer.writeInt32BE(1, 16);
  let hasNull = 0;
  let at = HEADER_BYTES;
  for (let r = 0; r < rows.length; r++) {
    const value = rows[r]![index];
    if (value === null || value === undefined) {
      hasNull = 1;
      at = buffer.writeInt32BE(-1, at);
    } else if (column.type === 'bigint' && typeof value === 'number' && Number.isSafeInteger(value)) {
      // Two's complement in two halves: JavaScript's bit operators stop at 32 bits.
      const high = Math.floor(value / TWO_TO_32);
      at = buffer.writeInt32BE(8, at);
      at = buffer.writeInt32BE(high, at);
      at = buffer.writeUInt32BE(value - high * TWO_TO_32, at);
    } else if (column.type === 'text' && (typeof value === 'string' || Number.isSafeInteger(value))) {
      const written = buffer.write(typeof value === 'string' ? value : String(value), at + 4, 'utf8');
      buffer.writeInt32BE(written, at);
      at += 4 + written;
    } else {
      throw new TypeError(
        `Column ${column.name} (${column.type}) of row ${r} holds ${typeof value} ${String(value)}: the store writes integers and text only.`,
      );
    }
  }
  buffer.writeInt32BE(hasNull, 4);
  // A text cut short for want of room would otherwise reach the server as a shorter value.
  if (at !== capacity) throw new Error(`Column ${column.name}: wrote ${at} bytes of the ${capacity} measured.`);
  return buffer;
}
