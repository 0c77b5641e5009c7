/**
 * What `--help`, `-h` and `help CMD [SUB]` print (issue 30 item 9), for every command and
 * subcommand. Kept apart from the commands, which import the engine: help answers without loading
 * any of it. A flag added to a command belongs in its text here too.
 */

import {
  BANK_IMPORT,
  BANK_REMOVE,
  BANK_STATUS,
  DATABASE,
  DATABASE_OPTIONS,
  EXPORT_DEFAULT_ACCOUNT,
  EXPORT_GL,
  MONTH,
  SANDBOX_SERVE,
  SANDBOX_STATEMENT,
  SLIP,
  USERS,
} from './subcommandUsage';

export const MAIN_USAGE = `Usage: district-recon <command> [options]

Commands:
  web        Serve the app in your browser on 127.0.0.1 (browser mode)
  sandbox    sandbox serve | statement: the simulated payment service and its bank statement
  sync       Sync from the payment service into the local database
  status     Show what the local database holds
  check      Tie out deposits against transactions and GL batches
  export     export gl: write GL batches to Excel or an ERP layout
  bank       bank import FILE | remove ID | status: bank statements matched to deposits
  serve      Run the district server: many users, roles, the nightly sync (team mode)
  users      users add NAME --role R | list | disable NAME | password NAME: server accounts
  migrate-to migrate-to --database postgres://…: move this database to a district server
  refund     refund TRANSACTION_ID [--amount 12.50] [--item ID=AMOUNT] --reason TEXT [--yes]
  void       void TRANSACTION_ID --reason TEXT [--yes]: cancel a Pending sale
  collect    collect --method cash|check --payee ID --amount 25.00 --payer "First Last" [--yes]
  month      month status | submit | close | reopen | packet --month YYYY-MM [--payee ID]: close a school's month
  slip       slip create | verify ID | list | pdf ID --out FILE.pdf: a school's day of cash and checks

Options:
  --version  Print the version
  --help     Print this help; "district-recon help CMD" or "CMD --help" prints a command's`;

interface CommandHelp {
  /** The command's whole help, naming every subcommand. */
  usage: string;
  /** Each subcommand's own help (`bank import --help`), where the command has subcommands. */
  subcommands?: Record<string, string>;
}

const subcommandsUsage = (subcommands: Record<string, string>) =>
  Object.values(subcommands)
    .map((text) => text.split('\n\n')[0]!)
    .join('\n')
    .replace(/\nUsage: /g, '\n       ');

