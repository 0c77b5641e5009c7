/**
 * Which file a browser-mode download path names: `/download/<id>` the export's file, and
 * `/download/<id>-workbook` the workbook a layout was posted with (issue 30 item 3: both come down).
 */
import { WORKBOOK_DOWNLOAD_SUFFIX, type ExportRecord } from './contract';

export function downloadFileOf(
  records: ReadonlyArray<Pick<ExportRecord, 'id' | 'file' | 'companionFile'>>,
  id: string,
): string | null {
  const workbook = id.endsWith(WORKBOOK_DOWNLOAD_SUFFIX);
  const key = workbook ? id.slice(0, -WORKBOOK_DOWNLOAD_SUFFIX.length) : id;
  const record = records.find((r) => String(r.id) === key);
  if (!record) return null;
  return workbook ? (record.companionFile ?? null) : record.file;
}
