/**
 * The CLI's published entry, electron/cli/bin.mjs, run as a bookkeeper runs it right after `npm
 * install`: the TypeScript sources through tsx. The other CLI tests run this run's bundle of the same
 * sources (test/helpers/cliBundle.ts), so these keep the tsx path covered end to end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledEntry } from '../helpers/bundledEntry';

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

function run(entry: string, args: string[]) {
  const result = spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8', timeout: 60_000 });
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

describe("the tests' bundle of the CLI", () => {
  it("finds package.json from its own folder: --version prints package.json's version", () => {
    expect(run(bundledEntry('cli'), ['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });
});