export const HELP: Record<string, CommandHelp> = {
  web: {
    usage: `Usage: district-recon web [--port N] [--data-dir DIR] [--rebuild] ${DATABASE}

Serves the app in your browser on 127.0.0.1 and prints the link to open (with its per-launch
token); runs until stopped (Ctrl+C). Builds the app for the browser first when needed.

Options:
  --port N          Port to listen on (default: a free port)
  --data-dir DIR    The folder of the app's data (default: the app's own)
  --rebuild         Build the app for the browser even if it looks current
${DATABASE_OPTIONS}`,
  },
  sandbox: {
    usage: `${subcommandsUsage({ serve: SANDBOX_SERVE, statement: SANDBOX_STATEMENT })}

serve      Runs the simulated payment service (district-recon sandbox serve --help)
statement  Writes its bank statement (district-recon sandbox statement --help)`,
    subcommands: { serve: SANDBOX_SERVE, statement: SANDBOX_STATEMENT },
  },
  sync: {
    usage: `Usage: district-recon sync [--sandbox | --url URL] [--from YYYY-MM-DD] [--json] ${DATABASE}

One sync run from the payment service into the database (created if missing). The token and secret
come from RECON_TOKEN and RECON_SECRET, never from the command line. Progress goes to stderr, the
run's summary to stdout. Exit 0 the run succeeded, 1 it failed or was stopped.

Options:
  --url URL         The payment service (default: the one in Settings)
  --sandbox         Sync from a built-in sandbox service instead
  --from DATE       The first day to fetch (default: Settings' first-sync days)
  --json            The summary as JSON
${DATABASE_OPTIONS}`,
  },
  status: {
    usage: `Usage: district-recon status [--json] ${DATABASE}

What the database holds: counts, the range of transactions, the sync cursors and the last run.

Options:
  --json            JSON instead of text
${DATABASE_OPTIONS}`,
  },
  check: {
    usage: `Usage: district-recon check [--from YYYY-MM-DD --to YYYY-MM-DD] [--json] ${DATABASE}

The tie-out by day, school and payment method, every deposit that does not tie out, and the refunds,
returns and voids seen in the range. Exit 0 everything ties out, 1 something does not.

Options:
  --from, --to DATE   The range of deposit dates (both, or neither for every deposit)
  --json              JSON instead of text
${DATABASE_OPTIONS}`,
  },
  export: {
    usage: `${subcommandsUsage({ gl: EXPORT_GL, 'default-account': EXPORT_DEFAULT_ACCOUNT })}

gl               ${EXPORT_GL.split('\n\n')[1]!.replace(/\n/g, '\n                 ')}
default-account  ${EXPORT_DEFAULT_ACCOUNT.split('\n\n')[1]!.replace(/\n/g, '\n                 ')}`,
    subcommands: { gl: EXPORT_GL, 'default-account': EXPORT_DEFAULT_ACCOUNT },
  },
  bank: {
    usage: `${subcommandsUsage({ import: BANK_IMPORT, remove: BANK_REMOVE, status: BANK_STATUS })}

import  ${BANK_IMPORT.split('\n\n')[1]!.replace(/\n/g, '\n        ')}
remove  ${BANK_REMOVE.split('\n\n')[1]!.replace(/\n/g, '\n        ')}
status  ${BANK_STATUS.split('\n\n')[1]!.replace(/\n/g, '\n        ')}`,
    subcommands: { import: BANK_IMPORT, remove: BANK_REMOVE, status: BANK_STATUS },
  },
  serve: {
    usage: `Usage: district-recon serve [--host ADDR] [--port N] [--tls-cert FILE --tls-key FILE | --behind-proxy] ${DATABASE}

Runs the district server (team mode): the app and its contract for signed-in users, and the
nightly sync. Plain HTTP on loopback only; elsewhere give a certificate or run behind a proxy.
RECON_TOKEN and RECON_SECRET give the payment service's credentials. See docs/team-mode.md.

Options:
  --host ADDR                    Address to listen on (default 127.0.0.1)
  --port N                       Port (default 8080, or 8443 with a certificate)
  --tls-cert FILE --tls-key FILE  Serve HTTPS with this certificate and key (PEM)
  --behind-proxy                 A TLS-terminating proxy stands in front (binds loopback unless
                                 --trusted-proxy names where it connects from)
  --trusted-proxy ADDR[,ADDR]    The proxies whose X-Forwarded-* headers are believed
${DATABASE_OPTIONS}`,
  },
  users: {
    usage: `${subcommandsUsage(USERS)}

The district server's accounts. A password never comes from a flag: it is RECON_USER_PASSWORD, or
typed twice at a prompt that does not echo. --json lists as JSON.`,
    subcommands: USERS,
  },
  'migrate-to': {
    usage: `Usage: district-recon migrate-to --database postgres://USER@HOST/DB [--db FILE]

Copies this computer's database into a new, empty district server database (docs/team-mode.md).
The URL may come from RECON_DATABASE_URL instead, keeping its password out of the shell's history.

Options:
  --database URL    The district server's PostgreSQL (or RECON_DATABASE_URL)
  --db FILE         The SQLite file to move (default: the app's own)`,
  },
  refund: {
    usage: `Usage: district-recon refund TRANSACTION_ID [--amount 12.50] [--item ID=AMOUNT ...] --reason TEXT [--yes] ${DATABASE}

Refunds a settled sale at the payment service, exactly once: the sale is read fresh, what the
service would refuse is refused here with nothing sent, the request is stored before it is sent,
and a lost answer is looked up before anything is sent again.

Options:
  --amount 12.50    Refund this much (default: all that is left)
  --item ID=AMOUNT  Refund from one item (repeatable)
  --reason TEXT     Required: duplicate payment, overpayment, event cancelled, entered in error, or other text
  --yes             Send without asking (otherwise a terminal asks; with no terminal nothing is sent)
  --json            Print the outcome as JSON
  --url URL         The payment service (default: the saved connection); RECON_TOKEN, RECON_SECRET
${DATABASE_OPTIONS}`,
  },
  void: {
    usage: `Usage: district-recon void TRANSACTION_ID --reason TEXT [--yes] ${DATABASE}

Voids a sale that is still Pending, exactly once (a settled sale is refunded instead).

Options:
  --reason TEXT     Required: why the sale is cancelled
  --yes             Send without asking (otherwise a terminal asks; with no terminal nothing is sent)
  --json            Print the outcome as JSON
  --url URL         The payment service (default: the saved connection); RECON_TOKEN, RECON_SECRET
${DATABASE_OPTIONS}`,
  },
  collect: {
    usage: `Usage: district-recon collect --method cash|check --payee ID --amount 25.00 --payer "First Last" [options] ${DATABASE}

Records cash or a check a school office took in, at the service's virtual terminal, exactly once.

Options:
  --method cash|check      How it was paid
  --payee ID               The school (payee) that took it
  --amount 25.00           How much
  --payer "First Last"     Who paid (two or more words)
  --check-number N         The check's number (with --method check)
  --gl-account NUMBER      The Chart of Accounts number it goes to
  --item NAME=AMOUNT       What it paid for (repeatable; the items add up to the amount)
  --note TEXT              A note kept with it
  --yes             Send without asking (otherwise a terminal asks; with no terminal nothing is sent)
  --json            Print the outcome as JSON
  --url URL         The payment service (default: the saved connection); RECON_TOKEN, RECON_SECRET
${DATABASE_OPTIONS}`,
  },
  month: {
    usage: `${subcommandsUsage(MONTH)}

Closing a month per school (DESIGN.md §13): the checklist is computed from the store, never ticked.
The deadline is the closeDeadlineDay setting of the next month (default the 15th).`,
    subcommands: MONTH,
  },
  slip: {
    usage: `${subcommandsUsage(SLIP)}

Deposit slips: a school's business day of cash and checks, counted and verified by two people.`,
    subcommands: SLIP,
  },
};

/**
 * The help for `help WORDS` or `WORDS --help`: the command's, or its subcommand's when the word
 * after the command names one. Null for a command there is not.
 */
export function helpFor(command: string, next: string | undefined): string | null {
  const help = Object.hasOwn(HELP, command) ? HELP[command] : undefined;
  if (!help) return null;
  const sub = next !== undefined && help.subcommands && Object.hasOwn(help.subcommands, next) ? next : undefined;
  return sub ? help.subcommands![sub]! : help.usage;
}
