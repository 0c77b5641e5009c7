import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { mockingModules, readingTheDialectSwitch, testFilesUnder } from './test/helpers/testSelection.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The node projects' tests: everything but the renderer's (happy-dom) and the browser's (test/e2e). */
const NODE_INCLUDE = ['test/**/*.test.ts'];
const NON_NODE = ['test/renderer/**', 'test/e2e/**', 'test/fixtures/**'];
const NODE_TESTS = testFilesUnder(ROOT, ['test']).filter((file) => !/^test\/(renderer|e2e|fixtures)\//.test(file));
/** Run in projects of their own that load modules afresh for every file (test/helpers/testSelection.ts). */
const MOCKING = new Set(mockingModules(ROOT, NODE_TESTS));

const POSTGRES_FOLDERS = [
  'test/engine/handlers',
  'test/engine/reconcile',
  'test/engine/export',
  'test/engine/sync',
  'test/engine/bank',
  'test/engine/act',
  'test/engine/close',
  'test/transports',
  'test/web',
  'test/cli',
];
/** Not run again by node-postgres: SQLite's own behaviour, or tests that already run on both dialects. */
const NOT_AGAIN_ON_POSTGRES = new Set([
  // Each runs its servers on a SQLite file and on a PostgreSQL database itself.
  'test/web/teamRace.test.ts',
  'test/web/teamExportRace.test.ts',
  // PostgreSQL's own: moving a file to a server, and the CLI on a server database.
  'test/cli/migrateTo.test.ts',
  'test/cli/postgres.test.ts',
  // The CLI's own entry through tsx, on no database at all.
  'test/cli/bin.test.ts',
  // Help and the printer's own escaping, on no database at all.
  'test/cli/help.test.ts',
]);
/**
 * What node-postgres runs again: of those folders' files, the ones RECON_TEST_DIALECT changes (the
 * others would repeat exactly what the node project ran: test/helpers/testSelection.ts).
 */
const ON_POSTGRES = readingTheDialectSwitch(ROOT, testFilesUnder(ROOT, POSTGRES_FOLDERS)).filter(
  (file) => !NOT_AGAIN_ON_POSTGRES.has(file),
);

/**
 * A node project split in two: the files that share the modules a worker has loaded (isolate:
 * false; importing the engine afresh for every file was most of the suite's collection time), and
 * those that mock modules, isolated (`${name}-isolated`). The node project includes by glob, so watch mode
 * finds a new file.
 */
function nodeProjects(
  name: string,
  { include, files }: { include: string[]; files: string[] },
  test: TestProjectInlineConfiguration['test'],
) {
  const isolated = files.filter((file) => MOCKING.has(file));
  const exclude = [...NON_NODE, ...isolated];
  const setupFiles = ['test/helpers/afterEachFile.ts', 'test/helpers/bundledWorkers.ts'];
  return [
    { test: { ...test, name, environment: 'node', include, exclude, setupFiles, isolate: false } },
    ...(isolated.length
      ? [{ test: { ...test, name: `${name}-isolated`, environment: 'node', include: isolated, setupFiles } }]
      : []),
  ];
}

export default defineConfig({
  test: {
    // A worker per core (vitest's default keeps one for itself: a single worker on CI's two cores),
    // since most of a test file's time is spent waiting on its child processes, PostgreSQL or the sandbox.
    maxWorkers: availableParallelism(),
    projects: [
      ...nodeProjects(
        'node',
        { include: NODE_INCLUDE, files: NODE_TESTS },
        {
          // Starts no server by itself: the first test asking for PostgreSQL does (once per run, for both node projects).
          // cliBundle: the CLI built once, for the tests' child processes to run with plain node.
          globalSetup: ['test/helpers/postgresCluster.ts', 'test/helpers/cliBundle.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      ),
      // RECON_SKIP_POSTGRES=1: a machine deliberately without PostgreSQL runs the suites once.
      ...(process.env.RECON_SKIP_POSTGRES === '1'
        ? []
        : // The engine's suites again, every test engine on PostgreSQL (test/helpers/engine.ts): the
          // same contract, reconcile, export, sync and bank behaviour on the district server's dialect.
          // Left out: what is SQLite's own (its file, damage, backups), what runs on both already, and
          // what never reaches a test engine's database.
          nodeProjects(
            'node-postgres',
            { include: ON_POSTGRES, files: ON_POSTGRES },
            {
              env: { RECON_TEST_DIALECT: 'postgres' },
              globalSetup: ['test/helpers/postgresCluster.ts', 'test/helpers/cliBundle.ts'],
              testTimeout: 60_000,
              hookTimeout: 120_000,
            },
          )),
      // Time and money under two more zones (the run's own TZ is a third: CI sets one far from Central).
      ...['UTC', 'America/Chicago'].map((zone) => ({
        test: {
          name: `shared-${zone}`,
          environment: 'node',
          include: ['test/shared/**/*.test.ts'],
          env: { TZ: zone },
          isolate: false,
        },
      })),
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/renderer/setup.ts'],
          // A worker's files share React, the app's modules and one happy-dom: a fresh environment and
          // imports per file were most of the project's time (228 -> 31 s wall, 109 -> 29 CPU-s under
          // the same load). The app's state is module-level stores; setup.ts resets every one (and the
          // bridge, the DOM, the hash) after each test, and the files pass in any order (shuffled).
          isolate: false,
        },
      },
    ],
  },
});
