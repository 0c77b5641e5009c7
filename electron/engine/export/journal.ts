/**
 * Folds GL rows into what every layout needs: one balanced journal entry per deposit (batch): a debit
 * to the clearing account for the batch's GL total against a credit to each Chart of Accounts account,
 * and the per-account and per-payee summaries. All in integer cents; every total is a cents sum.
 * Both stream: nothing here grows with the number of rows.
 */
import type { GlExportRow } from '../store/glBatches';

/**
 * What a report's sheets show for money with no Chart of Accounts account (neither the service's nor
 * a default the bookkeeper chose). Only a report carries it: a posting is refused before it is
 * written while any such money is in scope (noAccount.ts), so no ledger ever sees it.
 */
export const NO_ACCOUNT = 'No account';

export interface JournalLine {
  account: string;
  label: string;
  /** Positive: credit to a revenue account. A negative GL amount becomes a debit. */
  creditCents: number;
}

export interface JournalEntry {
  date: string;
  batchId: string;
  payeeId: number;
  payeeName: string | null;
  paymentMethod: string | null;
  /** The debit to the clearing account: the sum of the lines. */
  debitCents: number;
  lines: JournalLine[];
}

export interface AccountTotal {
  account: string;
  label: string;
  amountCents: number;
  amountWithoutFeesCents: number;
  count: number;
}

export interface PayeeTotal {
  payeeId: number;
  payeeName: string | null;
  amountCents: number;
  amountWithoutFeesCents: number;
  count: number;
}

export interface ExportTotals {
  rowCount: number;
  amountCents: number;
  amountWithoutFeesCents: number;
  count: number;
}

function labelOf(row: GlExportRow): { account: string; label: string } {
  return {
    account: row.glNumber ?? NO_ACCOUNT,
    label: row.glLabel ?? (row.glNumber ? '' : 'No Chart of Accounts account: choose one in Settings'),
  };
}

/** Totals over every row, per Chart of Accounts account and per payee: a few small maps, whatever the row count. */
export class ExportSummary {
  readonly totals: ExportTotals = { rowCount: 0, amountCents: 0, amountWithoutFeesCents: 0, count: 0 };
  /** Journal entries of deposits (batches) written; the workbook counts them as it writes the journal. */
  deposits = 0;
  private readonly accounts = new Map<string, AccountTotal>();
  private readonly payees = new Map<number, PayeeTotal>();

  add(row: GlExportRow): void {
    const { account, label } = labelOf(row);
    this.totals.rowCount += 1;
    this.totals.amountCents += row.amountCents;
    this.totals.amountWithoutFeesCents += row.amountWithoutFeesCents;
    this.totals.count += row.count;

    let byAccount = this.accounts.get(account);
    if (!byAccount) {
      byAccount = { account, label, amountCents: 0, amountWithoutFeesCents: 0, count: 0 };
      this.accounts.set(account, byAccount);
    }
    byAccount.amountCents += row.amountCents;
    byAccount.amountWithoutFeesCents += row.amountWithoutFeesCents;
    byAccount.count += row.count;
    if (!byAccount.label && label) byAccount.label = label;

    let byPayee = this.payees.get(row.payeeId);
    if (!byPayee) {
      byPayee = { payeeId: row.payeeId, payeeName: row.payeeName, amountCents: 0, amountWithoutFeesCents: 0, count: 0 };
      this.payees.set(row.payeeId, byPayee);
    }
    byPayee.amountCents += row.amountCents;
    byPayee.amountWithoutFeesCents += row.amountWithoutFeesCents;
    byPayee.count += row.count;
  }

  accountTotals(): AccountTotal[] {
    return [...this.accounts.values()].sort((a, b) => a.account.localeCompare(b.account, 'en'));
  }

  payeeTotals(): PayeeTotal[] {
    return [...this.payees.values()].sort((a, b) => a.payeeId - b.payeeId);
  }
}

/**
 * One journal entry per deposit, yielded as soon as its batch's rows are past, so only one entry is
 * ever held. Rows must arrive ordered by date then batch (as glRowsOf streams them).
 */
export async function* journalEntries(
  rows: AsyncIterable<GlExportRow> | Iterable<GlExportRow>,
): AsyncGenerator<JournalEntry> {
  let entry: JournalEntry | null = null;
  let lines = new Map<string, JournalLine>();
  for await (const row of rows) {
    if (!entry || entry.batchId !== row.batchId || entry.date !== row.date) {
      if (entry) yield entry;
      entry = {
        date: row.date,
        batchId: row.batchId,
        payeeId: row.payeeId,
        payeeName: row.payeeName,
        paymentMethod: row.paymentMethod,
        debitCents: 0,
        lines: [],
      };
      lines = new Map();
    }
    const { account, label } = labelOf(row);
    let line = lines.get(account);
    if (!line) {
      line = { account, label, creditCents: 0 };
      lines.set(account, line);
      entry.lines.push(line);
    }
    line.creditCents += row.amountCents;
    entry.debitCents += row.amountCents;
  }
  if (entry) yield entry;
}

/** Debit and credit of one line, for layouts with two columns: a negative credit is a debit. */
export function sides(creditCents: number): { debitCents: number; creditCents: number } {
  return creditCents >= 0 ? { debitCents: 0, creditCents } : { debitCents: -creditCents, creditCents: 0 };
}
