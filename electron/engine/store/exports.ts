/** The export registry: every export's range, filters, layout, totals, rows and file hash, and overlaps. */
import type { ExportLayout, ExportRecord } from '../../../shared/contract';
import type { ExportRow } from './schema';
import type { ReadableDB, WritableDB } from './handles';

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

/** Earlier exports whose dates overlap and whose payees and methods overlap (an empty list means all). */
/** Pending ones count: another export of the same deposits may be about to land. */
export async function overlappingExports(
  { db }: ReadableDB,
  scope: ExportScope,
  exceptId?: number,
): Promise<ExportRecord[]> {
  const rows = await db
    .selectFrom('exports')
    .selectAll()
    .where('id', '!=', exceptId ?? -1)
    .where('from_date', '<=', scope.to)
    .where('to_date', '>=', scope.from)
    .orderBy('id', 'desc')
    .execute();
  return rows
    .map(toExportRecord)
    .filter(
      (record) => intersects(record.payeeIds, scope.payeeIds ?? []) && intersects(record.methods, scope.methods ?? []),
    );
}

function intersects<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  const set = new Set(a);
  return b.some((x) => set.has(x));
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

/** Claims an export before its file is written: pending, with no totals yet. Returns its id. */
export async function recordPendingExport({ db }: WritableDB, values: ExportValues): Promise<number> {
  const row = await db
    .insertInto('exports')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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

export async function forgetExport({ db }: WritableDB, id: number): Promise<void> {
  await db.deleteFrom('exports').where('id', '=', id).where('status', '=', 'pending').execute();
}

export function pendingExports({ db }: ReadableDB): Promise<ExportRow[]> {
  return db.selectFrom('exports').selectAll().where('status', '=', 'pending').execute();
}
