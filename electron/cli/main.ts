import { UsageError } from './args';
import { helpFor, MAIN_USAGE } from './usage';
import { appVersion } from './version';
import { stderr, stdout } from './output';

type Command = (argv: string[]) => Promise<number>;

// Loaded on demand so `--version` and `--help` start instantly.
const COMMANDS: Record<string, () => Promise<{ run: Command }>> = {
  web: () => import('./commands/web'),
  sandbox: () => import('./commands/sandbox'),
  sync: () => import('./commands/sync'),
  status: () => import('./commands/status'),
  check: () => import('./commands/check'),
  export: () => import('./commands/export'),
  bank: () => import('./commands/bank'),
  serve: () => import('./commands/serve'),
  users: () => import('./commands/users'),
  'migrate-to': () => import('./commands/migrateTo'),
  refund: () => import('./commands/refund'),
  void: () => import('./commands/void'),
  collect: () => import('./commands/collect'),
  month: () => import('./commands/month'),
  slip: () => import('./commands/slip'),
};

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    stdout.write(`${appVersion()}\n`);
    return 0;
  }
  if (command === undefined) {
    stdout.write(`${MAIN_USAGE}\n`);
    return 2;
  }
  if (command === '--help' || command === '-h' || command === 'help') return printHelp(rest);
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    stderr.write(`district-recon: unknown command ${JSON.stringify(command)}\n\n${MAIN_USAGE}\n`);
    return 2;
  }
  // `CMD [SUB] ... --help` and `CMD help [SUB]` answer before the command (and the engine) loads.
  if (asksForHelp(rest)) return printHelp([command, ...rest.filter((word) => !word.startsWith('-'))]);
  if (rest[0] === 'help') return printHelp([command, ...rest.slice(1)]);
  try {
    return await (await load()).run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      stderr.write(`district-recon ${command}: ${error.message}\n`);
      return 2;
    }
    stderr.write(`district-recon ${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** `--help` or `-h` among a command's words, before a `--` that ends its flags. */
function asksForHelp(words: string[]): boolean {
  const end = words.indexOf('--');
  return (end === -1 ? words : words.slice(0, end)).some((word) => word === '--help' || word === '-h');
}

/** `help [CMD [SUB]]`: the usage asked for (exit 0), or the commands there are (exit 2). */
function printHelp([command, next]: string[]): number {
  if (command === undefined) {
    stdout.write(`${MAIN_USAGE}\n`);
    return 0;
  }
  const help = helpFor(command, next);
  if (help === null) {
    stderr.write(`district-recon: unknown command ${JSON.stringify(command)}\n\n${MAIN_USAGE}\n`);
    return 2;
  }
  stdout.write(`${help}\n`);
  return 0;
}
