/** The export registry: every export's range, filters, layout, totals, rows and file hash, and overlaps. */
import type { ExportLayout, ExportRecord } from '../../../shared/contract';
import type { Insertable } from 'kysely';
import type { ExportRow, ExportsTable } from './schema';
import { inTransaction, type ReadableDB, type WritableDB } from './handles';
import { statement } from './statements';

export interface ExportScope {
  from: string;
  to: string;
  payeeIds?: number[];
  methods?: string[];
}

export function toExportRecord(row: ExportRow): ExportRecord {
  return {
    id: row.id,
    createdAt: row.created_at,
    from: row.from_date,
    to: row.to_date,
    payeeIds: JSON.parse(row.payee_ids) as number[],
    methods: JSON.parse(row.methods) as string[],
    layout: row.layout as ExportLayout,
    file: row.file,
    rowCount: row.row_count,
    totalCents: row.total_cents,
    sha256: row.sha256,
    companionFile: row.companion_file,
    createdBy: row.created_by,
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
  };
}

/** The written file's totals and hash, while the export is still pending (before the rename). */
export async function setExportTotals({ db }: WritableDB, id: number, totals: ExportTotals): Promise<void> {
  await db
    .updateTable('exports')
    .set({
      row_count: totals.rowCount,
      total_cents: totals.totalCents,
      total_without_fees_cents: totals.totalWithoutFeesCents,
      sha256: totals.sha256,
    })
    .where('id', '=', id)
    .execute();
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
 * What a pending export posts, recorded with its totals before its file is renamed into place: a
 * killed export that did land is completed at the next start with these (export/recovery.ts), and a
 * dropped one takes them with it (forgetExport).
 */
export function setExportContents(writer: WritableDB, id: number, contents: ExportContents): void {
  inTransaction(writer, () => {
    const { sqlite } = writer;
    const reversal = statement(sqlite, 'INSERT OR IGNORE INTO export_reversals (export_id, change_id) VALUES (?, ?)');
    for (const changeId of contents.changeIds) reversal.run(id, changeId);
    const receipt = statement(
      sqlite,
      'INSERT INTO export_receipts (export_id, receipt, kind, batch_id, change_id, date) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const r of contents.receipts) receipt.run(id, r.receipt, r.kind, r.batchId, r.changeId, r.date);
  });
}

/**
 * Marks the export done in one transaction with moving ASCENDER's receipt sequence past its receipts,
 * so a failed export never moves the sequence and a done one always has.
 */
export function completeExport(writer: WritableDB, id: number): ExportRecord {
  return inTransaction(writer, () => {
    const { sqlite } = writer;
    const done = statement(sqlite, `UPDATE exports SET status = 'done' WHERE id = ? AND status = 'pending'`).run(id);
    if (done.changes !== 1) throw new Error(`export ${id} is no longer pending`);
    const last = statement(
      sqlite,
      'SELECT max(CAST(receipt AS INTEGER)) AS n FROM export_receipts WHERE export_id = ?',
    ).get(id) as { n: number | null };
    if (last.n !== null) {
      statement(
        sqlite,
        `INSERT INTO settings (key, value) VALUES ('ascenderNextReceipt', ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ).run(JSON.stringify(last.n + 1));
    }
    return toExportRecord(statement(sqlite, 'SELECT * FROM exports WHERE id = ?').get(id) as ExportRow);
  });
}

/** An export's receipts, in receipt order. */
export function receiptsOf({ db }: ReadableDB, id: number) {
  return db.selectFrom('export_receipts').selectAll().where('export_id', '=', id).orderBy('receipt').execute();
}

export async function forgetExport(writer: WritableDB, id: number): Promise<void> {
  inTransaction(writer, () => {
    const { sqlite } = writer;
    const gone = statement(sqlite, `DELETE FROM exports WHERE id = ? AND status = 'pending'`).run(id);
    if (gone.changes === 0) return;
    statement(sqlite, 'DELETE FROM export_reversals WHERE export_id = ?').run(id);
    statement(sqlite, 'DELETE FROM export_receipts WHERE export_id = ?').run(id);
    statement(sqlite, 'DELETE FROM export_deposits WHERE export_id = ?').run(id);
  });
  return Promise.resolve();
}

export function pendingExports({ db }: ReadableDB): Promise<ExportRow[]> {
  return db.selectFrom('exports').selectAll().where('status', '=', 'pending').execute();
}
