/**
 * `district-recon slip create | verify | list | pdf`: deposit slips (DESIGN.md §12) from a terminal,
 * through the contract methods slips.create|verify|list|pdf, on an existing database (no service
 * connection: a slip groups collections the store already holds).
 */
import { renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { DENOMINATIONS, type Denomination, type DepositSlip } from '../../../shared/contract';
import { formatMoney } from '../../../shared/money';
import { dateFlag, intFlag, parseFlags, runSubcommand, UsageError } from '../args';
import { withExistingStore } from '../existingStore';
import { stdout } from '../output';

export function run(argv: string[]): Promise<number> {
  return runSubcommand(argv, 'slip', { create, verify, list, pdf });
}

/** `20=3,1=4,0.25=8`: pieces per denomination. */
export function cashFlag(value: string | undefined): Partial<Record<Denomination, number>> {
  const cash: Partial<Record<Denomination, number>> = {};
  for (const part of (value ?? '').split(',').filter((p) => p.trim())) {
    const [denomination = '', pieces = ''] = part.split('=').map((x) => x.trim());
    const known = DENOMINATIONS.find((d) => Number(d) === Number(denomination) && denomination !== '');
    if (!known)
      throw new UsageError(
        `--cash: ${JSON.stringify(denomination)} is not a denomination (${DENOMINATIONS.join(' ')})`,
      );
    if (!/^\d{1,7}$/.test(pieces))
      throw new UsageError(`--cash: ${known}=${JSON.stringify(pieces)} needs a whole number of pieces`);
    cash[known] = (cash[known] ?? 0) + Number(pieces);
  }
  return cash;
}

async function create(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: ['payee', 'date', 'cash', 'checks', 'comment', 'counted-by', 'db', 'database'],
    booleans: ['json'],
    maxPositionals: 0,
  });
  const payeeId = intFlag(values.payee, 'payee', 1, Number.MAX_SAFE_INTEGER);
  const date = dateFlag(values.date, 'date');
  if (payeeId === undefined) throw new UsageError('slip create needs --payee ID');
  if (date === undefined) throw new UsageError('slip create needs --date YYYY-MM-DD');
  const cash = cashFlag(values.cash);
  return withExistingStore(values, async (engine) => {
    const slip = await engine.call('slips.create', {
      payeeId,
      date,
      cash,
      ...(values.checks !== undefined ? { countedChecks: values.checks } : {}),
      ...(values.comment !== undefined ? { comment: values.comment } : {}),
      ...(values['counted-by'] !== undefined ? { countedBy: values['counted-by'] } : {}),
    });
    print(slip, values.json);
    return 0;
  });
}

async function verify(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    strings: ['verified-by', 'db', 'database'],
    booleans: ['json'],
    maxPositionals: 1,
  });
  const id = positionals[0];
  if (!id) throw new UsageError('slip verify needs the SLIP_ID');
  return withExistingStore(values, async (engine) => {
    const slip = await engine.call('slips.verify', {
      id,
      ...(values['verified-by'] !== undefined ? { verifiedBy: values['verified-by'] } : {}),
    });
    print(slip, values.json);
    return 0;
  });
}

async function list(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: ['from', 'to', 'payee', 'db', 'database'],
    booleans: ['json'],
    maxPositionals: 0,
  });
  const from = dateFlag(values.from, 'from');
  const to = dateFlag(values.to, 'to');
  const payeeId = intFlag(values.payee, 'payee', 1, Number.MAX_SAFE_INTEGER);
  return withExistingStore(values, async (engine) => {
    const slips = await engine.call('slips.list', {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(payeeId !== undefined ? { payeeId } : {}),
    });
    if (values.json) stdout.write(`${JSON.stringify(slips, null, 2)}\n`);
    else if (slips.length === 0) stdout.write('No deposit slips.\n');
    else for (const slip of slips) stdout.write(`${lineOf(slip)}\n`);
    return 0;
  });
}

async function pdf(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, { strings: ['out', 'db', 'database'], maxPositionals: 1 });
  const id = positionals[0];
  if (!id) throw new UsageError('slip pdf needs the SLIP_ID');
  if (!values.out) throw new UsageError('slip pdf needs --out FILE.pdf');
  const out = values.out;
  return withExistingStore(values, async (engine) => {
    const printed = await engine.call('slips.pdf', { id });
    // Written beside the target, then renamed over it: a reader never sees half a file.
    const temporary = join(dirname(out), `.${basename(out)}.${process.pid}.tmp`);
    try {
      writeFileSync(temporary, Buffer.from(printed.base64, 'base64'));
      renameSync(temporary, out);
    } catch (error) {
      try {
        unlinkSync(temporary);
      } catch {
        // Not written at all.
      }
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(`${out}: cannot be written (${code ?? 'error'}); nothing was written`);
    }
    stdout.write(`Wrote ${out} (slip ${id}, SHA-256 ${printed.sha256})\n`);
    return 0;
  });
}

function lineOf(slip: DepositSlip): string {
  const overShort =
    slip.overShortCents === 0
      ? 'counted as recorded'
      : `${slip.overShortCents > 0 ? 'over' : 'short'} ${formatMoney(Math.abs(slip.overShortCents))} (${slip.comment})`;
  const verified = slip.verifiedBy
    ? `verified by ${slip.verifiedBy}${slip.onePerson ? ' (single-user: one person counted and verified)' : ''}`
    : 'not verified yet';
  return `${slip.id}  ${slip.date}  ${slip.payeeName ?? `payee ${slip.payeeId}`}  ${formatMoney(slip.totalCents)} in ${slip.items.length} collections, ${overShort}; counted by ${slip.countedBy}, ${verified}`;
}

function print(slip: DepositSlip, json: boolean): void {
  stdout.write(json ? `${JSON.stringify(slip, null, 2)}\n` : `${lineOf(slip)}\n`);
}
