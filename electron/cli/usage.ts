/**
 * What `--help`, `-h` and `help CMD [SUB]` print (issue 30 item 9), for every command and
 * subcommand. Kept apart from the commands, which import the engine: help answers without loading
 * any of it. A flag added to a command belongs in its text here too.
 */

const DATABASE = '[--db FILE | --database URL]';
const DATABASE_OPTIONS = `  --db FILE         The SQLite database (default: the app's own, in RECON_DATA_DIR or the app's folder)
  --database URL    A district server's PostgreSQL, postgres://USER@HOST/DB (or RECON_DATABASE_URL)`;

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

const SANDBOX_SERVE = `Usage: district-recon sandbox serve [options]

Runs the simulated payment service on 127.0.0.1 until stopped (Ctrl+C).

Options:
  --port N        Port to listen on (default: a free port)
  --seed S        Scenario and fault seed (default 1)
  --days D        Days of history ending yesterday (default 90; 0 = empty)
  --volume N      Mean transactions per weekday (default 300)
  --now ISO       Simulated start instant, e.g. 2026-03-10T20:00:00Z (default: real time; the clock runs)
  --fee-percent P Card and ACH convenience fees as P% of each payment with no minimum, e.g. 3.35
                  (fees under $1.00 on small payments; default 3% with a $1.00 minimum)
  --token T       Access token to accept (default sandbox-token)
  --secret S      Secret to accept (default sandbox-secret)
  --faults SPEC   default | comma-separated name=value: latency=5-60, 5xx=0.05, 429=0.05,
                  timeout=0.01, reset=0.01, truncate=0.01, malformed=0.01, page-change=0.05,
                  hang=5000, retry-after=1, max-consecutive=2, post; for writes (POST /txns):
                  lost-answer=R (applied, answer dropped), late-answer=R with late=MS`;

const SANDBOX_STATEMENT = `Usage: district-recon sandbox statement --format bai2|ofx|csv --out FILE [options]

Writes the bank statement of the sandbox's batches: deposits posted 1-5 business days late, lumped
for some schools and net of fees for others, a monthly service charge and ACH returns.

Options:
  --seed S, --days D, --volume N, --now ISO   The scenario, as for sandbox serve
  --from DATE, --to DATE                      Posting days on the statement (default: all, to yesterday)
  --force                                     Replace FILE if it exists`;

const EXPORT_GL = `Usage: district-recon export gl [--from YYYY-MM-DD --to YYYY-MM-DD] --out FILE [options]

Writes the GL batches of the range to FILE in the chosen layout (and, for an ERP layout, its Excel
workbook beside it), and records the posting so no deposit is posted twice. Without --from/--to the
range is the one GL Batches opens on, printed. Progress goes to stderr.

Options:
  --from, --to DATE     The range of GL-batch dates (both, or neither)
  --out FILE            Where to write; an existing file is refused unless --force
  --layout L            xlsx (default), je-csv, ascender, escape or iif
  --payees 1,2          Only these schools (payee ids)
  --methods Card,ACH    Only these payment methods: Card, ACH, Cash, Check
  --force               Replace an existing regular FILE (never a device, FIFO, folder or a link
                        out of its folder)
  --strict              Refuse to post when a deposit of the range does not tie out (not synced,
                        differs or not signed off); without it each is named on stderr and posted
  --repost              Post again what an earlier export posted (left out and said otherwise)
  --report              Write the workbook alone, as a report: it posts nothing and claims no
                        deposit, so it can be written any number of times (no --layout)
  --account-map FILE    The layout's ERP account codes, a CSV with columns number,code (Chart of
                        Accounts number, ERP code); saved for later exports. Codes that cannot fit
                        the layout are named and nothing is written
${DATABASE_OPTIONS}`;

const EXPORT_DEFAULT_ACCOUNT = `Usage: district-recon export default-account (--school ID | --item NAME) (--account NUMBER | --clear) ${DATABASE}

Chooses the Chart of Accounts account for money the service gives none: a school's GL rows (by its
payee id) or a transaction item (by its name). A posting with money on no account is refused, naming
it, until one is chosen; nothing is ever posted to an account nobody chose.

Options:
  --school ID        The school (payee id) whose GL rows with no account post to --account
  --item NAME        The item name whose items with no account post to --account
  --account NUMBER   The Chart of Accounts number
  --clear            Remove the default instead
${DATABASE_OPTIONS}`;

const BANK_IMPORT = `Usage: district-recon bank import FILE [--format bai2|ofx|csv] [--mapping NAME] [--columns SETTING=VALUE,... | --mapping-file FILE.json] ${DATABASE}

Reads a bank statement (BAI2, OFX/QFX, or CSV read with a column mapping), stores the lines no
earlier statement brought (in any format), and matches them to deposits. A CSV mapping given here
is tried on the file and saved as --mapping NAME for next time.

Options:
  --format F             bai2, ofx or csv (default: found from the file)
  --mapping NAME         The saved CSV column mapping to read a CSV with (or the name to save one as)
  --columns LIST         A CSV mapping: date=Posted,amount=Amount,description=Memo[,reference=Ref]
                         [,debit=Out,credit=In][,dateFormat=M/D/YYYY][,delimiter=;][,skipLines=2]
                         [,decimalSeparator=,][,signConvention=...] (a backslash escapes , or =)
  --mapping-file FILE    A CSV mapping as JSON, in the shape the app saves
${DATABASE_OPTIONS}`;

const BANK_REMOVE = `Usage: district-recon bank remove STATEMENT_ID [--by NAME] ${DATABASE}

Undoes an import: the statement, the lines only it holds, their matches and explanations (lines a
later statement also holds stay). Recorded with who and when.

Options:
  --by NAME         Who removes it, recorded with the time (default: the acting user)
${DATABASE_OPTIONS}`;

