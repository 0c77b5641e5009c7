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

const OURS = ['./electron', './renderer', './test', './bench', './scripts'];
const engineParts = (...parts) => parts.map((part) => `./electron/engine/${part}`);

/** Who may import what: a file under `target` must not import anything under `from`. */
const forbid = (target, from, message) => ({ target, from, message });
const layerZones = [
  forbid('./shared', OURS, 'shared/ is pure TypeScript and imports nothing of ours.'),
  forbid(
    './renderer',
    ['./electron', './test', './bench', './scripts'],
    'renderer/ may import shared/ only; talk to the engine through bridge.ts.',
  ),
  forbid(
    './electron/engine',
    ['./electron/main', './electron/preload', './electron/cli', './electron/web', './electron/sandbox', './renderer'],
    'electron/engine/ imports shared/ and its own parts only.',
  ),
  forbid(
    './electron/sandbox',
    ['./electron/engine', './electron/main', './electron/preload', './electron/cli', './electron/web', './renderer'],
    'electron/sandbox/ imports shared/ only.',
  ),
  forbid(
    './electron/preload',
    ['./electron/engine', './electron/main', './electron/cli', './electron/web', './electron/sandbox', './renderer'],
    'electron/preload/ exposes the contract and imports shared/ only.',
  ),
  forbid(
    './electron/main',
    ['./electron/cli', './electron/web', './renderer'],
    'electron/main/ is a host: it imports the engine and shared/, not other hosts.',
  ),
  forbid(
    './electron/web',
    ['./electron/main', './electron/cli', './renderer'],
    'electron/web/ is a host: it imports the engine and shared/, not other hosts.',
  ),
  forbid(
    './electron/cli',
    ['./electron/main', './renderer'],
    'electron/cli/ may start the web host and sandbox, never the Electron main process.',
  ),
  // Inside the engine, zones that follow the data: api (wire) and store do not know each other,
  // the differ is pure, and nothing below reconcile/export/sync/handlers imports them.
  forbid(
    './electron/engine/api',
    engineParts('store', 'reconcile', 'export', 'sync', 'handlers'),
    'api/ speaks the wire format only; it knows nothing of the store or above.',
  ),
  forbid(
    './electron/engine/store',
    engineParts('api', 'reconcile', 'export', 'sync', 'handlers', 'bank', 'act'),
    'store/ takes domain rows (shared/domain), never wire objects or the layers above it.',
  ),
  // Sync only syncs (issue 27): what follows a run (checks, re-opening, bank matching) is
  // afterSync.ts, above sync/ and the domain folders, so sync/ never reaches up into them.
  forbid(
    './electron/engine/sync',
    engineParts('reconcile', 'bank', 'act', 'close', 'export', 'handlers', 'afterSync.ts'),
    'sync/ only syncs: what follows a run belongs in afterSync.ts, which calls reconcile/ and bank/.',
  ),
  // Issue 27: the all-purpose EngineContext stays where methods are assembled (engine.ts, handlers/);
  // the parts below take narrow dependencies, an interface each.
  forbid(
    engineParts(
      'api',
      'store',
      'differ',
      'sync',
      'reconcile',
      'bank',
      'act',
      'close',
      'export',
      'team',
      'afterSync.ts',
      'cachedReads.ts',
      'dataRelay.ts',
    ),
    './electron/engine/context.ts',
    'Take narrow dependencies (an interface naming what this part uses, built in the handler), not EngineContext.',
  ),
  forbid(
    './electron/engine/differ',
    engineParts('api', 'store', 'reconcile', 'export', 'sync', 'handlers'),
    'differ/ is pure: (old, new) -> changes.',
  ),
  // Hosts use the engine's facade: its constructor, and the few host-side helpers beside it.
  forbid(
    ['./electron/main', './electron/cli', './electron/web'],
    engineParts(
      'api',
      'store',
      'differ',
      'sync',
      'reconcile',
      'export',
      'handlers',
      'bank',
      'act',
      'events.ts',
      'settings.ts',
    ),
    'Hosts use the engine through createEngine() and its facade, never its insides.',
  ),
  // Only the three hosts construct an engine.
  forbid(
    ['./shared', './renderer', './electron/engine', './electron/sandbox', './electron/preload'],
    './electron/engine/engine.ts',
    'Only main/, cli/ and web/ construct an engine.',
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
      // Without these, import-x reads no .ts file it resolves, and import-x/no-cycle sees no circle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
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
    // DESIGN.md §2: data flows one way, so no file of the engine reaches itself again through its
    // imports. This rule follows imports that load modules; test/lint/engineCircles.test.ts follows
    // type-only ones too.
    files: ['electron/engine/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A file does one thing (STYLE.md): past 400 lines it is doing two.
    files: ['electron/**/*.{ts,tsx,mjs}', 'shared/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
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
    // Issue 26 item 9: what the CLI prints may quote the payment service or a bank file, so it goes
    // through cli/output.ts, which escapes terminal control sequences (progress.ts writes its own).
    files: ['electron/cli/**/*.ts'],
    ignores: ['electron/cli/output.ts', 'electron/cli/progress.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name=/^(stdout|stderr)$/]",
          message: 'Print through electron/cli/output.ts (stdout, stderr): it escapes control characters.',
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
