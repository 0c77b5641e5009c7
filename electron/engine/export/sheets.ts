/**
 * What every sheet of the workbook shares: columns with their formats, a frozen bold header, data rows
 * that reuse one style object per column, dates as real dates. Amounts are numbers (cents / 100) in a
 * currency format; totals come from cents sums, never from adding these numbers.
 */
import type ExcelJS from 'exceljs';
import { centsToDollars } from '../../../shared/money';

export const CURRENCY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';
export const DATE_FORMAT = 'mm/dd/yyyy';

export type Column = { header: string; width: number; money?: boolean; date?: boolean; count?: boolean };

export const money = (cents: number): number => centsToDollars(cents);

/** A business date as an Excel date: UTC midnight, so the serial is whole whatever the machine's zone. */
export function excelDate(businessDate: string): Date {
  const [y, m, d] = businessDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** A business date's Excel date, remembering the last one: rows come ordered by date. */
export function excelDates(): (businessDate: string) => Date {
  let lastText = '';
  let last = new Date(0);
  return (businessDate) => {
    if (businessDate !== lastText) {
      lastText = businessDate;
      last = excelDate(businessDate);
    }
    return last;
  };
}

export const styleOf = (c: Column): Partial<ExcelJS.Style> =>
  c.money ? { numFmt: CURRENCY_FORMAT } : c.date ? { numFmt: DATE_FORMAT } : c.count ? { numFmt: '0' } : {};

export function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Column[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, style: styleOf(c) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return sheet;
}

/**
 * Adds and commits a data row whose cells share one style object per column. exceljs gives every
 * cell a fresh copy of its column's style and then works out each copy's style id from scratch (the
 * largest single cost of a big export); a style object it has seen before is looked up instead.
 * Shared objects are safe because data rows never change a cell's style afterwards.
 */
export function dataRowWriter(sheet: ExcelJS.Worksheet, columns: Column[]): (values: ExcelJS.CellValue[]) => void {
  const styles = columns.map(styleOf);
  return (values) => {
    const row = sheet.addRow(values);
    styles.forEach((style, index) => {
      row.getCell(index + 1).style = style;
    });
    row.commit();
  };
}

/** A new sheet of `columns` and the writer of its data rows. */
export function dataSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Column[]) {
  const sheet = addSheet(workbook, name, columns);
  return { sheet, write: dataRowWriter(sheet, columns) };
}

export function lastColumnLetter(count: number): string {
  return String.fromCharCode('A'.charCodeAt(0) + count - 1);
}

export function totalRow(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.commit();
}
