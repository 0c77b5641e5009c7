/**
 * A worksheet's XML, row by row, as strings: what exceljs wrote for our sheets (the same cell types,
 * number formats and text escaping; styles.xml in workbookPackage.ts holds the style indexes named
 * here), without its per-cell objects, which cost most of a large export's time and garbage.
 * A cell is a string (text), a number, a Date (a business date at UTC midnight, written as Excel's
 * day serial) or null (no cell). Text cells are `t="str"` with the value inline, as exceljs wrote
 * them with shared strings off: a sheet's size grows with its rows, never a table held in memory.
 */
export const CURRENCY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';
export const DATE_FORMAT = 'mm/dd/yyyy';

export type Column = { header: string; width: number; money?: boolean; date?: boolean; count?: boolean };

export type CellValue = string | number | Date | null;

/** Indexes into styles.xml's cellXfs; a bold style is its plain one plus BOLD. */
export const STYLE = { plain: 0, date: 1, money: 2, count: 3 } as const;
export const BOLD = 4;

const DAY_MS = 86_400_000;
/** Excel's day 0 (its 1900 date system, counting the 1900 leap day it believes in). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

export const styleIndexOf = (c: Column): number =>
  c.money ? STYLE.money : c.date ? STYLE.date : c.count ? STYLE.count : STYLE.plain;

export function columnLetters(count: number): string[] {
  return Array.from({ length: count }, (_, index) => columnLetter(index + 1));
}

/** 1 -> A, 26 -> Z, 27 -> AA. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// exceljs's xmlEncode: markup characters escaped, and the control characters XML 1.0 cannot carry
// dropped (a service text holding one would otherwise make the file unreadable).
// eslint-disable-next-line no-control-regex -- control characters are what is dropped
const ENCODED_CHARACTERS = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const ENCODED: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

export function xmlText(text: string): string {
  // A global pattern's test() moves its lastIndex; search() does not.
  if (text.search(ENCODED_CHARACTERS) === -1) return text;
  return text.replace(ENCODED_CHARACTERS, (c) => ENCODED[c] ?? '');
}

/**
 * Writes rows of one sheet: each call gives the next row's XML. Each column's `<c r="X` and style
 * attribute are made once, so a cell adds only its row number and value to them: a large sheet's
 * rows are most of an export's allocations, and what outlives V8's young generation is collected
 * late (the export's peak memory).
 */
export class SheetRows {
  /** Per column: `<c r="` and its letters. */
  private readonly cellOpen: string[];
  /** Per column: its style attribute as written in plain and in bold rows. */
  private readonly plainStyle: string[];
  private readonly boldStyle: string[];
  /** The last row number written (the header is row 1). */
  rowNumber = 0;

  constructor(columns: readonly Column[]) {
    this.cellOpen = columnLetters(columns.length).map((letters) => `<c r="${letters}`);
    const styles = columns.map(styleIndexOf);
    this.plainStyle = styles.map((style) => (style === 0 ? '' : ` s="${style}"`));
    this.boldStyle = styles.map((style) => ` s="${style + BOLD}"`);
  }

  /** The next row; `bold` for the header, total and heading rows. */
  row(values: readonly CellValue[], bold = false): string {
    const r = ++this.rowNumber;
    const styles = bold ? this.boldStyle : this.plainStyle;
    let xml = `<row r="${r}">`;
    for (let index = 0; index < values.length; index++) {
      const value = values[index];
      const open = `${this.cellOpen[index] ?? `<c r="${columnLetter(index + 1)}`}${r}"${styles[index] ?? (bold ? ` s="${BOLD}"` : '')}`;
      if (value === null || value === undefined) {
        if (bold) xml += `${open}/>`;
      } else if (typeof value === 'string') {
        xml += `${open} t="str"><v>${xmlText(value)}</v></c>`;
      } else if (typeof value === 'number') {
        xml += `${open}><v>${value}</v></c>`;
      } else {
        xml += `${open}><v>${(value.getTime() - EXCEL_EPOCH_MS) / DAY_MS}</v></c>`;
      }
    }
    return `${xml}</row>`;
  }

  /** An empty row (a gap between the Summary's parts). */
  gap(): string {
    this.rowNumber += 1;
    return '';
  }
}

/** The sheet's opening up to its first row: frozen header pane and the columns' widths and formats. */
export function sheetStart(columns: readonly Column[]): string {
  const cols = columns
    .map((c, index) => {
      const style = styleIndexOf(c);
      return `<col min="${index + 1}" max="${index + 1}" width="${c.width}"${style ? ` style="${style}"` : ''} customWidth="1"/>`;
    })
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`
  );
}

/** The sheet's close: the autofilter over the header and `dataRows` rows below it. */
export function sheetEnd(columnCount: number, dataRows: number): string {
  return (
    `</sheetData><autoFilter ref="A1:${columnLetter(columnCount)}${dataRows + 1}"/>` +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>'
  );
}
