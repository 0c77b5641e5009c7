/**
 * Which test files run in which vitest project, decided from what their test modules say (the file
 * itself and what it imports from test/, type-only imports aside), so a new test lands in the right
 * project without a list to keep up to date. Read by vitest.config.ts.
 *
 * - The dialect switch: node-postgres runs a file again with RECON_TEST_DIALECT=postgres, read in
 *   one place (ENGINE_DIALECT in ./postgres.ts) and reaching a test only through a module that names
 *   it (createTestEngine, the CLI runner, the sync harness, a test of its own). A file none of whose
 *   modules names it runs exactly the same on both passes: run again, it would only repeat itself.
 * - Module mocks: the node projects share the modules a worker has loaded between files (vitest's
 *   `isolate: false`, which spares re-importing the engine for every file). A file that replaces a
 *   module with vi.mock needs modules loaded afresh around it, so it runs in an isolated project.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const DIALECT_SWITCH = /\b(ENGINE_DIALECT|RECON_TEST_DIALECT)\b/;
/** Where the switch is defined: importing something else from it (describePostgres) does not read it. */
const SWITCH_DEFINITION = 'test/helpers/postgres.ts';
const MODULE_MOCK = /\bvi\.(mock|doMock)\(/;
const RELATIVE_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)[^'";]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;

/** The `*.test.ts` files under `folders` (relative to `root`), as root-relative paths with `/`. */
export function testFilesUnder(root: string, folders: string[]): string[] {
  return folders
    .flatMap((folder) =>
      readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.test.ts'))
        .map((name) => toPosix(join(folder, name))),
    )
    .sort();
}

/** Of `files`, those whose behaviour RECON_TEST_DIALECT changes. */
export function readingTheDialectSwitch(root: string, files: string[]): string[] {
  return selectByModules(root, files, (path, source) => path !== SWITCH_DEFINITION && DIALECT_SWITCH.test(source));
}

/** Of `files`, those that replace a module with vi.mock (directly or through a helper of theirs). */
export function mockingModules(root: string, files: string[]): string[] {
  return selectByModules(root, files, (_path, source) => MODULE_MOCK.test(source));
}

/** The files one of whose test modules (root-relative path, source) `says` is true of. */
function selectByModules(root: string, files: string[], says: (path: string, source: string) => boolean): string[] {
  const testRoot = resolve(root, 'test') + sep;
  const modules = new Map<string, { saysIt: boolean; imports: string[] }>();
  const moduleAt = (file: string) => {
    let known = modules.get(file);
    if (!known) {
      const source = readFileSync(file, 'utf8');
      known = {
        saysIt: says(toPosix(relative(root, file)), source),
        imports: importsOf(file, source).filter((imported) => imported.startsWith(testRoot)),
      };
      modules.set(file, known);
    }
    return known;
  };
  const reaches = (testFile: string): boolean => {
    const seen = new Set([testFile]);
    const pending = [testFile];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      const module = moduleAt(file);
      if (module.saysIt) return true;
      for (const imported of module.imports) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        pending.push(imported);
      }
    }
    return false;
  };
  return files.filter((file) => reaches(resolve(root, file)));
}

function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(RELATIVE_IMPORT)) {
    const path = resolve(dirname(file), match[1] ?? match[2]!);
    const resolved = [`${path}.ts`, `${path}.tsx`, path, join(path, 'index.ts')].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
    );
    if (resolved) found.push(resolved);
  }
  return found;
}

const toPosix = (path: string) => path.split(sep).join('/');
