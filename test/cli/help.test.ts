/**
 * Issue 30 item 9: `--help` and `-h` on every command and subcommand, and `help CMD [SUB]`, print
 * its usage on stdout and exit 0, before anything opens a database.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../electron/cli/main';
import { HELP, MAIN_USAGE } from '../../electron/cli/usage';
import { runCli } from './spawnedCli';

const folder = mkdtempSync(join(tmpdir(), 'recon-cli-help-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** main() in this process, what it writes caught: help loads no command, so this is what a child prints. */
async function runMain(args: string[]) {
  const written = { stdout: '', stderr: '' };
  const catchOn = (name: 'stdout' | 'stderr') =>
    vi.spyOn(process[name], 'write').mockImplementation((chunk: string | Uint8Array) => {
      written[name] += String(chunk);
      return true;
    });
  const spies = [catchOn('stdout'), catchOn('stderr')];
  try {
    return { code: await main(args), ...written };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** Every command, and every subcommand as `[command, sub]`. */
const ENTRIES: Array<[command: string, sub?: string]> = Object.entries(HELP).flatMap(([command, help]) => [
  [command] as [string],
  ...Object.keys(help.subcommands ?? {}).map((sub) => [command, sub] as [string, string]),
]);

describe('district-recon help', () => {
  it('lists in its usage exactly the commands that have help', () => {
    const listed = [
      ...MAIN_USAGE.split('Commands:\n')[1]!
        .split('\n\n')[0]!
        .matchAll(/^ {2}(\S+)/gm),
    ].map((m) => m[1]);
    expect(listed).toEqual(Object.keys(HELP));
  });

  it.each(ENTRIES)('%s %s: --help, -h and help print its usage and exit 0', async (command, sub) => {
    const words = sub === undefined ? [command] : [command, sub];
    const usage = sub === undefined ? HELP[command]!.usage : HELP[command]!.subcommands![sub]!;
    expect(usage).toMatch(new RegExp(`^Usage: district-recon ${command}${sub === undefined ? '' : ` ${sub}`}\\b`));
    for (const args of [
      [...words, '--help'],
      [...words, '-h'],
      ['help', ...words],
      [command, 'help', ...words.slice(1)],
    ]) {
      const result = await runMain(args);
      expect({ args, ...result }).toEqual({ args, code: 0, stdout: `${usage}\n`, stderr: '' });
    }
  });

  it.each(Object.keys(HELP).filter((command) => HELP[command]!.subcommands && command !== 'users'))(
    '%s: every subcommand it runs has its own help, and every help names one it runs',
    async (command) => {
      const result = await runMain([command, 'no-such-subcommand']);
      expect(result.code).toBe(2);
      const expected = /\(expected (.+)\)$/.exec(result.stderr.trim())?.[1];
      const runs = expected?.split(/, | or /) ?? [];
      expect(runs.sort()).toEqual(Object.keys(HELP[command]!.subcommands!).sort());
    },
  );

  it('answers --help among other flags, even ones it would refuse, and opens no database (as a child process)', () => {
    for (const args of [
      ['export', 'gl', '--from', '2026-03-01', '--out', 'x.xlsx', '--help'],
      ['check', '--bogus', '-h'],
      ['bank', 'status', '--from', 'yesterday', '--help'],
      ['users', 'add', 'ana', '--help'],
      ['status', '--help'],
      ['sync', '--help'],
    ]) {
      const result = runCli(args, folder);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Usage: district-recon ${args[0]}`));
    }
    expect(readdirSync(folder)).toEqual([]);
  });

  it('prints the main usage for --help, -h and help; names an unknown command (exit 2)', () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      expect(runCli(args, folder)).toEqual({ code: 0, stdout: `${MAIN_USAGE}\n`, stderr: '' });
    }
    const unknown = runCli(['help', 'reconcile'], folder);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^district-recon: unknown command "reconcile"/);
    // A value after `--` is not a flag: `--help` there asks for nothing.
    expect(runCli(['status', '--', '--help'], folder).code).toBe(2);
  });
});
