import { UsageError } from './args';
import { appVersion } from './version';
import { stderr, stdout } from './output';

const USAGE = `Usage: district-recon <command> [options]

Commands:
  web        Serve the app in your browser on 127.0.0.1 (browser mode)
  sandbox    sandbox serve: run the simulated payment service
  sync       Sync from the payment service into the local database
  status     Show what the local database holds
  check      Tie out deposits against transactions and GL batches
  export     export gl: write GL batches to Excel or an ERP layout
  bank       bank import FILE | bank status: bank statements matched to deposits
  serve      Run the district server: many users, roles, the nightly sync (team mode)
  users      users add NAME --role R | list | disable NAME | password NAME: server accounts
  migrate-to migrate-to --database postgres://…: move this database to a district server

Options:
  --version  Print the version
  --help     Print this help`;

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
};

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    stdout.write(`${appVersion()}\n`);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  const load = COMMANDS[command];
  if (!load) {
    stderr.write(`district-recon: unknown command ${JSON.stringify(command)}\n\n${USAGE}\n`);
    return 2;
  }
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
