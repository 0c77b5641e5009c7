import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const POSTGRES_SUITES = [
  'test/engine/handlers/**/*.test.ts',
  'test/engine/reconcile/**/*.test.ts',
  'test/engine/export/**/*.test.ts',
  'test/engine/sync/**/*.test.ts',
  'test/engine/bank/**/*.test.ts',
  'test/engine/act/**/*.test.ts',
  'test/transports/**/*.test.ts',
  'test/web/**/*.test.ts',
  'test/cli/**/*.test.ts',
];
/** Not run again by node-postgres: SQLite's own behaviour, or tests that already run on both dialects. */
const NOT_AGAIN_ON_POSTGRES: string[] = [
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
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**', 'test/fixtures/**'],
          // Starts no server by itself: the first test asking for PostgreSQL does (once per run).
          // cliBundle: the CLI built once, for the tests' child processes to run with plain node.
          globalSetup: ['test/helpers/postgresCluster.ts', 'test/helpers/cliBundle.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // RECON_SKIP_POSTGRES=1: a machine deliberately without PostgreSQL runs the suites once.
      ...(process.env.RECON_SKIP_POSTGRES === '1'
        ? []
        : [
            {
              // The engine's suites again, every test engine on PostgreSQL (test/helpers/engine.ts): the
              // same contract, reconcile, export, sync and bank behaviour on the district server's dialect.
              // Left out: what is SQLite's own (its file, damage, backups, kills mid-write) and what runs on both already.
              test: {
                name: 'node-postgres',
                environment: 'node',
                include: POSTGRES_SUITES,
                exclude: NOT_AGAIN_ON_POSTGRES,
                env: { RECON_TEST_DIALECT: 'postgres' },
                globalSetup: ['test/helpers/postgresCluster.ts', 'test/helpers/cliBundle.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]),
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/renderer/setup.ts'],
        },
      },
    ],
  },
});
