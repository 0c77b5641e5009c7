/**
 * The district's bank account as the sandbox's processor pays into it (DESIGN.md §10): which of the
 * sandbox's own batches reach the bank, when, and how they are lumped, plus the debits a real account
 * shows (a monthly service charge, ACH returns). A pure function of the state and its seed, so a demo
 * and a test see the same statement every time. bankFormats.ts writes it as BAI2, OFX or CSV.
 *
 * How each payee is paid is chosen by seed (payees in id order, rotated by the seed, in three kinds):
 * - plain: each batch is its own credit, for its total;
 * - split: card batches are paid net of fees (the partial amount, split settlement), others in full;
 * - lumped: a business day's batches of the payee, whatever their methods (card, ACH, cash and
 *   checks), are one credit, as food-service processors pay a school's day (issue 25); batches of
 *   several days that add up are a coincidence the engine only suggests, so none is paid as one.
 * Every credit posts 1 to 5 business days after its batch date, the lag drawn per batch, so postings
 * come out of order. Lines posted after `to` are not on the statement: those batches are in transit.
 */
import type { BankStatementLine } from '../../shared/domain';
import { addDays, businessDateOf, Temporal } from '../../shared/time';
import { hash32 } from './rng';
import { secToMs, type BatchRecord, type SandboxState, type TxnRecord } from './state';

export type PayeeBanking = 'plain' | 'split' | 'lumped';

/** A statement line (its account is the plan's) with what it pays: the answer key of the matching tests. */
export interface PlannedBankLine extends Omit<BankStatementLine, 'account'> {
  /** Its BAI2 type code: a deposit 165 (preauthorized ACH credit) or 301 (commercial deposit), a return 555, a charge 698. */
  kind: 'deposit' | 'service_charge' | 'ach_return';
  /** The batches a deposit pays (sorted), and whether it pays their totals or their partials. */
  batchIds: string[];
  basis: 'total' | 'partial' | null;
  /** An ACH return: the returned transaction. */
  transactionId: number | null;
}

export interface BankStatementPlan {
  account: string;
  from: string;
  to: string;
  banking: Map<number, PayeeBanking>;
  /** By posting date; within a day in the bank's (shuffled) order. */
  lines: PlannedBankLine[];
}

export interface BankStatementOptions {
  /** First posting day on the statement; default the first batch's date. */
  from?: string;
  /** Last posting day; default the day before the sandbox's open business day (a previous-day report). */
  to?: string;
}

/** A lump holds at most this many batches: the engine looks for lumps of up to six. */
const MAX_LUMP = 6;
const KINDS: readonly PayeeBanking[] = ['lumped', 'split', 'plain'];

export function bankAccountOf(state: SandboxState): string {
  return `00${state.districtId}${String(hash32(state.seed, 'account') % 1_000_000).padStart(6, '0')}`;
}

export function payeeBanking(state: SandboxState): Map<number, PayeeBanking> {
  const ids = state.payees.map((p) => p.id).sort((a, b) => a - b);
  return new Map(ids.map((id, index) => [id, KINDS[(index + state.seed) % KINDS.length]!]));
}

export function planBankStatement(state: SandboxState, options: BankStatementOptions = {}): BankStatementPlan {
  const first = state.batches[0]?.date;
  const to = options.to ?? (state.openDate ? addDays(state.openDate, -1) : (state.batches.at(-1)?.date ?? ''));
  const from = options.from ?? first ?? to;
  const banking = payeeBanking(state);
  const lines: PlannedBankLine[] = [
    ...depositLines(state, banking),
    ...returnLines(state),
    ...serviceCharges(state, first ?? from, to),
  ].filter((line) => line.postedDate >= from && line.postedDate <= to);
  lines.sort(
    (a, b) =>
      a.postedDate.localeCompare(b.postedDate) ||
      hash32(state.seed, 'order', a.bankReference) - hash32(state.seed, 'order', b.bankReference),
  );
  return { account: bankAccountOf(state), from, to, banking, lines };
}

function family(method: string): 'card' | 'ach' | 'cash' {
  return method === 'CC' ? 'card' : method === 'ACH' ? 'ach' : 'cash';
}

