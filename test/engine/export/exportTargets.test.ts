/**
 * What an export may be written onto (issue 26, items 1 and 14): only a missing name or a regular
 * file; with leave to replace (the CLI's --force), a regular file only, never a FIFO, a device or a
 * folder, and never through a symbolic link out of the folder it names. A refused export records
 * nothing, claims nothing and leaves no temporary file; its error says what is in the way.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { engineTest } from '../../helpers/engineTest';
import { countRows } from '../../helpers/storeRows';
import { makeCharDevice, makeFifo } from '../../helpers/specialFiles';
import { seedDistrict } from '../reconcile/fixtures';

const RANGE = { from: '2026-03-01', to: '2026-03-31' };

interface Refusal {
  name: string;
  /** Makes what is in the way; returns the --out path and a check that it is as it was. */
  setup: (folder: string) => { file: string; untouched: () => void };
  overwrite: boolean;
  code: 'EXPORT' | 'CONFLICT';
  says: RegExp;
}

const isWorkbook = (path: string) => readFileSync(path).subarray(0, 2).toString() === 'PK';

const refusals: Refusal[] = [
  {
    name: 'a regular file, without leave',
    overwrite: false,
    code: 'CONFLICT',
    says: /already exists and was left as it is/,
    setup: (folder) => {
      const file = join(folder, 'notes.xlsx');
      writeFileSync(file, 'my notes');
      return { file, untouched: () => expect(readFileSync(file, 'utf8')).toBe('my notes') };
    },
  },
  ...[false, true].map((overwrite): Refusal => ({
    name: `a FIFO${overwrite ? ', even with leave' : ''}`,
    overwrite,
    code: 'EXPORT',
    says: /is a named pipe \(FIFO\), not a file/,
    setup: (folder) => {
      const file = makeFifo(join(folder, 'pipe.xlsx'));
      return { file, untouched: () => expect(lstatSync(file).isFIFO()).toBe(true) };
    },
  })),
  {
    name: 'a character device, even with leave',
    overwrite: true,
    code: 'EXPORT',
    says: /is a character device \(such as \/dev\/null\), not a file/,
    setup: (folder) => {
      const file = makeCharDevice(folder);
      return { file, untouched: () => expect(lstatSync(file).isCharacterDevice()).toBe(true) };
    },
  },
  {
    name: 'a folder, even with leave',
    overwrite: true,
    code: 'EXPORT',
    says: /is a folder, not a file/,
    setup: (folder) => {
      const file = join(folder, 'taken.xlsx');
      mkdirSync(file);
      return { file, untouched: () => expect(readdirSync(file)).toEqual([]) };
    },
  },
  {
    name: 'a symbolic link out of its folder, even with leave',
    overwrite: true,
    code: 'EXPORT',
    says: /is a symbolic link to .*outside .*does not follow a link out of its folder/,
    setup: (folder) => {
      const elsewhere = join(folder, 'elsewhere');
      mkdirSync(elsewhere);
      const outside = join(elsewhere, 'ledger.xlsx');
      writeFileSync(outside, 'ledger');
      mkdirSync(join(folder, 'chosen'));
      const file = join(folder, 'chosen', 'gl.xlsx');
      symlinkSync(outside, file);
      return {
        file,
        untouched: () => {
          expect(readlinkSync(file)).toBe(outside);
          expect(readFileSync(outside, 'utf8')).toBe('ledger');
        },
      };
    },
  },
  {
    name: 'a symbolic link in its folder to a device, even with leave',
    overwrite: true,
    code: 'EXPORT',
    says: /character device/,
    setup: (folder) => {
      const device = makeCharDevice(folder);
      const file = join(folder, 'gl.xlsx');
      symlinkSync(device, file);
      return { file, untouched: () => expect(lstatSync(device).isCharacterDevice()).toBe(true) };
    },
  },
  {
    name: 'a dangling symbolic link, even with leave',
    overwrite: true,
    code: 'EXPORT',
    says: /is a symbolic link to .*missing\.xlsx, which does not exist/,
    setup: (folder) => {
      const file = join(folder, 'gl.xlsx');
      symlinkSync(join(folder, 'missing.xlsx'), file);
      return { file, untouched: () => expect(lstatSync(file).isSymbolicLink()).toBe(true) };
    },
  },
  {
    name: 'a name too long for the disk once the temporary name is added',
    overwrite: false,
    code: 'EXPORT',
    says: /the file name is 300 bytes long and an export's name can be at most 236/,
    setup: (folder) => ({ file: join(folder, `${'g'.repeat(295)}.xlsx`), untouched: () => undefined }),
  },
  {
    name: 'a file under /proc, with leave',
    overwrite: true,
    code: 'EXPORT',
    says: /\/proc\/self does not take new files/,
    setup: () => ({
      file: '/proc/self/status',
      untouched: () => expect(readFileSync('/proc/self/status', 'utf8')).toMatch(/^Name:/),
    }),
  },
];

describe('export targets', () => {
  engineTest.beforeEach(({ db }) => seedDistrict(db));

  for (const refusal of refusals) {
    engineTest(`refuses ${refusal.name}: nothing recorded, claimed or left behind`, async ({ engine, folder }) => {
      const { file, untouched } = refusal.setup(folder);
      const before = readdirSync(folder).sort();
      const error = await engine.call('export.glBatches', { ...RANGE, file, overwrite: refusal.overwrite }).then(
        () => null,
        (e: unknown) => e as { code: string; message: string },
      );
      expect(error).toMatchObject({ code: refusal.code });
      expect(error!.message).toMatch(refusal.says);
      expect(error!.message).toContain(file);
      expect(error!.message.split('\n')).toHaveLength(1);
      untouched();
      expect(readdirSync(folder).sort()).toEqual(before);
      expect(await countRows(engine, 'exports')).toBe(0);
      expect(await countRows(engine, 'export_deposits')).toBe(0);
    });
  }

  engineTest('writes a missing name', async ({ engine, folder }) => {
    const file = join(folder, 'new.xlsx');
    const result = await engine.call('export.glBatches', { ...RANGE, file });
    expect(result.record.file).toBe(file);
    expect(isWorkbook(file)).toBe(true);
  });

  engineTest('replaces a regular file with leave', async ({ engine, folder }) => {
    const file = join(folder, 'last-month.xlsx');
    writeFileSync(file, 'last month');
    await engine.call('export.glBatches', { ...RANGE, file, overwrite: true });
    expect(isWorkbook(file)).toBe(true);
    expect(readdirSync(folder)).toEqual(['last-month.xlsx']);
  });

  engineTest(
    'with leave, replaces the file a symbolic link in its own folder names, and keeps the link',
    async ({ engine, folder }) => {
      const real = join(folder, 'gl-march.xlsx');
      writeFileSync(real, 'last run');
      const link = join(folder, 'gl-latest.xlsx');
      symlinkSync('gl-march.xlsx', link);
      await expect(engine.call('export.glBatches', { ...RANGE, file: link })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      const result = await engine.call('export.glBatches', { ...RANGE, file: link, overwrite: true });
      expect(result.record.file).toBe(real);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(isWorkbook(real)).toBe(true);
      expect(readdirSync(folder).sort()).toEqual(['gl-latest.xlsx', 'gl-march.xlsx']);
    },
  );
});
