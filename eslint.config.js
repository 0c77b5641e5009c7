// The layers of DESIGN.md §2, enforced here rather than remembered.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

const zone = (target, from, message) => ({ target, from, message });
const OURS = ['./electron', './renderer', './test', './bench', './scripts'];

/** Who may import what. `from` lists what the `target` folder must NOT import. */
const layerZones = [
  ...OURS.map((from) => zone('./shared', from, 'shared/ is pure TypeScript and imports nothing of ours.')),
  ...['./electron', './test', './bench', './scripts'].map((from) =>
    zone('./renderer', from, 'renderer/ may import shared/ only; talk to the engine through bridge.ts.'),
  ),
  ...[
    './electron/main',
    './electron/preload',
    './electron/cli',
    './electron/web',
    './electron/sandbox',
    './renderer',
  ].map((from) => zone('./electron/engine', from, 'electron/engine/ imports shared/ and its own parts only.')),
  ...[
    './electron/engine',
    './electron/main',
    './electron/preload',
    './electron/cli',
    './electron/web',
    './renderer',
  ].map((from) => zone('./electron/sandbox', from, 'electron/sandbox/ imports shared/ only.')),
  ...[
    './electron/engine',
    './electron/main',
    './electron/cli',
    './electron/web',
    './electron/sandbox',
    './renderer',
  ].map((from) => zone('./electron/preload', from, 'electron/preload/ exposes the contract and imports shared/ only.')),
  ...['./electron/cli', './electron/web', './renderer'].map((from) =>
    zone('./electron/main', from, 'electron/main/ is a host: it imports the engine and shared/, not other hosts.'),
  ),
  ...['./electron/main', './electron/cli', './renderer'].map((from) =>
    zone('./electron/web', from, 'electron/web/ is a host: it imports the engine and shared/, not other hosts.'),
  ),
  ...['./electron/main', './renderer'].map((from) =>
    zone('./electron/cli', from, 'electron/cli/ may start the web host and sandbox, never the Electron main process.'),
  ),
  // Inside the engine, zones that follow the data: api (wire) and store do not know each other,
  // the differ is pure, and nothing below reconcile/export/sync/handlers imports them.
  ...[
    './electron/engine/store',
    './electron/engine/reconcile',
    './electron/engine/export',
    './electron/engine/sync',
    './electron/engine/handlers',
  ].map((from) =>
    zone('./electron/engine/api', from, 'api/ speaks the wire format only; it knows nothing of the store or above.'),
  ),
  ...[
    './electron/engine/api',
    './electron/engine/reconcile',
    './electron/engine/export',
    './electron/engine/sync',
    './electron/engine/handlers',
    './electron/engine/bank',
  ].map((from) =>
    zone(
      './electron/engine/store',
      from,
      'store/ takes domain rows (shared/domain), never wire objects or the layers above it.',
    ),
  ),
  ...[
    './electron/engine/api',
    './electron/engine/store',
    './electron/engine/reconcile',
    './electron/engine/export',
    './electron/engine/sync',
    './electron/engine/handlers',
  ].map((from) => zone('./electron/engine/differ', from, 'differ/ is pure: (old, new) -> changes.')),
  // Hosts use the engine's facade: its constructor, and the few host-side helpers beside it.
  ...['./electron/main', './electron/cli', './electron/web'].flatMap((target) =>
    ['api', 'store', 'differ', 'sync', 'reconcile', 'export', 'handlers', 'bank', 'events.ts', 'settings.ts'].map(
      (inside) =>
        zone(
          target,
          `./electron/engine/${inside}`,
          'Hosts use the engine through createEngine() and its facade, never its insides.',
        ),
    ),
  ),
  // Only the three hosts construct an engine.
  ...['./shared', './renderer', './electron/engine', './electron/sandbox', './electron/preload'].map((target) =>
    zone(target, './electron/engine/engine.ts', 'Only main/, cli/ and web/ construct an engine.'),
  ),
];

// A regex, not a glob: 'pg-*' as a glob would also match our own modules named pg-something.
// pg's add-ons (pg-pool, pg-copy-streams, …) and the libraries' subpaths are SQL too.
const sqlOnlyInStore = {
  regex: '^(kysely|better-sqlite3|pg)(/.*)?$|^pg-[^/]+(/.*)?$',
  message: 'SQL lives in electron/engine/store/ only: add a repository function there.',
};

const noNodeOrElectron = {
  paths: [{ name: 'electron', message: 'This layer must not import electron.' }],
  patterns: [
    { group: ['node:*'], message: 'This layer runs without Node APIs.' },
    {
      group: ['fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto'],
      message: 'This layer runs without Node APIs.',
    },
    sqlOnlyInStore,
  ],
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'coverage/**',
      'test/e2e/artifacts/**',
      'test/fixtures/lint/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.node.json', 'tsconfig.web.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-nocheck': true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noNodeOrElectron] },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', noNodeOrElectron],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['electron/engine/**/*.ts', 'electron/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The engine and sandbox never import electron.' }],
          patterns: [sqlOnlyInStore],
        },
      ],
    },
  },
  {
    // The one home of SQL.
    files: ['electron/engine/store/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'The engine and sandbox never import electron.' }] },
      ],
    },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/cli/**/*.ts', 'electron/web/**/*.ts', 'electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sqlOnlyInStore,
            {
              group: ['**/engine/engine'],
              importNames: ['createEngineWithInternals', 'EngineWithInternals'],
              message: 'Hosts see the facade (createEngine); the internals are for tests and benchmarks.',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen in time and typed Kysely<any>; the API edge handles raw JSON.
    files: ['electron/engine/store/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
