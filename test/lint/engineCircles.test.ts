/**
 * DESIGN.md §2: no import circles inside electron/engine/. The lint's import-x/no-cycle follows only
 * imports that load modules; this follows every import, `import type` and `export ... from`
 * included, because a type-only circle still ties the files together (one cannot be read, moved or
 * split without the others).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ENGINE = join(ROOT, 'electron/engine');

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The engine files a file imports, by any kind of import or re-export. */
function importsOf(file: string, files: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name.replace(/\.(js|ts)$/, '')))
    .flatMap((base) => [`${base}.ts`, join(base, 'index.ts')].filter((candidate) => files.has(candidate)).slice(0, 1));
}

/** The circles of a graph: its strongly connected components of more than one file (Tarjan). */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('import circles inside electron/engine (type-only imports included)', () => {
  it('finds a circle that runs through a type-only import, and none in a one-way chain', () => {
    const circle = new Map([
      ['context.ts', ['settings.ts']],
      ['settings.ts', ['sync/connection.ts']],
      ['sync/connection.ts', ['context.ts']],
    ]);
    expect(circlesOf(circle)).toEqual([['context.ts', 'settings.ts', 'sync/connection.ts']]);
    expect(
      circlesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', []],
        ]),
      ),
    ).toEqual([]);
    const { importedFiles } = ts.preProcessFile(
      `import type { A } from './a';\nexport type { B } from './b';`,
      true,
      true,
    );
    expect(importedFiles.map((f) => f.fileName)).toEqual(['./a', './b']);
  });

  it('has none', () => {
    const files = new Set(sourcesUnder(ENGINE));
    const graph = new Map([...files].map((file) => [file, importsOf(file, files)] as const));
    expect(graph.size).toBeGreaterThan(200);
    const circles = circlesOf(graph).map((circle) => circle.map((file) => relative(ROOT, file)));
    expect(circles).toEqual([]);
  });
});
