/**
 * `export gl --out` onto each kind of target (issue 26, items 1 and 14), as a bookkeeper's script
 * runs it: a missing name and a regular file (with --force) are written; a regular file without
 * --force, a FIFO, a character device, a folder, a link out of its folder and a dangling link are
 * refused with exit 1 and one line naming what is in the way, and nothing is recorded or claimed.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngineWithInternals } from '../../electron/engine/engine';
import { silentLogger } from '../../electron/engine/logger';
import { makeCharDevice, makeFifo } from '../helpers/specialFiles';
import { countRows } from '../helpers/storeRows';
import { districtFolder, runCliInProcess } from './run';

describe('district-recon export gl --out onto each kind of target', () => {
  const { folder, database } = districtFolder('recon-cli-targets-');
  // --repost throughout: each run posts the same range, so only the target decides the outcome.
  // In this process: what is asserted is the command's exit code and its lines, not the process (each
  // child cost ~1 s of CPU loading the engine's modules, twelve per project).
  const exportTo = (out: string, ...more: string[]) =>
    runCliInProcess(
      [
        'export',
        'gl',
        '--from',
        '2026-03-01',
        '--to',
        '2026-03-31',
        '--out',
        out,
        '--repost',
        ...more,
        ...database().args,
      ],
      folder,
    );
  const isWorkbook = (path: string) => readFileSync(path).subarray(0, 2).toString() === 'PK';
  const registry = async () => {
    const engine = await createEngineWithInternals({
      version: '9.9.9-test',
      dataFolder: folder,
      ...database().engine,
      createDatabase: false,
      host: 'direct',
      logger: silentLogger,
    });
    try {
      return { exports: await countRows(engine, 'exports'), claims: await countRows(engine, 'export_deposits') };
    } finally {
      await engine.close();
    }
  };

  it('refuses every target that is not a new name or a regular file, --force or not, recording nothing', async () => {
    const cases = join(folder, 'cases');
    mkdirSync(cases);
    const outside = join(folder, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'ledger.xlsx'), 'ledger');
    const regular = join(cases, 'notes.xlsx');
    writeFileSync(regular, 'my notes');
    const fifo = makeFifo(join(cases, 'pipe.xlsx'));
    const device = makeCharDevice(cases, 'device.xlsx');
    const directory = join(cases, 'folder.xlsx');
    mkdirSync(directory);
    const linkOut = join(cases, 'link-out.xlsx');
    symlinkSync(join(outside, 'ledger.xlsx'), linkOut);
    const dangling = join(cases, 'dangling.xlsx');
    symlinkSync(join(cases, 'missing.xlsx'), dangling);
    const before = await registry();

    const refusals: Array<[string, string[], RegExp]> = [
      [regular, [], /already exists and was left as it is/],
      [fifo, [], /is a named pipe \(FIFO\), not a file/],
      [fifo, ['--force'], /is a named pipe \(FIFO\), not a file/],
      [device, ['--force'], /is a character device/],
      [directory, ['--force'], /is a folder, not a file/],
      [linkOut, ['--force'], /is a symbolic link to .*ledger\.xlsx, outside /],
      [dangling, ['--force'], /is a symbolic link to .*missing\.xlsx, which does not exist/],
      [join(cases, `${'n'.repeat(295)}.xlsx`), [], /the file name is 300 bytes long/],
      ['/proc/self/status', ['--force'], /\/proc\/self does not take new files/],
    ];
    for (const [out, flags, says] of refusals) {
      const result = await exportTo(out, ...flags);
      expect(result.code, `${out} ${flags.join(' ')}: ${result.stderr}`).toBe(1);
      expect(result.stdout).toBe('');
      // The district's deposits are not signed off: each is named on a warning line first (issue 26, item 6).
      const lines = result.stderr
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('warning: '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(says);
      expect(lines[0]).toContain(out);
    }
    expect(readFileSync(regular, 'utf8')).toBe('my notes');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(readdirSync(directory)).toEqual([]);
    expect(readlinkSync(linkOut)).toBe(join(outside, 'ledger.xlsx'));
    expect(readFileSync(join(outside, 'ledger.xlsx'), 'utf8')).toBe('ledger');
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
    expect(readdirSync(cases).sort()).toEqual(
      ['dangling.xlsx', 'device.xlsx', 'folder.xlsx', 'link-out.xlsx', 'notes.xlsx', 'pipe.xlsx'].filter(
        (name) => name !== 'device.xlsx' || device.startsWith(cases),
      ),
    );
    expect(await registry()).toEqual(before);
  }, 120_000);

  it('writes a missing name, a regular file with --force, and through a link to a file in its own folder', async () => {
    const written = join(folder, 'written');
    mkdirSync(written);
    const fresh = join(written, 'new.xlsx');
    expect((await exportTo(fresh)).code).toBe(0);
    expect(isWorkbook(fresh)).toBe(true);

    const regular = join(written, 'last-month.xlsx');
    writeFileSync(regular, 'last month');
    expect((await exportTo(regular, '--force')).code).toBe(0);
    expect(isWorkbook(regular)).toBe(true);

    const real = join(written, 'march.xlsx');
    writeFileSync(real, 'march, first run');
    const linkIn = join(written, 'latest.xlsx');
    symlinkSync('march.xlsx', linkIn);
    const result = await exportTo(linkIn, '--force');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Wrote ${real}`);
    expect(lstatSync(linkIn).isSymbolicLink()).toBe(true);
    expect(isWorkbook(real)).toBe(true);
    expect(readdirSync(written).sort()).toEqual(['last-month.xlsx', 'latest.xlsx', 'march.xlsx', 'new.xlsx']);
  }, 60_000);
});
