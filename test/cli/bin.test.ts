/**
 * The CLI's published entry, electron/cli/bin.mjs, on the path it takes where the bundle built at
 * install is absent or stale: the TypeScript sources through tsx (DISTRICT_RECON_FROM_SOURCES makes
 * it take that path whatever out/cli holds). The other CLI tests run this run's bundle of the same
 * sources (test/helpers/cliBundle.ts), so these keep the tsx path covered end to end; which of the two
 * bin.mjs runs is freshBundleEntry's answer, tested below.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshBundleEntry } from '../../electron/cli/installedBundle.mjs';
import { bundledEntry } from '../helpers/bundledEntry';

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

function run(entry: string, args: string[]) {
  const result = spawnSync(process.execPath, [entry, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DISTRICT_RECON_FROM_SOURCES: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('electron/cli/bin.mjs through tsx', () => {
  const folder = mkdtempSync(join(tmpdir(), 'recon-cli-bin-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("--version prints package.json's version", () => {
    expect(run('electron/cli/bin.mjs', ['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });

  it('status loads the engine and names a missing --db in one line, creating nothing', () => {
    const missing = join(folder, 'none.sqlite');
    const result = run('electron/cli/bin.mjs', ['status', '--db', missing]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(missing);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(missing)).toBe(false);
  });
});

describe('bin.mjs --version', () => {
  it('answers from package.json alone, before the bundle is checked or any other file of ours loads', () => {
    const root = mkdtempSync(join(tmpdir(), 'recon-cli-version-'));
    try {
      mkdirSync(join(root, 'electron/cli'), { recursive: true });
      writeFileSync(join(root, 'electron/cli/bin.mjs'), readFileSync('electron/cli/bin.mjs'));
      writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'district-recon', version: '9.8.7' }));
      for (const flag of ['--version', '-v']) {
        expect(run(join(root, 'electron/cli/bin.mjs'), [flag])).toMatchObject({
          code: 0,
          stdout: '9.8.7\n',
          stderr: '',
        });
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the tests' bundle of the CLI", () => {
  it("finds package.json from its own folder: --version prints package.json's version", () => {
    expect(run(bundledEntry('cli'), ['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });
});

describe('freshBundleEntry: whether bin.mjs runs the bundle built at install', () => {
  function project() {
    const root = mkdtempSync(join(tmpdir(), 'recon-cli-fresh-'));
    mkdirSync(join(root, 'src'));
    mkdirSync(join(root, 'out'));
    for (const name of ['a.ts', 'b.ts']) writeFileSync(join(root, 'src', name), name);
    const sources = Object.fromEntries(
      ['src/a.ts', 'src/b.ts'].map((source) => [source, statSync(join(root, source)).mtimeMs]),
    );
    writeFileSync(join(root, 'out', 'bundle.json'), JSON.stringify({ sources }));
    return root;
  }

  it("names the bundle's cli.js while every source has the time it was built from", () => {
    const root = project();
    try {
      expect(freshBundleEntry(root, join(root, 'out'))).toBe(join(root, 'out', 'cli.js'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers null once a source is saved again, or removed, or with no bundle.json', () => {
    const root = project();
    try {
      const later = new Date(Date.now() + 5_000);
      utimesSync(join(root, 'src', 'b.ts'), later, later);
      expect(freshBundleEntry(root, join(root, 'out'))).toBeNull();
      rmSync(join(root, 'src', 'b.ts'));
      expect(freshBundleEntry(root, join(root, 'out'))).toBeNull();
      expect(freshBundleEntry(root, join(root, 'src'))).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
