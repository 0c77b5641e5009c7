/**
 * Folds GL rows into what every layout needs: one balanced journal entry per deposit (batch): a debit
 * to the clearing account for the batch's GL total against a credit to each Chart of Accounts account,
 * and the per-account and per-payee summaries. All in integer cents; every total is a cents sum.
 */
import type { GlExportRow } from './glRows';

/** The account a GL row without a Chart of Accounts account is credited to. */
export const UNASSIGNED_ACCOUNT = 'UNASSIGNED';

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

export class JournalBuilder {
  readonly entries: JournalEntry[] = [];
  readonly totals: ExportTotals = { rowCount: 0, amountCents: 0, amountWithoutFeesCents: 0, count: 0 };
  private readonly accounts = new Map<string, AccountTotal>();
  private readonly payees = new Map<number, PayeeTotal>();
  private current: { entry: JournalEntry; lines: Map<string, JournalLine> } | null = null;

  /** Rows must arrive ordered by date then batch (as streamGlRows gives them). */
  add(row: GlExportRow): void {
    const account = row.glNumber ?? UNASSIGNED_ACCOUNT;
    const label = row.glLabel ?? (row.glNumber ? '' : 'No Chart of Accounts account');
    this.totals.rowCount += 1;
    this.totals.amountCents += row.amountCents;
    this.totals.amountWithoutFeesCents += row.amountWithoutFeesCents;
    this.totals.count += row.count;

    const byAccount = this.accounts.get(account) ?? { account, label, amountCents: 0, amountWithoutFeesCents: 0, count: 0 };
    byAccount.amountCents += row.amountCents;
    byAccount.amountWithoutFeesCents += row.amountWithoutFeesCents;
    byAccount.count += row.count;
    if (!byAccount.label && label) byAccount.label = label;
    this.accounts.set(account, byAccount);

    const byPayee = this.payees.get(row.payeeId) ?? {
      payeeId: row.payeeId,
      payeeName: row.payeeName,
      amountCents: 0,
      amountWithoutFeesCents: 0,
      count: 0,
    };
    byPayee.amountCents += row.amountCents;
    byPayee.amountWithoutFeesCents += row.amountWithoutFeesCents;
    byPayee.count += row.count;
    this.payees.set(row.payeeId, byPayee);

    if (!this.current || this.current.entry.batchId !== row.batchId || this.current.entry.date !== row.date) {
      const entry: JournalEntry = {
        date: row.date,
        batchId: row.batchId,
        payeeId: row.payeeId,
        payeeName: row.payeeName,
        paymentMethod: row.paymentMethod,
        debitCents: 0,
        lines: [],
      };
      this.entries.push(entry);
      this.current = { entry, lines: new Map() };
    }
    const { entry, lines } = this.current;
    let line = lines.get(account);
    if (!line) {
      line = { account, label, creditCents: 0 };
      lines.set(account, line);
      entry.lines.push(line);
    }
    line.creditCents += row.amountCents;
    entry.debitCents += row.amountCents;
  }

  accountTotals(): AccountTotal[] {
    return [...this.accounts.values()].sort((a, b) => a.account.localeCompare(b.account, 'en'));
  }

  payeeTotals(): PayeeTotal[] {
    return [...this.payees.values()].sort((a, b) => a.payeeId - b.payeeId);
  }
}

/** Debit and credit of one line, for layouts with two columns: a negative credit is a debit. */
export function sides(creditCents: number): { debitCents: number; creditCents: number } {
  return creditCents >= 0 ? { debitCents: 0, creditCents } : { debitCents: -creditCents, creditCents: 0 };
}
