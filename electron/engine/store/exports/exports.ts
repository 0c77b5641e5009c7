/** The export registry: every export's range, filters, layout, totals, rows and file hash, and overlaps. */
import type { ExportLayout, ExportRecord } from '../../../../shared/contract';
import type { PaymentMethod } from '../../../../shared/domain';
import type { Insertable } from 'kysely';
import type { ExportRow, ExportsTable } from '../schema';
import type { ReadableDB, WritableDB } from '../work/handles';
import { chunks } from '../work/chunks';
import { execute, firstOf, runWrite } from '../work/work';
import { storedMethods, storedPayeeIds } from './storedScope';

export interface ExportScope {
  from: string;
  to: string;
  payeeIds?: number[];
  methods?: PaymentMethod[];
}

export function toExportRecord(row: ExportRow): ExportRecord {
  return {
    id: row.id,
    createdAt: row.created_at,
    from: row.from_date,
    to: row.to_date,
    payeeIds: storedPayeeIds(row.payee_ids),
    methods: storedMethods(row.methods),
    layout: row.layout,
    file: row.file,
    rowCount: row.row_count,
    totalCents: row.total_cents,
    sha256: row.sha256,
    companionFile: row.companion_file,
    createdBy: row.created_by,
    report: row.report === 1,
  };
}

export async function listExports({ db }: ReadableDB): Promise<ExportRecord[]> {
  const rows = await db.selectFrom('exports').selectAll().where('status', '=', 'done').orderBy('id', 'desc').execute();
  return rows.map(toExportRecord);
}

export interface ExportValues {
  createdAt: string;
  scope: ExportScope;
  layout: ExportLayout;
  file: string;
  companionFile: string | null;
  createdBy: string;
  /** Migration 015: the process that writes it, and when it took the lease (export/lease.ts). */
  lease?: { owner: string; heartbeatAt: string };
  /** Migration 023: a report, which claims nothing. */
  report?: boolean;
}

export interface ExportTotals {
  rowCount: number;
  totalCents: number;
  totalWithoutFeesCents: number;
  sha256: string;
}

/** The row of an export claimed before its file is written: pending, with no totals yet. */
export function pendingExport(values: ExportValues): Insertable<ExportsTable> {
  return {
    created_at: values.createdAt,
    from_date: values.scope.from,
    to_date: values.scope.to,
    payee_ids: JSON.stringify([...(values.scope.payeeIds ?? [])].sort((a, b) => a - b)),
    methods: JSON.stringify([...(values.scope.methods ?? [])].sort()),
    layout: values.layout,
    file: values.file,
    companion_file: values.companionFile,
    row_count: 0,
    total_cents: 0,
    total_without_fees_cents: 0,
    sha256: '',
    created_by: values.createdBy,
    status: 'pending',
    owner: values.lease?.owner ?? null,
    heartbeat_at: values.lease?.heartbeatAt ?? null,
    report: values.report ? 1 : 0,
  };
}

export async function markExportDone({ db }: WritableDB, id: number): Promise<ExportRecord> {
  const row = await db
    .updateTable('exports')
    .set({ status: 'done' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toExportRecord(row);
}

export interface ExportReceiptValues {
  receipt: string;
  kind: 'deposit' | 'reversal';
  batchId: string | null;
  changeId: number | null;
  date: string;
}

export interface ExportContents {
  /** The reversals (transaction_changes ids) the export posts. */
  changeIds: readonly number[];
  /** ASCENDER: which receipt number posts which deposit or reversal. */
  receipts: readonly ExportReceiptValues[];
}

/**
 * The written file's totals and hash and what the pending export posts, in one unit of work before
 * its file is renamed into place: a killed export that did land is completed at the next start with
 * these (export/recovery.ts), and a dropped one takes them with it (forgetExport).
 */
export function setExportOutput(
  writer: WritableDB,
  id: number,
  totals: ExportTotals,
  contents: ExportContents,
): Promise<void> {
  return runWrite(writer, function* (db) {
    yield* execute(
      db
        .updateTable('exports')
        .set({
          row_count: totals.rowCount,
          total_cents: totals.totalCents,
          total_without_fees_cents: totals.totalWithoutFeesCents,
          sha256: totals.sha256,
        })
        .where('id', '=', id),
    );
    for (const changeIds of chunks(contents.changeIds)) {
      const rows = changeIds.map((changeId) => ({ export_id: id, change_id: changeId }));
      yield* execute(
        db
          .insertInto('export_reversals')
          .values(rows)
          .onConflict((oc) => oc.doNothing()),
      );
    }
    for (const receipts of chunks(contents.receipts)) {
      const rows = receipts.map((r) => ({
        export_id: id,
        receipt: r.receipt,
        kind: r.kind,
        batch_id: r.batchId,
        change_id: r.changeId,
        date: r.date,
      }));
      yield* execute(db.insertInto('export_receipts').values(rows));
    }
  });
}

/**
 * Marks the export done in one transaction with moving ASCENDER's receipt sequence past its receipts,
 * so a failed export never moves the sequence and a done one always has. With `owner`, only while
 * the export's lease is still that owner's: one taken over by another engine is that engine's to end.
 */
export function completeExport(writer: WritableDB, id: number, owner?: string): Promise<ExportRecord> {
  return runWrite(writer, function* (db) {
    let pending = db
      .updateTable('exports')
      .set({ status: 'done' })
      .where('id', '=', id)
      .where('status', '=', 'pending');
    if (owner !== undefined) pending = pending.where('owner', '=', owner);
    const done = yield* execute(pending);
    if (done !== 1)
      throw new Error(`export ${id} is no longer pending${owner === undefined ? '' : ' under this process'}`);
    const last = yield* firstOf(
      db
        .selectFrom('export_receipts')
        .select((eb) => eb.fn.max<number | null>(eb.cast<number>('receipt', 'integer')).as('n'))
        .where('export_id', '=', id),
    );
    if (last?.n != null) {
      const value = JSON.stringify(Number(last.n) + 1);
      yield* execute(
        db
          .insertInto('settings')
          .values({ key: 'ascenderNextReceipt', value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value })),
      );
    }
    const row = yield* firstOf(db.selectFrom('exports').selectAll().where('id', '=', id));
    return toExportRecord(row!);
  });
}

/** An export's receipts, in receipt order. */
export function receiptsOf({ db }: ReadableDB, id: number) {
  return db.selectFrom('export_receipts').selectAll().where('export_id', '=', id).orderBy('receipt').execute();
}

/** Drops a pending export and what it claimed; with `owner`, only while its lease is that owner's. */
export async function forgetExport(writer: WritableDB, id: number, owner?: string): Promise<void> {
  await runWrite(writer, function* (db) {
    let pending = db.deleteFrom('exports').where('id', '=', id).where('status', '=', 'pending');
    if (owner !== undefined) pending = pending.where('owner', '=', owner);
    const gone = yield* execute(pending);
    if (gone === 0) return;
    yield* execute(db.deleteFrom('export_reversals').where('export_id', '=', id));
    yield* execute(db.deleteFrom('export_receipts').where('export_id', '=', id));
    yield* execute(db.deleteFrom('export_deposits').where('export_id', '=', id));
  });
}

export function pendingExports({ db }: ReadableDB): Promise<ExportRow[]> {
  return db.selectFrom('exports').selectAll().where('status', '=', 'pending').execute();
}
