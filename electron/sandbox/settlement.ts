/**
 * Midnight Central: every approved transaction of the closing day settles, and the settled ones form
 * one batch per payee and payment method (Cash and PhysicalCheck too: they come through the virtual
 * terminal and are batched like the rest). The batch's GL rows are computed once, here, and frozen:
 * later refunds and returns change transactions, never a formed batch (as at the processor).
 */
import { PAYMENT_METHODS, type PaymentMethod } from '../../shared/domain/service';
import type { BusinessDate } from '../../shared/time';
import { itemsOf } from './items';
import { toSec, type BatchRecord, type GlGroup, type GlRowRecord, type SandboxState, type TxnRecord } from './state';

/** Statuses that mean the money moved: such a transaction belongs in the next batch formed. */
const BATCHABLE = new Set(['Settled', 'Refunded', 'Returned']);

export function runMidnight(state: SandboxState, closingDate: BusinessDate, midnightMs: number): BatchRecord[] {
  const cutoff = toSec(midnightMs);
  const settling: TxnRecord[] = [];
  const txns = state.transactions;
  while (state.settleCursor < txns.length && txns[state.settleCursor]!.created < cutoff) {
    const txn = txns[state.settleCursor++]!;
    if (txn.status === 'Pending') {
      txn.status = 'Settled';
      txn.statusMessage = 'Settled';
    }
    if (BATCHABLE.has(txn.status) && txn.batchId === null) settling.push(txn);
  }
  // A resolved Unknown the cursor has just passed is already in `settling`.
  const seen = new Set(settling.map((txn) => txn.id));
  for (const txn of state.lateSettlers) {
    if (BATCHABLE.has(txn.status) && txn.batchId === null && !seen.has(txn.id)) settling.push(txn);
  }
  state.lateSettlers = [];

  const groups = new Map<string, TxnRecord[]>();
  for (const txn of settling) {
    const key = `${txn.payeeId}|${txn.method}`;
    const list = groups.get(key);
    if (list) list.push(txn);
    else groups.set(key, [txn]);
  }
  const methodOrder = (m: PaymentMethod) => PAYMENT_METHODS.indexOf(m);
  const ordered = [...groups.values()].sort(
    (a, b) => a[0]!.payeeId - b[0]!.payeeId || methodOrder(a[0]!.method) - methodOrder(b[0]!.method),
  );
  const formed: BatchRecord[] = [];
  for (const group of ordered) {
    group.sort((a, b) => a.id - b.id);
    const id = String(state.nextBatchNumber++);
    let total = 0;
    let fees = 0;
    for (const txn of group) {
      txn.batchId = id;
      total += txn.amount;
      fees += txn.fee;
    }
    const batch: BatchRecord = {
      id,
      payeeId: group[0]!.payeeId,
      date: closingDate,
      method: group[0]!.method,
      total,
      fees,
      partial: total - fees,
      count: group.length,
      txnIds: group.map((txn) => txn.id),
    };
    state.batches.push(batch);
    state.batchById.set(id, batch);
    state.glGroups.push(...glGroupsOf(state, batch, group));
    formed.push(batch);
  }
  return formed;
}

interface GlTally {
  goods: number;
  count: number;
  fee: number;
  tax: number;
  shipping: number;
}

/**
 * GL rows of a batch. Each item's amount goes to its GL account (falling back to the transaction's);
 * a transaction without items puts amount - fee - tax - shipping on its own GL account. Fee, tax and
 * shipping go to the GL account of the transaction's first item (or its own) as extra rows, so per
 * batch: sum(amount) = total_amount and sum(amount_without_fees) = partial_amount.
 */
export function glGroupsOf(state: SandboxState, batch: BatchRecord, txns: readonly TxnRecord[]): GlGroup[] {
  const tallies = new Map<string, GlTally>();
  const tally = (gl: string | null): GlTally => {
    const key = gl ?? '';
    let entry = tallies.get(key);
    if (!entry) {
      entry = { goods: 0, count: 0, fee: 0, tax: 0, shipping: 0 };
      tallies.set(key, entry);
    }
    return entry;
  };
  for (const txn of txns) {
    const items = itemsOf(state, txn);
    let extrasGl = txn.glAccountId;
    if (items.length > 0) {
      extrasGl = items[0]!.glAccountId ?? txn.glAccountId;
      for (const item of items) {
        const entry = tally(item.glAccountId ?? txn.glAccountId);
        entry.goods += item.amount;
        entry.count += 1;
      }
    } else {
      const entry = tally(txn.glAccountId);
      entry.goods += txn.amount - txn.fee - txn.tax - txn.shipping;
      entry.count += 1;
    }
    const extras = tally(extrasGl);
    extras.fee += txn.fee;
    extras.tax += txn.tax;
    extras.shipping += txn.shipping;
  }
  const numberOf = (gl: string) => state.glAccounts.find((a) => a.id === gl)?.number ?? gl;
  const keys = [...tallies.keys()].sort((a, b) => {
    if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
    return numberOf(a) < numberOf(b) ? -1 : numberOf(a) > numberOf(b) ? 1 : 0;
  });
  return keys.map((key) => {
    const entry = tallies.get(key)!;
    const glAccountId = key === '' ? null : key;
    const identifier = `${batch.id}-${key === '' ? '0' : key}`;
    const row = (kind: GlRowRecord['kind'], amount: number, amountWithoutFees: number, count: number): GlRowRecord => ({
      glBatchIdentifier: kind === 'base' ? identifier : `${identifier}-${kind}`,
      date: batch.date,
      batchId: batch.id,
      payeeId: batch.payeeId,
      method: batch.method,
      glAccountId,
      amount,
      amountWithoutFees,
      count,
      kind,
    });
    const extras: GlRowRecord[] = [];
    if (entry.fee !== 0) extras.push(row('fee', entry.fee, 0, 0));
    if (entry.tax !== 0) extras.push(row('tax', entry.tax, entry.tax, 0));
    if (entry.shipping !== 0) extras.push(row('shipping', entry.shipping, entry.shipping, 0));
    return { base: row('base', entry.goods, entry.goods, entry.count), extras };
  });
}
