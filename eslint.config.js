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
  // Only the three hosts construct an engine.
  ...['./shared', './renderer', './electron/engine', './electron/sandbox', './electron/preload'].map((target) =>
    zone(target, './electron/engine/engine.ts', 'Only main/, cli/ and web/ construct an engine.'),
  ),
];

const noNodeOrElectron = {
  paths: [{ name: 'electron', message: 'This layer must not import electron.' }],
  patterns: [
    { group: ['node:*'], message: 'This layer runs without Node APIs.' },
    {
      group: ['fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'better-sqlite3'],
      message: 'This layer runs without Node APIs.',
    },
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
        { paths: [{ name: 'electron', message: 'The engine and sandbox never import electron.' }] },
      ],
    },
  },
  {
    // Migrations are frozen in time and typed Kysely<any>; the API edge handles raw JSON.
    files: ['electron/engine/store/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
