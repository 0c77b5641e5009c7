/**
 * The sync's hot path: writing a page of transactions. Statements are compiled once per run and run
 * synchronously (better-sqlite3), so a caller wraps a page and its cursor in ONE transaction with no
 * await inside. Each row goes through the differ; a row whose raw JSON and business date are
 * unchanged is not touched, so re-reading the refresh window costs a read, not a write.
 *
 * A routine first sighting (a new Pending or Settled sale) is not stored as a change: it is the
 * day's routine, not something to review, and the timeline rebuilds its "first seen" from the
 * transaction's first_status, first_seen_at and first_seen_run_id (see getTransaction). That saves
 * a row and two index entries per new sale: most of the rows a first full sync would write.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { WritableDB } from './handles';
import type { TransactionStatus } from '../../../shared/domain';
import { diffTransaction, type DiffChange } from '../differ/diff';
import type { ReceivedTransaction as ParsedTransaction } from '../../../shared/domain';

export interface PageRow {
  parsed: ParsedTransaction;
  /** The business date to store; null keeps the stored one (rows read through a batch). */
  businessDate: string | null;
  /** Used for a new row when businessDate is null. */
  fallbackDate: string;
}

export interface PageResult {
  inserted: number;
  updated: number;
  changes: number;
}

interface ExistingRow {
  id: number;
  status: TransactionStatus;
  amount_cents: number;
  amount_refunded_cents: number;
  payee_id: number;
  batch_id: string | null;
  business_date: string;
  raw: string;
}

const COLUMNS = [
  'order_id',
  'payee_id',
  'payment_method',
  'status',
  'status_message',
  'amount_cents',
  'amount_refunded_cents',
  'convenience_fee_cents',
  'tax_cents',
  'shipping_cents',
  'batch_id',
  'data',
  'payer_name',
  'gl_account_id',
  'business_date',
  'raw',
] as const;

const KEPT_DETAILS: ReadonlySet<string> = new Set(['payer_name', 'gl_account_id']);

export class TransactionWriter {
  private readonly selectExisting: BetterSqlite3.Statement<[string], ExistingRow>;
  private readonly insert: BetterSqlite3.Statement;
  private readonly update: BetterSqlite3.Statement;
  private readonly deleteItems: BetterSqlite3.Statement;
  private readonly insertItem: BetterSqlite3.Statement;
  private readonly insertChange: BetterSqlite3.Statement;

  constructor({ sqlite }: WritableDB) {
    this.selectExisting = sqlite.prepare(
      `SELECT id, status, amount_cents, amount_refunded_cents, payee_id, batch_id, business_date, raw
         FROM transactions WHERE id IN (SELECT value FROM json_each(?))`,
    );
    // Positional parameters (binding by name costs a lookup per column per row on the hot path):
    // the id, then COLUMNS in order, then the times and the run.
    this.insert = sqlite.prepare(
      `INSERT INTO transactions (id, ${COLUMNS.join(', ')}, first_seen_at, updated_at, first_seen_run_id, first_status)
       VALUES (?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?)`,
    );
    this.update = sqlite.prepare(
      // payer_name and gl_account_id come only from GET /txns/:id (filled when a transaction is opened):
      // a list page, which never has them, must not erase them.
      `UPDATE transactions SET ${COLUMNS.map((c) => (KEPT_DETAILS.has(c) ? `${c} = COALESCE(?, ${c})` : `${c} = ?`)).join(', ')},
         updated_at = ? WHERE id = ?`,
    );
    this.deleteItems = sqlite.prepare('DELETE FROM transaction_items WHERE transaction_id = ?');
    this.insertItem = sqlite.prepare(
      `INSERT OR REPLACE INTO transaction_items (transaction_id, item_id, item_name, amount_cents, gl_account_id, student_number, student_name, raw)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertChange = sqlite.prepare(
      `INSERT INTO transaction_changes (transaction_id, kind, from_status, to_status, delta_cents, detail, sync_run_id, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /**
   * Synchronous: call inside the page's transaction. The deposits of the rows it writes (their old
   * and new batch) are added to `touchedBatches`, for the tie-out checks after the run.
   */
  writePage(rows: PageRow[], runId: number | null, now: string, touchedBatches?: Set<string>): PageResult {
    const result: PageResult = { inserted: 0, updated: 0, changes: 0 };
    if (!rows.length) return result;
    const existing = new Map<number, ExistingRow>();
    for (const row of this.selectExisting.all(JSON.stringify(rows.map((r) => r.parsed.value.id))))
      existing.set(row.id, row);

    for (const { parsed, businessDate, fallbackDate } of rows) {
      const tx = parsed.value;
      const old = existing.get(tx.id);
      const date = businessDate ?? old?.business_date ?? fallbackDate;
      if (old && old.raw === parsed.raw && old.business_date === date) continue;
      // In the order of COLUMNS.
      const values = [
        tx.orderId,
        tx.payeeId,
        tx.paymentMethod,
        tx.status,
        tx.statusMessage,
        tx.amountCents,
        tx.amountRefundedCents,
        tx.convenienceFeeCents,
        tx.taxCents,
        tx.shippingCents,
        tx.batchId,
        tx.data,
        tx.payerName,
        tx.glAccountId,
        date,
        parsed.raw,
      ];
      const changes = diffTransaction(
        old && {
          status: old.status,
          amountCents: old.amount_cents,
          amountRefundedCents: old.amount_refunded_cents,
          payeeId: old.payee_id,
          batchId: old.batch_id,
        },
        tx,
      );
      if (tx.batchId !== null) touchedBatches?.add(tx.batchId);
      if (old?.batch_id) touchedBatches?.add(old.batch_id);
      // Items only move when the transaction's JSON does (a new date alone leaves them be).
      const itemsChanged = !old || old.raw !== parsed.raw;
      if (old) {
        this.update.run(...values, now, tx.id);
        result.updated++;
        if (itemsChanged) this.deleteItems.run(tx.id);
      } else {
        this.insert.run(tx.id, ...values, now, now, runId, tx.status);
        result.inserted++;
      }
      if (itemsChanged) {
        for (const item of parsed.items) {
          this.insertItem.run(
            item.transactionId,
            item.itemId,
            item.itemName,
            item.amountCents,
            item.glAccountId,
            item.studentNumber,
            item.studentName,
            item.raw,
          );
        }
      }
      for (const change of changes) {
        if (isRoutineFirstSighting(change)) continue;
        this.insertChange.run(
          tx.id,
          change.kind,
          change.fromStatus,
          change.toStatus,
          change.deltaCents,
          change.detail,
          runId,
          now,
        );
        result.changes++;
      }
    }
    return result;
  }
}

/** A new sale that is simply Pending or Settled: it starts the timeline but needs no review (and no row). */
export function isRoutineFirstSighting(change: Pick<DiffChange, 'kind' | 'toStatus'>): boolean {
  return change.kind === 'first_seen' && (change.toStatus === 'Pending' || change.toStatus === 'Settled');
}
