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
  const rows = await db.selectFrom('exports').selectAll().orderBy('id', 'desc').execute();
  return rows.map(toExportRecord);
}

/** Earlier exports whose dates overlap and whose payees and methods overlap (an empty list means all). */
export async function overlappingExports({ db }: ReadableDB, scope: ExportScope): Promise<ExportRecord[]> {
  const rows = await db
    .selectFrom('exports')
    .selectAll()
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

export async function recordExport(
  { db }: WritableDB,
  values: {
    createdAt: string;
    scope: ExportScope;
    layout: ExportLayout;
    file: string;
    companionFile: string | null;
    rowCount: number;
    totalCents: number;
    totalWithoutFeesCents: number;
    sha256: string;
    createdBy: string;
  },
): Promise<ExportRecord> {
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
      row_count: values.rowCount,
      total_cents: values.totalCents,
      total_without_fees_cents: values.totalWithoutFeesCents,
      sha256: values.sha256,
      created_by: values.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toExportRecord(row);
}
