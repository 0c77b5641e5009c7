/**
 * `month packet` (runMonthPacket, wired as the `month` command's subcommand at merge): writes the PDF
 * whole under --out, and refuses a symbolic link, a pipe or an existing file (without --force) in one
 * line, leaving no temporary file behind.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect } from 'vitest';
import { runMonthPacket } from '../../../../electron/cli/commands/monthPacket';
import { createTestDb } from '../../../helpers/db';
import { folderTest as test } from '../../../helpers/engineTest';
import { afterThisFile } from '../../../helpers/fileCleanup';

let dbFile: string;

beforeAll(async () => {
  const store = await createTestDb({ file: true });
  afterThisFile(() => store.cleanup());
  await store.db
    .insertInto('payees')
    .values({
      id: 101,
      name: 'Lincoln Elementary',
      merchant_id: 'MID1',
      removed: 0,
      raw: '{}',
      updated_at: '2026-10-01T00:00:00Z',
    })
    .execute();
  dbFile = join(store.folder!, 'district-recon.sqlite');
  await store.close();
});

function printer() {
  const lines: string[] = [];
  return { lines, write: (text: string) => void lines.push(text) };
}

async function run(args: string[]) {
  const io = { stdout: printer(), stderr: printer() };
  const code = await runMonthPacket([...args, '--db', dbFile], io);
  return { code, out: io.stdout.lines.join(''), err: io.stderr.lines.join('') };
}

describe('month packet', () => {
  test('writes the packet, DRAFT while the month is open', async ({ folder }) => {
    const out = join(folder, 'october.pdf');
    const result = await run(['--month', '2026-10', '--payee', '101', '--out', out]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(
      /^Wrote .*october\.pdf: the payee 101 packet of 2026-10, DRAFT \(the month is not closed\); content SHA-256 [0-9a-f]{64}\n$/,
    );
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' })).toContain('Lincoln Elementary');
    expect(readdirSync(folder)).toEqual(['october.pdf']);
  });

  test('refuses a symbolic link, a pipe and an existing file, and leaves nothing half written', async ({ folder }) => {
    const kept = join(folder, 'kept.pdf');
    writeFileSync(kept, 'earlier');
    const link = join(folder, 'link.pdf');
    symlinkSync(kept, link);
    const pipe = join(folder, 'pipe.pdf');
    execFileSync('mkfifo', [pipe]);
    for (const [target, why] of [
      [link, /link\.pdf is a symbolic link/],
      [pipe, /pipe\.pdf is a pipe/],
      [kept, /kept\.pdf already exists and was left as it is; choose another name or add --force/],
    ] as const) {
      const result = await run(['--month', '2026-10', '--payee', '101', '--out', target]);
      expect(result.code).toBe(1);
      expect(result.err).toMatch(why);
      expect(result.err.trim().split('\n')).toHaveLength(1);
    }
    expect(readFileSync(kept, 'utf8')).toBe('earlier');
    expect(readdirSync(folder).sort()).toEqual(['kept.pdf', 'link.pdf', 'pipe.pdf']);
    const forced = await run(['--month', '2026-10', '--out', kept, '--force']);
    expect(forced.code).toBe(0);
    expect(forced.out).toContain('the district packet of 2026-10');
    expect(readFileSync(kept).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('refuses a school that is not there in one line', async ({ folder }) => {
    const out = join(folder, 'x.pdf');
    const result = await run(['--month', '2026-10', '--payee', '999', '--out', out]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'district-recon month packet: no school with payee id 999; see district-recon status for the ids\n',
    );
    expect(existsSync(out)).toBe(false);
  });
});
