/**
 * A real `electron-builder --dir` run, offline: the Electron binary cannot be downloaded here, so
 * `electronDist` points at a stub distribution (a shell script carrying Electron's fuse sentinel).
 * Checks that the app.asar holds the built app and nothing it should not, that better-sqlite3's
 * native module is unpacked, and that the fuses were really flipped in the executable.
 * Slow (~30 s): it builds the app with electron-vite and packs the production node_modules.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, '../..');
const asar = require('@electron/asar') as { listPackage(path: string, options?: object): string[] };
const fuses = require('@electron/fuses') as {
  getCurrentFuseWire(path: string): Promise<Record<string, unknown>>;
  FuseV1Options: Record<string, number>;
};
const { SENTINEL } = require('@electron/fuses/dist/constants') as { SENTINEL: string };
const ENABLE = 49;
const DISABLE = 48;

let appDir: string;
let files: string[];

/** A fake Electron: a runnable script with a fuse wire of 8 fuses, all enabled, after the sentinel. */
function stubElectronDist(dir: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const wire = Buffer.from([1, 8, ...Array(8).fill(ENABLE)]);
  const script = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stub electron"\nexit 0\n# '),
    Buffer.from(SENTINEL),
    wire,
    Buffer.from('\n'),
  ]);
  writeFileSync(join(dir, 'electron'), script);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), '45.4.1');
  return dir;
}

beforeAll(async () => {
  const vite = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(vite.status, vite.stderr).toBe(0);

  const work = mkdtempSync(join(tmpdir(), 'recon-package-'));
  const { build, Platform, Arch } = await import('electron-builder');
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: {
      electronDist: stubElectronDist(join(work, 'electron-dist')),
      // Nothing to rebuild against: there is no real Electron here, and the test must not touch
      // node_modules (better-sqlite3 stays built for Node for the other tests).
      npmRebuild: false,
      directories: { output: join(work, 'release') },
    },
  });
  appDir = join(work, 'release', 'linux-unpacked');
  files = asar.listPackage(join(appDir, 'resources', 'app.asar'));
}, 180_000);

describe('electron-builder --dir with a stub Electron', () => {
  it('packs the built main, preload and renderer and package.json', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        '/package.json',
        '/out/main/index.js',
        '/out/preload/index.cjs',
        '/out/renderer/index.html',
      ]),
    );
    expect(files.some((file) => /^\/out\/renderer\/assets\/.+\.js$/.test(file))).toBe(true);
  });

  it('holds nothing else of ours: no sources, tests, benches, maps or the browser build', () => {
    const ours = files.filter((file) => !file.startsWith('/node_modules/'));
    const unexpected = ours.filter(
      (file) => !/^\/(package\.json|node_modules|out(\/(main|preload|renderer)(\/.*)?)?)$/.test(file),
    );
    expect(unexpected).toEqual([]);
    expect(files.filter((file) => /\.(map|tsx?|mts|cts)$/.test(file))).toEqual([]);
    expect(
      files.filter((file) => /^\/(test|bench|electron|shared|renderer|scripts|build|out\/web)\//.test(file)),
    ).toEqual([]);
  });

  it('bundles only production dependencies', () => {
    const modules = new Set(files.filter((f) => f.startsWith('/node_modules/')).map((f) => f.split('/')[2]));
    for (const needed of ['better-sqlite3', 'exceljs', 'kysely', 'zod', 'temporal-polyfill'])
      expect(modules).toContain(needed);
    for (const devOnly of [
      'electron',
      'electron-builder',
      'vitest',
      'typescript',
      'vite',
      'react',
      'playwright-core',
      'xlsx',
    ]) {
      expect(modules).not.toContain(devOnly);
    }
  });

  it('unpacks better-sqlite3’s native module and leaves out its C sources', () => {
    expect(
      existsSync(
        join(appDir, 'resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
      ),
    ).toBe(true);
    expect(files.filter((f) => f.includes('/better-sqlite3/deps/') || f.includes('/better-sqlite3/src/'))).toEqual([]);
    expect(files.filter((f) => f.includes('test_extension'))).toEqual([]);
  });

  it('flips the fuses in the executable', async () => {
    const wire = await fuses.getCurrentFuseWire(join(appDir, 'district-recon'));
    const option = fuses.FuseV1Options;
    expect({
      runAsNode: wire[option.RunAsNode!],
      nodeOptions: wire[option.EnableNodeOptionsEnvironmentVariable!],
      inspect: wire[option.EnableNodeCliInspectArguments!],
      asarIntegrity: wire[option.EnableEmbeddedAsarIntegrityValidation!],
      onlyAsar: wire[option.OnlyLoadAppFromAsar!],
      fileProtocolPrivileges: wire[option.GrantFileProtocolExtraPrivileges!],
    }).toEqual({
      runAsNode: DISABLE,
      nodeOptions: DISABLE,
      inspect: DISABLE,
      asarIntegrity: ENABLE,
      onlyAsar: ENABLE,
      fileProtocolPrivileges: DISABLE,
    });
  });
});