function depositLines(state: SandboxState, banking: Map<number, PayeeBanking>): PlannedBankLine[] {
  const lines: PlannedBankLine[] = [];
  const lumps = new Map<string, BatchRecord[]>();
  for (const batch of state.batches) {
    const kind = banking.get(batch.payeeId) ?? 'plain';
    // Lumped payees post a whole day together; the others batch by batch.
    const lag = 1 + (hash32(state.seed, 'lag', kind === 'lumped' ? `${batch.payeeId}|${batch.date}` : batch.id) % 5);
    const posted = addBusinessDays(batch.date, lag);
    if (kind === 'lumped') {
      const key = `${posted}|${batch.payeeId}|${batch.date}`;
      lumps.set(key, [...(lumps.get(key) ?? []), batch]);
      continue;
    }
    const net = kind === 'split' && batch.method === 'CC' && batch.partial !== batch.total;
    lines.push(deposit(state, posted, [batch], net ? 'partial' : 'total'));
  }
  for (const [key, batches] of lumps) {
    const posted = key.slice(0, 10);
    for (let i = 0; i < batches.length; i += MAX_LUMP) {
      lines.push(deposit(state, posted, batches.slice(i, i + MAX_LUMP), 'total'));
    }
  }
  return lines;
}

function deposit(state: SandboxState, posted: string, batches: BatchRecord[], basis: 'total' | 'partial') {
  const first = batches[0]!;
  const payee = state.payees.find((p) => p.id === first.payeeId);
  const amount = batches.reduce((sum, b) => sum + (basis === 'partial' ? b.partial : b.total), 0);
  const cashFamily = family(first.method) === 'cash';
  const ids = batches.map((b) => b.id).sort();
  return {
    postedDate: posted,
    amountCents: amount,
    kind: 'deposit' as const,
    typeCode: cashFamily ? '301' : '165',
    bankReference: reference(state, posted, `d${ids.join(',')}`),
    text: `${cashFamily ? 'DEPOSIT' : 'MERCHANT SETTLEMENT'} ${payee?.merchantId ?? first.payeeId} ${(payee?.name ?? '').toUpperCase()}`.trim(),
    batchIds: ids,
    basis,
    transactionId: null,
  };
}

/**
 * ACH returns the service reports: the bank takes the money back 10 to 25 business days after the
 * payment (the engine looks up to 42 back). A return still in the future of the statement is left off.
 */
function returnLines(state: SandboxState): PlannedBankLine[] {
  const returned = state.transactions.filter((t) => t.status === 'Returned' && t.method === 'ACH');
  return returned.map((txn: TxnRecord) => {
    const paid = businessDateOf(Temporal.Instant.fromEpochMilliseconds(secToMs(txn.created)));
    const posted = addBusinessDays(paid, 10 + (hash32(state.seed, 'return', txn.id) % 16));
    const code = txn.statusMessage.match(/R\d\d/)?.[0] ?? 'R01';
    return {
      postedDate: posted,
      amountCents: -txn.amount,
      kind: 'ach_return' as const,
      typeCode: '555',
      bankReference: reference(state, posted, `r${txn.id}`),
      text: `ACH RETURN ${code} ${txn.payer?.name.toUpperCase() ?? ''} TXN ${txn.id}`.trim(),
      batchIds: [],
      basis: null,
      transactionId: txn.id,
    };
  });
}

/** The account analysis charge: a debit on the first business day of each month, for the month before. */
function serviceCharges(state: SandboxState, from: string, to: string): PlannedBankLine[] {
  const lines: PlannedBankLine[] = [];
  if (!from || !to) return lines;
  let month = `${from.slice(0, 7)}-01`;
  for (;;) {
    const next = addDays(month, 32).slice(0, 7) + '-01';
    const posted = addBusinessDays(addDays(next, -1), 1);
    if (posted > to) return lines;
    lines.push({
      postedDate: posted,
      amountCents: -(2_500 + (hash32(state.seed, 'fee', month) % 12_000)),
      kind: 'service_charge',
      typeCode: '698',
      bankReference: reference(state, posted, `f${month}`),
      text: `ACCOUNT ANALYSIS SERVICE CHARGE ${month.slice(0, 7)}`,
      batchIds: [],
      basis: null,
      transactionId: null,
    });
    month = next;
  }
}

/** A bank reference: unique per line, the same for the same line in every statement of this seed. */
function reference(state: SandboxState, posted: string, what: string): string {
  const digits = String(hash32(state.seed, 'ref', what)).padStart(10, '0');
  return `${posted.slice(2).replaceAll('-', '')}${digits}`;
}

/** `days` weekdays after `date` (weekends skipped; the sandbox's bank knows no holidays). */
export function addBusinessDays(date: string, days: number): string {
  let day = date;
  let left = days;
  while (left > 0) {
    day = addDays(day, 1);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day;
}
