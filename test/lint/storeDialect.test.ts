/**
 * DESIGN.md §2 and issue 27: the store's repositories never ask which database they are on. What the
 * two databases do differently lives in electron/engine/store/dialect/ (one Dialect object each,
 * carried by the handles); everywhere else in the store (migrations excepted: they are frozen in
 * time), no file reaches for a raw SQLite connection (`x.sqlite`, `{ sqlite } = x`), imports a
 * database driver, or imports one dialect's insides instead of calling the handle's Dialect.
 * The store's worker threads (store/workers/) are a SQLite file's own and may import its driver.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const STORE = join(ROOT, 'electron/engine/store');
const EXEMPT = ['dialect/', 'migrations/'];
const DRIVERS = new Set(['better-sqlite3', 'pg']);
const DIALECT_INSIDES = /(^|\/)dialect\/(sqlite|postgres)(\/|$)/;

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** What in one store file asks which database it is on, one line each (`line: what`). */
export function dialectQuestions(path: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node, what: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const inWorkers = path.includes('workers/');
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'sqlite')
      at(node, `reads the raw SQLite connection (${node.getText()}): call the handle's dialect`);
    if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText() === 'sqlite')
      at(node, "takes the raw SQLite connection out of a handle: call the handle's dialect");
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (DRIVERS.has(from) && !inWorkers) at(node, `imports the database driver '${from}'`);
      if (DIALECT_INSIDES.test(from)) at(node, `imports a dialect's insides ('${from}'): call the handle's dialect`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no dialect question outside store/dialect/', () => {
  it('no store file outside dialect/ and migrations/ asks which database it is on', () => {
    const questions = sourcesUnder(STORE)
      .map((file) => relative(STORE, file))
      .filter((file) => !EXEMPT.some((folder) => file.startsWith(folder)))
      .flatMap((file) => dialectQuestions(file, readFileSync(join(STORE, file), 'utf8')).map((q) => `${file}:${q}`));
    expect(questions).toEqual([]);
  });

  it('the fence sees each way of asking (the branches the store had before its dialects)', () => {
    const old = `
      import type BetterSqlite3 from 'better-sqlite3';
      import { statement } from '../dialect/sqlite/statements';
      export function write(target, rows) {
        if (target.sqlite) return statement(target.sqlite, 'INSERT');
        const { sqlite } = target;
        return sqlite ? 1 : 2;
      }`;
    expect(dialectQuestions('glBatches/glBatchDay.ts', old)).toEqual([
      "2: imports the database driver 'better-sqlite3'",
      "3: imports a dialect's insides ('../dialect/sqlite/statements'): call the handle's dialect",
      "5: reads the raw SQLite connection (target.sqlite): call the handle's dialect",
      "5: reads the raw SQLite connection (target.sqlite): call the handle's dialect",
      "6: takes the raw SQLite connection out of a handle: call the handle's dialect",
    ]);
    expect(dialectQuestions('workers/checkpointer.ts', `import type BetterSqlite3 from 'better-sqlite3';`)).toEqual([]);
  });
});
