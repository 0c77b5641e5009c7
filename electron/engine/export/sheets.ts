/**
 * What every sheet of the workbook shares: columns with their formats, a frozen bold header, dates as
 * real dates. Amounts are numbers (cents / 100) in a currency format; totals come from cents sums,
 * never from adding these numbers.
 */
import { centsToDollars } from '../../../shared/money';
import { sheetEnd, SheetRows, sheetStart, type CellValue, type Column } from './sheetXml';
import type { XmlOut } from './workbookPackage';

export { CURRENCY_FORMAT, DATE_FORMAT, type Column } from './sheetXml';

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

/**
 * One sheet being written: its frozen bold header first, then rows, then its close with the
 * autofilter over the header and the data rows. `add` returns a promise only when the zip is behind
 * (await it then); a large sheet's loop so awaits once per few hundred rows, not once per row.
 */
export class SheetWriter {
  private readonly rows: SheetRows;

  constructor(
    private readonly out: XmlOut,
    private readonly columns: readonly Column[],
  ) {
    this.rows = new SheetRows(columns);
    out.write(sheetStart(columns));
    out.write(
      this.rows.row(
        columns.map((c) => c.header),
        true,
      ),
    );
  }

  /** A row; `bold` for a total or a heading. */
  add(values: readonly CellValue[], bold = false): Promise<void> | null {
    return this.out.write(this.rows.row(values, bold));
  }

  /** An empty row. */
  gap(): void {
    this.rows.gap();
  }

  /** Closes the sheet; `dataRows` rows under the header are in its autofilter. */
  async end(dataRows: number): Promise<void> {
    this.out.write(sheetEnd(this.columns.length, dataRows));
    await this.out.end();
  }
}
