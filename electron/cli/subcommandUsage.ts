/**
 * The subcommands' help texts (issue 30 item 9): what `district-recon CMD SUB --help` prints. The
 * commands' own help, and the one lookup every command's --help goes through, are in usage.ts.
 */

export const DATABASE = '[--db FILE | --database URL]';
export const DATABASE_OPTIONS = `  --db FILE         The SQLite database (default: the app's own, in RECON_DATA_DIR or the app's folder)
  --database URL    A district server's PostgreSQL, postgres://USER@HOST/DB (or RECON_DATABASE_URL)`;

export const SANDBOX_SERVE = `Usage: district-recon sandbox serve [options]

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

export const SANDBOX_STATEMENT = `Usage: district-recon sandbox statement --format bai2|ofx|csv --out FILE [options]

Writes the bank statement of the sandbox's batches: deposits posted 1-5 business days late, lumped
for some schools and net of fees for others, a monthly service charge and ACH returns.

Options:
  --seed S, --days D, --volume N, --now ISO   The scenario, as for sandbox serve
  --from DATE, --to DATE                      Posting days on the statement (default: all, to yesterday)
  --force                                     Replace FILE if it exists`;

export const EXPORT_GL = `Usage: district-recon export gl [--from YYYY-MM-DD --to YYYY-MM-DD] --out FILE [options]

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

export const EXPORT_DEFAULT_ACCOUNT = `Usage: district-recon export default-account (--school ID | --item NAME) (--account NUMBER | --clear) ${DATABASE}

Chooses the Chart of Accounts account for money the service gives none: a school's GL rows (by its
payee id) or a transaction item (by its name). A posting with money on no account is refused, naming
it, until one is chosen; nothing is ever posted to an account nobody chose.

Options:
  --school ID        The school (payee id) whose GL rows with no account post to --account
  --item NAME        The item name whose items with no account post to --account
  --account NUMBER   The Chart of Accounts number
  --clear            Remove the default instead
${DATABASE_OPTIONS}`;

export const BANK_IMPORT = `Usage: district-recon bank import FILE [--format bai2|ofx|csv] [--mapping NAME] [--columns SETTING=VALUE,... | --mapping-file FILE.json] ${DATABASE}

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

export const BANK_REMOVE = `Usage: district-recon bank remove STATEMENT_ID [--by NAME] ${DATABASE}

Undoes an import: the statement, the lines only it holds, their matches and explanations (lines a
later statement also holds stay). Recorded with who and when.

Options:
  --by NAME         Who removes it, recorded with the time (default: the acting user)
${DATABASE_OPTIONS}`;

export const BANK_STATUS = `Usage: district-recon bank status [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json] ${DATABASE}

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

export const MONTH = {
  status: `Usage: district-recon month status --month YYYY-MM [--payee ID | --xlsx FILE.xlsx [--force]] [--json] ${DATABASE}

A school's month: its state (open, ready, submitted, closed) and its checklist, each open item named.
Without --payee, the district: one row per school (state, days past the deadline, deposits signed
off and bank matched, in transit, difference, pending approvals), most behind first; --xlsx also
writes those rows to an Excel workbook (never through a link, onto a device or pipe; an existing
file only with --force). Exit 1 while items are open.`,
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

export const USERS = {
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

export const SLIP = { create: SLIP_CREATE, verify: SLIP_VERIFY, list: SLIP_LIST, pdf: SLIP_PDF };
