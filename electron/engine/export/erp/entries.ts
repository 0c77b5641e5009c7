/**
 * What every ERP layout is written from: balanced journal entries, deposits and reversals alike, so both
 * flow through one validator and one writer. Amounts are integer cents; text is full length here (the
 * layouts cut it to their widths, the workbook keeps it whole).
 */
import type { JournalEntry } from '../journal';

export interface ErpLine {
  /** The Chart of Accounts number as the service holds it (IIF maps it to a QuickBooks name). */
  account: string;
  debitCents: number;
  creditCents: number;
  description: string;
  /** What the line came from: the batch id of a deposit, the transaction of a reversal. */
  sourceRef: string;
  /**
   * The deposit (clearing/cash) side. ASCENDER posts it itself from the contra offset, so that layout
   * leaves these lines out; every other layout writes them.
   */
  clearing: boolean;
}

export type ErpEntryKind = 'deposit' | 'reversal';

export interface ErpEntry {
  kind: ErpEntryKind;
  /** Central business date, YYYY-MM-DD: the deposit's date, or the date the sync first saw the reversal. */
  date: string;
  /** The batch id of a deposit; the caller's id of a reversal. */
  reference: string;
  /** A title for the whole entry (ASCENDER's receipt description). */
  description: string;
  lines: ErpLine[];
}

/** Where a refusal points: the entry and, when it is about one, the line (1-based). */
export function entryLabel(entry: ErpEntry, line?: number): string {
  const where = `${entry.kind} ${entry.reference} of ${entry.date}`;
  return line === undefined ? where : `${where}, line ${line}`;
}

/**
 * Today's deposit entry (journal.ts: a clearing debit against a credit per account) as an ERP entry,
 * with the descriptions the je-csv layout has always written.
 */
export function depositEntry(entry: JournalEntry, clearingAccount: string): ErpEntry {
  const payee = entry.payeeName ?? `Payee ${entry.payeeId}`;
  const method = entry.paymentMethod ? ` ${entry.paymentMethod}` : '';
  const title = `Deposit ${entry.batchId} ${payee}${method}`;
  const lines: ErpLine[] = [
    {
      account: clearingAccount,
      ...sides(-entry.debitCents),
      description: title,
      sourceRef: entry.batchId,
      clearing: true,
    },
  ];
  for (const line of entry.lines) {
    lines.push({
      account: line.account,
      ...sides(line.creditCents),
      description: `${line.label || line.account} - batch ${entry.batchId} ${payee}`,
      sourceRef: entry.batchId,
      clearing: false,
    });
  }
  return { kind: 'deposit', date: entry.date, reference: entry.batchId, description: title, lines };
}

export interface ReversalEntryInput {
  date: string;
  reference: string;
  description: string;
  clearingAccount: string;
  /** The allocation (reconcile/allocateReversal.ts): what each account gives back. */
  lines: ReadonlyArray<{ glAccount: string; amountCents: number; description: string; sourceRef: string }>;
}

/** A reversal: debit each revenue account its share, credit the deposit (clearing) account the total. */
export function reversalEntry(input: ReversalEntryInput): ErpEntry {
  const total = input.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const lines: ErpLine[] = input.lines.map((line) => ({
    account: line.glAccount,
    ...sides(-line.amountCents),
    description: line.description,
    sourceRef: line.sourceRef,
    clearing: false,
  }));
  lines.push({
    account: input.clearingAccount,
    ...sides(total),
    description: input.description,
    sourceRef: input.reference,
    clearing: true,
  });
  return { kind: 'reversal', date: input.date, reference: input.reference, description: input.description, lines };
}

/** Debit and credit of a signed credit: a negative credit is a debit. */
function sides(creditCents: number): { debitCents: number; creditCents: number } {
  return creditCents >= 0 ? { debitCents: 0, creditCents } : { debitCents: -creditCents, creditCents: 0 };
}

/** The rule an entry breaks before any layout looks at it, or null. */
export function entryProblem(entry: ErpEntry): { line?: number; rule: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.date)) return { rule: `the date "${entry.date}" is not YYYY-MM-DD` };
  if (entry.lines.length < 2) return { rule: 'a journal entry needs at least two lines' };
  let debits = 0;
  let credits = 0;
  for (const [index, line] of entry.lines.entries()) {
    const ok = (cents: number) => Number.isSafeInteger(cents) && cents >= 0;
    if (!ok(line.debitCents) || !ok(line.creditCents)) {
      return { line: index + 1, rule: 'debit and credit must be whole, non-negative cents' };
    }
    debits += line.debitCents;
    credits += line.creditCents;
  }
  if (debits !== credits) return { rule: `debits (${debits} cents) do not equal credits (${credits} cents)` };
  return null;
}
