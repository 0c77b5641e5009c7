import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openingProgress, percent, progressLine, secondsLeft } from '../../electron/cli/progress';
import { bundledEntry } from '../helpers/bundledEntry';
import { districtFolder, runCliInProcess } from './run';

function stream(isTTY: boolean) {
  let text = '';
  return { isTTY, write: (chunk: string) => (text += chunk), text: () => text };
}

describe('progress lines', () => {
  const HALF = 'Exporting GL rows: 2000/3141 (63%)';
  const ALL = 'Exporting GL rows: 3141/3141 (100%)';
  const SUMMARY = 'Exported 3141 GL rows in 1.2 s';
  it.each([
    [
      'on a terminal rewrites one line in place and ends with the summary on it',
      true,
      [HALF, ALL],
      `\r${HALF}\x1b[K\r${ALL}\x1b[K\r${SUMMARY}\x1b[K\n`,
    ],
    [
      'on a pipe writes a line per change, never a carriage return, and a summary last',
      false,
      [HALF, HALF, ALL],
      `${HALF}\n${ALL}\n${SUMMARY}\n`,
    ],
  ])('%s', (_name, isTTY, updates, written) => {
    const out = stream(isTTY);
    const line = progressLine(out);
    for (const update of updates) line.update(update);
    line.done(SUMMARY);
    expect(out.text()).toBe(written);
  });

  it('shows the checks of a first open on a pipe, and nothing when there were none', () => {
    const pipe = stream(false);
    const opening = openingProgress(pipe);
    opening.onOpenProgress(50, 120);
    opening.onOpenProgress(120, 120);
    opening.finish();
    expect(pipe.text()).toMatch(
      /^Checking deposits: 50\/120 \(41%\)(, about \d+ s left)?\nChecking deposits: 120\/120 \(100%\)\nChecked 120 deposits in \d+\.\d s\n$/,
    );
    const quiet = stream(false);
    openingProgress(quiet).finish();
    expect(quiet.text()).toBe('');
  });

  it.each([
    [0, 100, 1000, null],
    [50, 100, 1000, 1],
    [10, 100, 1000, 9],
    [100, 100, 1000, null],
  ])('estimates %i of %i after %i ms: %s s left', (done, total, elapsed, left) => {
    expect(secondsLeft(done, total, elapsed)).toBe(left);
  });

  it('says percent in whole numbers, never 100% early', () => {
    expect(percent(3140, 3141)).toBe('99%');
    expect(percent(0, 0)).toBe('');
  });
});

describe('district-recon export gl: default range and progress, on a pipe and on a terminal', () => {
  const { folder, database } = districtFolder('recon-cli-progress-');

  const args = (out: string) => ['export', 'gl', '--out', join(folder, out), ...database().args];

  it('without --from/--to exports the default range, says which, and ends stderr with a summary line', async () => {
    const result = await runCliInProcess(args('piped.xlsx'), folder);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('\r');
    expect(result.stderr.endsWith('\n')).toBe(true);
    const all = result.stderr.trimEnd().split('\n');
    // The store was written without checks: the first open checks its deposits, shown the same way
    // (in one slice on SQLite; PostgreSQL's round trips may take more than one, each a line).
    const checked = all.findIndex((line) => line.startsWith('Checked '));
    expect(all.slice(0, checked).every((line) => /^Checking deposits: \d\/4 /.test(line))).toBe(true);
    const lines = all.slice(checked - 1);
    expect(lines.slice(0, 2)).toEqual([
      'Checking deposits: 4/4 (100%)',
      expect.stringMatching(/^Checked 4 deposits in /),
    ]);
    expect(lines[2]).toBe(
      'No --from/--to: exporting 2026-03-01 to 2026-03-03 (the oldest period with deposits not yet exported).',
    );
    expect(lines).toContain('Exporting GL rows: 10/10 (100%)');
    expect(lines.at(-1)).toMatch(/^Exported 10 GL rows in \d+\.\d s$/);
    expect(result.stdout).toMatch(/^Wrote .*piped\.xlsx: 10 GL rows/);
  });

  it('refuses half a range', async () => {
    const result = await runCliInProcess([...args('half.xlsx'), '--from', '2026-03-01'], folder);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give both --from and --to, or neither');
  });

  it('on a terminal (a pseudo-terminal through script) rewrites the progress line in place', () => {
    const command = [
      process.execPath,
      bundledEntry('cli'),
      ...args('tty.xlsx'),
      '--from',
      '2026-03-01',
      '--to',
      '2026-03-31',
      // The default-range test above exported March already: post it again to see the progress.
      '--repost',
    ]
      .map((part) => `'${part}'`)
      .join(' ');
    const result = spawnSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, RECON_DATA_DIR: folder },
      timeout: 60_000,
    });
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toContain('\rExporting GL rows: 10/10 (100%)\x1b[K');
    const summary = result.stdout.slice(result.stdout.indexOf('\rExported 10 GL rows in'));
    expect(summary).toMatch(/^\rExported 10 GL rows in \d+\.\d s/);
    expect(summary.split('\n')[0]!.replace(/\r$/, '').endsWith(' s\x1b[K')).toBe(true);
  });
});
