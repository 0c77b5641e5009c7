/**
 * Reversals as journal entries (DESIGN.md §6, §7; docs/reversals.md): a debit to each account the
 * money was posted to, against a credit to the deposit (clearing) account for the total. Lines of one
 * account are joined (the allocation may give an account two parts, e.g. tax by fallback and the
 * remainder); the Reversals sheet keeps them apart with their parts.
 */
import type { Reversal, ReversalKind } from '../../../shared/domain';
import { reversalEntry, type ErpEntry } from './erp';
import { NO_ACCOUNT } from './journal';

export const REVERSAL_KIND_WORDS: Readonly<Record<ReversalKind, string>> = {
  refund: 'Refund',
  return: 'ACH return',
  void: 'Settled void',
};

export function reversalTitle(r: Reversal): string {
  return `${REVERSAL_KIND_WORDS[r.kind]} ${r.transactionId} (batch ${r.batchId}) ${r.payeeName ?? `Payee ${r.payeeId}`}`;
}

/** Unique per reversal (a transaction may be reversed twice), readable in a refusal. */
export const reversalReference = (r: Reversal): string => `${r.transactionId}#${r.changeId}`;

export function reversalJournalEntry(r: Reversal, clearingAccount: string): ErpEntry {
  const byAccount = new Map<string, { amountCents: number; label: string | null }>();
  for (const line of r.lines) {
    // NO_ACCOUNT only in a report's workbook: a posting with such a line is refused first (noAccount.ts).
    const account = line.glNumber ?? NO_ACCOUNT;
    const seen = byAccount.get(account);
    if (seen) seen.amountCents += line.amountCents;
    else byAccount.set(account, { amountCents: line.amountCents, label: line.glLabel });
  }
  return reversalEntry({
    date: r.date,
    reference: reversalReference(r),
    description: reversalTitle(r),
    clearingAccount,
    lines: [...byAccount].map(([account, { amountCents, label }]) => ({
      glAccount: account,
      amountCents,
      description: `${REVERSAL_KIND_WORDS[r.kind]} ${r.transactionId} ${label || account}`,
      sourceRef: String(r.transactionId),
    })),
  });
}

export type Dated<D, R> = { deposit: D; reversal?: never } | { reversal: R; deposit?: never };

/**
 * Deposits (streamed, ordered by date) and reversals (held: a period has few) in date order, a day's
 * deposits before its reversals, so every journal lists the money in before the money back.
 */
export function* inDateOrder<D, R>(
  deposits: Iterable<D>,
  depositDate: (d: D) => string,
  reversals: readonly R[],
  reversalDate: (r: R) => string,
): Generator<Dated<D, R>> {
  let next = 0;
  for (const deposit of deposits) {
    const date = depositDate(deposit);
    while (next < reversals.length && reversalDate(reversals[next]!) < date) yield { reversal: reversals[next++]! };
    yield { deposit };
  }
  while (next < reversals.length) yield { reversal: reversals[next++]! };
}

/** Every entry the ERP layouts write: deposits and reversals, by date. */
export function* erpEntries<D extends { date: string }>(
  deposits: Iterable<D>,
  toEntry: (d: D) => ErpEntry,
  reversals: readonly Reversal[],
  clearingAccount: string,
): Generator<ErpEntry> {
  for (const item of inDateOrder(
    deposits,
    (d) => d.date,
    reversals,
    (r) => r.date,
  )) {
    yield item.deposit ? toEntry(item.deposit) : reversalJournalEntry(item.reversal!, clearingAccount);
  }
}

/**
 * inDateOrder over deposits streamed as they are read (an export's GL rows, a chunk at a time).
 */
export async function* inDateOrderStreamed<D, R>(
  deposits: AsyncIterable<D>,
  depositDate: (d: D) => string,
  reversals: readonly R[],
  reversalDate: (r: R) => string,
): AsyncGenerator<Dated<D, R>> {
  let next = 0;
  for await (const deposit of deposits) {
    const date = depositDate(deposit);
    while (next < reversals.length && reversalDate(reversals[next]!) < date) yield { reversal: reversals[next++]! };
    yield { deposit };
  }
  while (next < reversals.length) yield { reversal: reversals[next++]! };
}

/** erpEntries over deposits streamed as they are read. */
export async function* erpEntriesStreamed<D extends { date: string }>(
  deposits: AsyncIterable<D>,
  toEntry: (d: D) => ErpEntry,
  reversals: readonly Reversal[],
  clearingAccount: string,
): AsyncGenerator<ErpEntry> {
  for await (const item of inDateOrderStreamed(
    deposits,
    (d) => d.date,
    reversals,
    (r) => r.date,
  )) {
    yield item.deposit ? toEntry(item.deposit) : reversalJournalEntry(item.reversal!, clearingAccount);
  }
}
