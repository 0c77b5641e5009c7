/**
 * SQLite's bulk statements (bulkStatements.ts): the one-row statement, prepared once per connection
 * and run once per row by the unit's runner (unitOfWork.ts), with positional parameters (binding by
 * name costs a lookup per column per row on the sync's hot path).
 */
import type { CompiledQuery, RawBuilder, SqlBool } from 'kysely';
import { sql, CompiledQuery as Compiled } from 'kysely';
import type { Compilable } from '../../work/unit';
import type { BulkRows, BulkStatement } from '../bulkStatements';

/** The rows a compiled bulk statement runs once each, kept beside it (a compiled query is a plain object). */
const eachRow = new WeakMap<CompiledQuery, BulkRows>();

export function rowsOfEach(query: CompiledQuery): BulkRows | undefined {
  return eachRow.get(query);
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
    compile: () => {
      const query = Compiled.raw(oneRowText(statement), []) as CompiledQuery<R>;
      eachRow.set(query, statement.kind === 'update' ? rows.map(([key, ...values]) => [...values, key]) : rows);
      return query;
    },
  };
}

/** The values as one JSON parameter, read back by json_each: one statement text whatever their number. */
export function sqliteInList(column: string, values: readonly (string | number)[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
