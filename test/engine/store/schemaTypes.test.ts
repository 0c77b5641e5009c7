/**
 * The schema once (issue 27 item 4): kysely's `Database` in schema.ts, as the TypeScript compiler
 * reads it, against the tables SQLite's migrations build, column by column (names, nullability,
 * integer or text). PostgreSQL's baseline is held to the same SQLite tables by postgres/schema.test.ts,
 * so the three descriptions cannot drift apart unnoticed.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/engine/store/migrations';
import { blankDb, migrateTo } from '../../helpers/migrationDb';

interface ColumnShape {
  type: 'integer' | 'text' | 'blob';
  nullable: boolean;
}
type Tables = Record<string, Record<string, ColumnShape>>;

const SCHEMA = fileURLToPath(new URL('../../../electron/engine/store/schema.ts', import.meta.url));

/** SQLite's full-text tables and their shadow tables: no kysely type reads them (the search uses SQL). */
const SEARCH_TABLES = /^transactions_search/;

/** A column's select type: kysely's ColumnType<S, I, U> carries S as `__select__`. */
function selectType(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): ts.Type {
  const select = type.getProperty('__select__');
  return select ? checker.getTypeOfSymbolAtLocation(select, at) : type;
}

function shapeOf(type: ts.Type, where: string): ColumnShape {
  const parts = type.isUnion() ? type.types : [type];
  const nullable = parts.some((part) => part.flags & ts.TypeFlags.Null);
  const kinds = new Set(
    parts
      .filter((part) => !(part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
      .map((part) => {
        if (part.flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.BigIntLike)) return 'integer';
        if (part.flags & ts.TypeFlags.StringLike) return 'text';
        // Bytes (a packet's PDF): SQLite's BLOB, PostgreSQL's bytea.
        if (/^(Uint8Array|Buffer)$/.test(part.getSymbol()?.getName() ?? '')) return 'blob';
        throw new Error(`${where}: a column of type ${part.flags} is neither integer, text nor bytes.`);
      }),
  );
  if (kinds.size !== 1) throw new Error(`${where}: mixes ${[...kinds].join(' and ')}.`);
  return { type: [...kinds][0] as ColumnShape['type'], nullable };
}

/** `Database` of schema.ts as the compiler sees it: table -> column -> shape. */
function typedTables(): Tables {
  const program = ts.createProgram([SCHEMA], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA)!;
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  );
  if (!database) throw new Error('schema.ts declares no Database interface.');
  const tables: Tables = {};
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    const columns: Record<string, ColumnShape> = {};
    for (const column of checker.getPropertiesOfType(tableType)) {
      const type = selectType(checker, checker.getTypeOfSymbolAtLocation(column, database), database);
      columns[column.name] = shapeOf(type, `${table.name}.${column.name}`);
    }
    tables[table.name] = columns;
  }
  return tables;
}

async function migratedTables(): Promise<Tables> {
  const { sqlite, db } = blankDb();
  try {
    await migrateTo(db, MIGRATIONS.length);
    const names = sqlite
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .pluck()
      .all() as string[];
    const tables: Tables = {};
    for (const name of names.filter((n) => !SEARCH_TABLES.test(n))) {
      const info = sqlite.pragma(`table_info(${name})`) as Array<{
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }>;
      tables[name] = Object.fromEntries(
        info.map((c) => [
          c.name,
          // An INTEGER PRIMARY KEY is the rowid: never null, whatever notnull says.
          {
            type: /INT/i.test(c.type) ? 'integer' : /BLOB/i.test(c.type) ? 'blob' : 'text',
            nullable: c.notnull === 0 && c.pk === 0,
          },
        ]),
      );
    }
    return tables;
  } finally {
    await db.destroy();
  }
}

it('schema.ts types every table and column the migrations build, with its nullability and type', async () => {
  const typed = typedTables();
  const migrated = await migratedTables();
  expect(Object.keys(typed).sort()).toEqual(Object.keys(migrated).sort());
  for (const [table, columns] of Object.entries(migrated)) {
    expect({ table, columns: typed[table] }).toEqual({ table, columns });
  }
}, 120_000);
