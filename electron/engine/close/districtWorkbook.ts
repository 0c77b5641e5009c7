/**
 * The District view as a workbook (issue 29 item 4): one row per school as the view shows it, most
 * behind first, under a header naming the district, the month and when it was made (Central time).
 * Written with exceljs as the other workbooks are; a district is a few hundred rows at most, so the
 * workbook is built in memory and handed back as bytes for the host to save where its user chose.
 */
import { MONTH_STATE_WORDS, type DistrictStatus } from '../../../shared/contract';
import { centsToDollars } from '../../../shared/money';
import { centralTime, monthLabel } from './packet/words';

const CURRENCY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';

const COLUMNS = [
  { header: 'School', width: 32 },
  { header: 'Payee ID', width: 10 },
  { header: 'State', width: 16 },
  { header: 'Days past deadline', width: 12 },
  { header: 'Deposits signed off', width: 14 },
  { header: 'Bank matched', width: 14 },
  { header: 'In transit', width: 10 },
  { header: 'In transit amount', width: 16, money: true },
  { header: 'Difference', width: 14, money: true },
  { header: 'Pending approvals', width: 12 },
  { header: 'Open items', width: 10 },
] as const;

export interface DistrictWorkbookHeader {
  district: string;
  /** ISO-8601 UTC: when the workbook was made, printed in Central time. */
  madeAt: string;
}

export async function districtWorkbook(status: DistrictStatus, header: DistrictWorkbookHeader): Promise<Buffer> {
  // Loaded when a workbook is made, not with the engine (exceljs takes ~0.3 s to load).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  workbook.creator = 'District Recon';
  const sheet = workbook.addWorksheet('District', { views: [{ state: 'frozen', ySplit: 5 }] });
  sheet.columns = COLUMNS.map((c) => ({ width: c.width }));
  sheet.getCell('A1').value = `${header.district}: every school's month`;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = `Month: ${monthLabel(status.month)} (${status.month}); due ${status.deadline}`;
  sheet.getCell('A3').value = `Made ${centralTime(header.madeAt)}`;
  const heading = sheet.getRow(5);
  heading.values = COLUMNS.map((c) => c.header);
  heading.font = { bold: true };
  for (const row of status.rows) {
    const added = sheet.addRow([
      row.payeeName ?? `School ${row.payeeId}`,
      row.payeeId,
      MONTH_STATE_WORDS[row.state],
      row.daysPastDeadline,
      `${row.signedOff} of ${row.deposits}`,
      `${row.bankMatched} of ${row.deposits}`,
      row.inTransit,
      centsToDollars(row.inTransitCents),
      centsToDollars(row.differenceCents),
      row.pendingApprovals,
      row.openItems,
    ]);
    COLUMNS.forEach((c, i) => {
      if ('money' in c) added.getCell(i + 1).numFmt = CURRENCY_FORMAT;
    });
  }
  if (status.rows.length > 0)
    sheet.autoFilter = { from: { row: 5, column: 1 }, to: { row: 5, column: COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
