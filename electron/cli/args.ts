import { parseArgs } from 'node:util';
import { isBusinessDate } from '../../shared/time';
import { stdout } from './output';
import { helpFor } from './usage';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface FlagSpec<S extends string, B extends string> {
  /** Flags that take a value (`--db FILE`); absent ones are undefined. */
  strings?: readonly S[];
  /** Switches (`--json`); absent ones are false. `help` also answers to `-h`. */
  booleans?: readonly B[];
  /** The most words a command takes besides its flags; one more is "unexpected argument". */
  maxPositionals?: number;
}

/** node:util parseArgs with strict flags; an unknown or malformed flag becomes a UsageError (exit 2). */
export function parseFlags<const S extends string = never, const B extends string = never>(
  argv: string[],
  { strings = [], booleans = [], maxPositionals }: FlagSpec<S, B>,
): { values: { [K in S]?: string } & { [K in B]: boolean }; positionals: string[] } {
  const options = Object.fromEntries([
    ...strings.map((name) => [name, { type: 'string' }] as const),
    ...booleans.map((name) => [name, { type: 'boolean', default: false, ...(name === 'help' ? { short: 'h' } : {}) }]),
  ]);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const extra = maxPositionals === undefined ? undefined : parsed.positionals[maxPositionals];
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
  return parsed as { values: { [K in S]?: string } & { [K in B]: boolean }; positionals: string[] };
}

type Command = (argv: string[]) => Promise<number>;

/**
 * `command SUB ...`: the command's usage for no SUB (exit 2), SUB's runner on the rest, else a usage
 * error naming the subcommands there are. main.ts answers `--help`, `-h` and `help` before this.
 */
export function runSubcommand(argv: string[], command: string, subcommands: Record<string, Command>): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined) {
    stdout.write(`${helpFor(command, undefined)}\n`);
    return Promise.resolve(2);
  }
  const runner = Object.hasOwn(subcommands, sub) ? subcommands[sub] : undefined;
  if (!runner) {
    const names = Object.keys(subcommands);
    throw new UsageError(
      `unknown subcommand ${JSON.stringify(sub)} (expected ${names.slice(0, -1).join(', ')} or ${names.at(-1)})`,
    );
  }
  return runner(rest);
}

export function intFlag(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** A Central business date (YYYY-MM-DD), or undefined when the flag is absent. */
export function dateFlag(value: string | undefined, name: string): string | undefined {
  if (value !== undefined && !isBusinessDate(value)) {
    throw new UsageError(`--${name} must be a date like 2026-03-09, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** An ISO instant with its zone (2026-03-10T20:00:00Z), or undefined when the flag is absent. */
export function instantFlag(value: string | undefined, name: string): string | undefined {
  if (value !== undefined && Number.isNaN(Date.parse(value))) {
    throw new UsageError(`--${name} must be an ISO instant like 2026-03-10T20:00:00Z, got ${JSON.stringify(value)}`);
  }
  return value;
}