const BANK_STATUS = `Usage: district-recon bank status [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json] ${DATABASE}

Bank lines posted in the range with their match state, and deposits in transit (no bank line yet,
more business days after the deposit than Settings allows). In --json, a suggested line's batchIds
are its best suggestion's.

Options:
  --from, --to DATE   Posting days to show (default: all)
  --json              JSON instead of text
${DATABASE_OPTIONS}`;

/** `month packet` (issue 29 item 3): the month engineer's `month` help lists it among its subcommands. */
export const MONTH_PACKET = `Usage: district-recon month packet --month YYYY-MM [--payee ID] --out FILE.pdf [--force] ${DATABASE}

Prints the auditor's packet of a school's month (--payee), or without --payee the district packet
over every school's, as a PDF: cover, bank reconciliation, deposit log, receipts by account,
reversals, deposit slips, exceptions and the audit trail, with the content's SHA-256 on every page.
DRAFT on every page while the month is not closed; a closed month's packet is the one stored at close.

Options:
  --month YYYY-MM   The month (Central business dates)
  --payee ID        The school (payee id, as status lists them); without it, the district packet
  --out FILE.pdf    Where to write it (never through a link, onto a device or pipe)
  --force           Replace FILE.pdf if it exists
${DATABASE_OPTIONS}`;

const MONTH = {
  status: `Usage: district-recon month status --month YYYY-MM [--payee ID] [--json] ${DATABASE}

A school's month: its state (open, ready, submitted, closed) and its checklist, each open item named.
Without --payee, the district: one row per school (state, days past the deadline, deposits signed
off and bank matched, in transit, difference, pending approvals), most behind first. Exit 1 while
items are open.`,
  submit: `Usage: district-recon month submit --month YYYY-MM --payee ID [--json] ${DATABASE}

Hands a school's month whose checklist is met to an approver (team mode: a preparer submits).`,
  close: `Usage: district-recon month close --month YYYY-MM [--payee ID] [--json] ${DATABASE}

Closes a school's month once it has ended and its checklist is met; refused with one line per open
item otherwise. A closed month is locked: every write to it is refused (CLOSED) until an admin
re-opens it. Without --payee, closes every school whose month is ready or submitted and names the rest.
One person preparing and closing is recorded as self-approved.`,
  reopen: `Usage: district-recon month reopen --month YYYY-MM --payee ID --reason TEXT [--json] ${DATABASE}

Re-opens a closed month (admin); the reason is kept with the month and its packet is marked
superseded (kept).`,
  packet: MONTH_PACKET,
};

const USERS = {
  add: `Usage: district-recon users add NAME --role viewer|preparer|approver|admin ${DATABASE}

Adds a district server account. The password is RECON_USER_PASSWORD, or typed twice at a prompt
that does not echo (never a flag). Adding the first admin may come before the first serve.`,
  list: `Usage: district-recon users list [--json] ${DATABASE}

Lists the district server's accounts: name, role, active or disabled, since when.`,
  disable: `Usage: district-recon users disable NAME ${DATABASE}

Disables an account; its sessions end at once.`,
  password: `Usage: district-recon users password NAME ${DATABASE}

Sets a new password (RECON_USER_PASSWORD, or typed twice); the account's sessions end.`,
};

const subcommandsUsage = (subcommands: Record<string, string>) =>
  Object.values(subcommands)
    .map((text) => text.split('\n\n')[0]!)
    .join('\n')
    .replace(/\nUsage: /g, '\n       ');

const SLIP_CREATE = `Usage: district-recon slip create --payee ID --date YYYY-MM-DD [--cash 20=3,1=4,0.25=8] [--checks 12.50] [--comment TEXT] ${DATABASE}

Groups a school's cash and check collections of one business day (those on no slip yet) into a
deposit slip, with the cash counted by denomination and the checks' sum as counted. Counted and
recorded must agree, or --comment says why (over/short). Refused, with nothing saved, otherwise.

Options:
  --payee ID            The school (payee)
  --date YYYY-MM-DD     The business day (Central)
  --cash D=N,...        Pieces per denomination in dollars: 100 50 20 10 5 2 1 0.50 0.25 0.10 0.05 0.01
  --checks 12.50        The checks' sum as counted (default: as recorded)
  --comment TEXT        Why counted and recorded differ (required when they do)
  --counted-by NAME     Who counted (single-user; a district server records the signed-in user)
  --json                The slip as JSON
${DATABASE_OPTIONS}`;

const SLIP_VERIFY = `Usage: district-recon slip verify SLIP_ID [--verified-by NAME] ${DATABASE}

The second person's check of a slip. On a district server, never the person who counted it;
single-user, the one name is recorded and the slip says so.

Options:
  --verified-by NAME    Who verified (single-user)
  --json                The slip as JSON
${DATABASE_OPTIONS}`;

const SLIP_LIST = `Usage: district-recon slip list [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--payee ID] [--json] ${DATABASE}

Deposit slips, newest day first, with their totals, over/short and who counted and verified them.

Options:
  --from, --to DATE   Business days to show (default: all)
  --payee ID          One school only
  --json              JSON instead of text
${DATABASE_OPTIONS}`;

const SLIP_PDF = `Usage: district-recon slip pdf SLIP_ID --out FILE.pdf ${DATABASE}

Prints a slip as one PDF page (the same bytes each time for the slip as stored).

Options:
  --out FILE.pdf      Where to write it (replaced whole, never half written)
${DATABASE_OPTIONS}`;

const SLIP = { create: SLIP_CREATE, verify: SLIP_VERIFY, list: SLIP_LIST, pdf: SLIP_PDF };

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
