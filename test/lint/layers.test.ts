/**
 * The layer fences of DESIGN.md §2: each forbidden import is linted as if it were written in a real
 * file of that layer, and must be reported; each allowed one must not.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function problemsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

// Imports whose binding is used, so that the fence is the only thing reported.
const OPENS_SQLITE = "import Database from 'better-sqlite3'; export const a = Database;";
const TAKES_INTERNALS =
  "import { createEngineWithInternals } from '../engine/engine'; export const a = createEngineWithInternals;";

/** Imports a layer must not make, by the rule that reports them. */
const forbidden: Record<string, Array<[layer: string, file: string, code: string]>> = {
  'import-x/no-restricted-paths': [
    ['a host opens the store itself', 'electron/cli/commands/x.ts', "import '../../engine/store';"],
    ['a host reaches into the sync', 'electron/main/x.ts', "import '../engine/sync/service';"],
    ['the store takes wire objects', 'electron/engine/store/x.ts', "import '../api/wire';"],
    ['the differ imports the store', 'electron/engine/differ/x.ts', "import '../store';"],
    ['shared imports the engine', 'shared/x.ts', "import '../electron/engine/events';"],
    ['shared imports the renderer', 'shared/x.ts', "import '../renderer/src/routes';"],
    ['renderer imports the engine', 'renderer/src/x.ts', "import '../../electron/engine/events';"],
    ['engine imports the main process', 'electron/engine/x.ts', "import '../main/ipc';"],
    ['engine imports a host', 'electron/engine/x.ts', "import '../cli/args';"],
    ['sandbox imports the engine', 'electron/sandbox/x.ts', "import '../engine/events';"],
    ['preload imports the engine', 'electron/preload/x.ts', "import '../engine/events';"],
    ['main imports the web host', 'electron/main/x.ts', "import '../web/server';"],
    ['the engine constructs itself elsewhere', 'electron/engine/sync/x.ts', "import '../engine';"],
    ['the sync runs the tie-out checks', 'electron/engine/sync/x.ts', "import '../reconcile';"],
    ['the sync matches bank lines', 'electron/engine/sync/x.ts', "import '../bank/rematch';"],
    ['the sync runs what follows it', 'electron/engine/sync/x.ts', "import '../afterSync';"],
    ['act/ takes the whole engine context', 'electron/engine/act/x.ts', "import '../context';"],
    ['a cached read takes the whole engine context', 'electron/engine/cachedReads.ts', "import './context';"],
  ],
  'no-restricted-imports': [
    ['SQL outside the store', 'electron/engine/reconcile/x.ts', "import { sql } from 'kysely'; export const a = sql;"],
    ['raw SQLite outside the store', 'electron/engine/sync/x.ts', OPENS_SQLITE],
    ['PostgreSQL outside the store', 'electron/web/x.ts', "import pg from 'pg'; export const a = pg;"],
    ['a pg add-on outside the store', 'electron/engine/sync/x.ts', "import 'pg-copy-streams';"],
    ['a kysely dialect outside the store', 'electron/cli/x.ts', "import 'kysely/helpers/postgres';"],
    ['SQL in the renderer', 'renderer/src/x.ts', "import 'pg';"],
    ['a host takes the internals', 'electron/web/x.ts', TAKES_INTERNALS],
    ['shared uses a Node API', 'shared/x.ts', "import 'node:fs';"],
    ['renderer uses a Node API', 'renderer/src/x.ts', "import 'node:path';"],
    ['renderer imports electron', 'renderer/src/x.ts', "import 'electron';"],
    ['engine imports electron', 'electron/engine/x.ts', "import { app } from 'electron'; export const a = app;"],
  ],
  'no-restricted-syntax': [
    ['the CLI writes to stdout unescaped', 'electron/cli/commands/x.ts', "process.stdout.write('x');"],
    ['the CLI hands stderr on unescaped', 'electron/cli/x.ts', 'export const err = process.stderr;'],
  ],
  'no-console': [['the CLI logs unescaped', 'electron/cli/commands/x.ts', "console.log('x');"]],
  // Linted as if written in sync/plan.ts, which sync/runner.ts imports: a two-file circle.
  'import-x/no-cycle': [
    [
      'two engine files import each other',
      'electron/engine/sync/plan.ts',
      "import { runSync } from './runner'; export const a = runSync;",
    ],
  ],
};

const allowed: Array<[layer: string, file: string, code: string]> = [
  ['renderer imports shared', 'renderer/src/x.ts', "import '../../shared/money';"],
  ['engine imports shared', 'electron/engine/x.ts', "import '../../shared/money';"],
  ['main constructs the engine', 'electron/main/x.ts', "import '../engine/engine';"],
  ['cli starts the web host', 'electron/cli/x.ts', "import '../web/server';"],
  [
    'cli prints through its printer',
    'electron/cli/commands/x.ts',
    "import { stdout } from '../output'; stdout.write('x');",
  ],
  ['the store speaks PostgreSQL', 'electron/engine/store/postgres/x.ts', "import pg from 'pg'; export const a = pg;"],
  ['a module of ours named pg-…', 'electron/engine/sync/x.ts', "import './pg-window';"],
  [
    'afterSync calls the checks and the bank',
    'electron/engine/afterSync.ts',
    "import './reconcile'; import './bank/rematch';",
  ],
];

// import-x/no-cycle reads the engine's import graph on the first lint that reaches it: seconds
// on a quiet machine, more on a shared one.
describe('layer fences', { timeout: 120_000 }, () => {
  const cases = Object.entries(forbidden).flatMap(([rule, rows]) => rows.map((row) => [...row, rule] as const));
  it.each(cases)('reports: %s', async (_name, file, code, rule) => {
    const problems = await problemsFor(file, code);
    expect(
      problems.some((p) => p.startsWith(rule)),
      problems.join('\n'),
    ).toBe(true);
  });

  it.each(allowed)('allows: %s', async (_name, file, code) => {
    const problems = (await problemsFor(file, code)).filter((p) => /restricted|no-cycle/.test(p));
    expect(problems).toEqual([]);
  });
});
