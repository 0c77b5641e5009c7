/**
 * SQLite's bulk statements (bulkStatements.ts): the one-row statement, prepared once per connection
 * and run once per row by the unit's runner (unitOfWork.ts), with positional parameters (binding by
 * name costs a lookup per column per row on the sync's hot path).
 */
import type { CompiledQuery, RawBuilder, SqlBool } from 'kysely';
import { sql, CompiledQuery as Compiled } from 'kysely';
import type { Compilable } from '../../work/unit';
import type { BulkRows, BulkStatement } from '../bulkStatements';

/**
 * The rows a compiled bulk statement runs once each, carried by the query itself. Not in a WeakMap
 * keyed by the query, as they were: V8's young collections keep a WeakMap's values alive whatever
 * becomes of their keys (only a full collection clears the entries), so every row the sync bound
 * outlived the young collection after its write. In a full sync of 1M transactions the writer's
 * young collections copied 1.77 GB instead of 2.24 and spent 2.1 s on helper threads instead of 2.9
 * (--trace-gc-nvp, one run each).
 */
const EACH_ROW = Symbol('rows run once each');

type BulkQuery<R> = CompiledQuery<R> & { readonly [EACH_ROW]: BulkRows };

export function rowsOfEach(query: CompiledQuery): BulkRows | undefined {
  return (query as Partial<BulkQuery<unknown>>)[EACH_ROW];
}

const texts = new WeakMap<BulkStatement, string>();

function oneRowText(statement: BulkStatement): string {
  let text = texts.get(statement);
  if (text) return text;
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  if (statement.kind === 'insert') {
    const names = statement.columns.map((column) => column.name).join(', ');
    text = `INSERT INTO ${statement.table} (${names}) VALUES (${marks(statement.columns.length)}) ${statement.tail ?? ''}`;
  } else if (statement.kind === 'update') {
    // The key is bound last (sqliteBulk moves it there: better-sqlite3 binds no numbered parameters).
    const set = statement.columns
      .map(({ name }) => (statement.keepWhenNull?.has(name) ? `${name} = COALESCE(?, ${name})` : `${name} = ?`))
      .join(', ');
    text = `UPDATE ${statement.table} SET ${set} WHERE ${statement.key.name} = ?`;
  } else {
    text = `DELETE FROM ${statement.table} WHERE ${statement.key.name} = ?`;
  }
  texts.set(statement, text);
  return text;
}

export function sqliteBulk<R>(statement: BulkStatement, rows: BulkRows): Compilable<R> {
  return {
    compile: (): BulkQuery<R> => ({
      // kysely freezes its compiled queries: the rows go on a copy.
      ...(Compiled.raw(oneRowText(statement), []) as CompiledQuery<R>),
      [EACH_ROW]: statement.kind === 'update' ? rows.map(([key, ...values]) => [...values, key]) : rows,
    }),
  };
}

/** The values as one JSON parameter, read back by json_each: one statement text whatever their number. */
export function sqliteInList(column: string, values: readonly (string | number)[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
