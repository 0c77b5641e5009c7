/**
 * A small page writer over pdfkit for the packet: headings, label/value lines and tables whose rows
 * run on to the next page under their header again. Rows are one line each (long text is cut with an
 * ellipsis) so a table of thousands of rows lays out in one pass without measuring text; pdfkit's own
 * table() does not repeat its header on a new page, which an auditor reading page 7 needs.
 * Standard fonts only (Helvetica): pdfkit ships their metrics, so nothing is embedded or looked up.
 */
import { newPdfDocument } from '../../pdfDocument';

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
const ROW = 13;
const SIZE = 8.5;

export interface Column<Row> {
  header: string;
  /** Share of the page's width (the shares of a table add up to 1). */
  width: number;
  align?: 'left' | 'right';
  cell(row: Row): string;
}

export class PacketPages {
  readonly doc: PDFKit.PDFDocument;
  private readonly left: number;
  private readonly width: number;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Room for `height` more on this page, or a new page. */
  private room(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  newPage(): void {
    this.doc.addPage();
  }

  title(text: string): void {
    this.doc.font(BOLD).fontSize(18).fillColor('black').text(text, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.4);
  }

  heading(text: string): void {
    this.room(ROW * 4);
    this.doc.moveDown(0.6);
    this.doc.font(BOLD).fontSize(12).fillColor('black').text(text, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  paragraph(text: string, options: { bold?: boolean; size?: number } = {}): void {
    this.room(ROW);
    this.doc
      .font(options.bold ? BOLD : FONT)
      .fontSize(options.size ?? 9.5)
      .fillColor('black')
      .text(text, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.2);
  }

  /** Label on the left, value on the right, one line each. */
  lines(rows: ReadonlyArray<readonly [string, string, boolean?]>): void {
    for (const [label, value, bold] of rows) {
      this.room(ROW + 2);
      const y = this.doc.y;
      this.doc.font(bold ? BOLD : FONT).fontSize(10);
      this.doc.text(label, this.left, y, { width: this.width * 0.65, lineBreak: false, ellipsis: true });
      this.doc.text(value, this.left + this.width * 0.65, y, {
        width: this.width * 0.35,
        align: 'right',
        lineBreak: false,
      });
      this.doc.y = y + ROW + 2;
    }
  }

  /** A table; `empty` is printed instead when there are no rows. */
  table<Row>(columns: readonly Column<Row>[], rows: readonly Row[], empty: string): void {
    if (rows.length === 0) {
      this.paragraph(empty);
      return;
    }
    this.room(ROW * 2);
    this.headerRow(columns);
    for (const row of rows) {
      if (this.doc.y + ROW > this.bottom) {
        this.doc.addPage();
        this.headerRow(columns);
      }
      this.cells(
        columns,
        columns.map((c) => c.cell(row)),
        FONT,
      );
    }
    this.doc.moveDown(0.3);
  }

  private headerRow<Row>(columns: readonly Column<Row>[]): void {
    this.cells(
      columns,
      columns.map((c) => c.header),
      BOLD,
    );
    const y = this.doc.y - 2;
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor('#777777')
      .stroke();
  }

  private cells<Row>(columns: readonly Column<Row>[], texts: readonly string[], font: string): void {
    const y = this.doc.y;
    let x = this.left;
    this.doc.font(font).fontSize(SIZE).fillColor('black');
    const widths = this.charWidths(font);
    columns.forEach((column, i) => {
      const room = column.width * this.width - 4;
      const text = fitted(texts[i] ?? '', room, widths);
      if (text) {
        const at = column.align === 'right' ? x + 2 + room - widthOf(text, widths) : x + 2;
        // No width option: pdfkit's line wrapper (measuring every word) is not needed for one line.
        this.doc.text(text, at, y, { lineBreak: false });
      }
      x += column.width * this.width;
    });
    this.doc.x = this.left;
    this.doc.y = y + ROW;
  }

  private readonly widthTables = new Map<string, Map<string, number>>();

  /** Each character's width in the table's font and size, measured once (kerning left aside: a point at most). */
  private charWidths(font: string): (char: string) => number {
    let table = this.widthTables.get(font);
    if (!table) this.widthTables.set(font, (table = new Map()));
    const known = table;
    return (char) => {
      let width = known.get(char);
      if (width === undefined) known.set(char, (width = this.doc.widthOfString(char)));
      return width;
    };
  }
}

function widthOf(text: string, widths: (char: string) => number): number {
  let total = 0;
  for (const char of text) total += widths(char);
  return total;
}

/** The text cut to `room` points with an ellipsis where it does not fit. */
function fitted(text: string, room: number, widths: (char: string) => number): string {
  if (widthOf(text, widths) <= room) return text;
  const ellipsis = '...';
  let kept = '';
  let used = widthOf(ellipsis, widths);
  for (const char of text) {
    used += widths(char);
    if (used > room) break;
    kept += char;
  }
  return kept + ellipsis;
}

/** A Letter-size document (US districts) with fixed metadata: no clock reaches the bytes. */
export function packetDocument(info: { title: string; subject: string; fixedDate: Date }): PDFKit.PDFDocument {
  return newPdfDocument({
    size: 'LETTER',
    margins: { top: 56, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: info.title,
      Subject: info.subject,
      Author: 'District Recon',
      Creator: 'District Recon',
      Producer: 'District Recon (PDFKit)',
      CreationDate: info.fixedDate,
      ModDate: info.fixedDate,
    },
  });
}

/** Stamps every page: a header, "Page x of y" with the content's SHA-256, and DRAFT across it while open. */
export function stampPages(
  doc: PDFKit.PDFDocument,
  { header, sha256, draft }: { header: string; sha256: string; draft: boolean },
): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { width, height, margins } = doc.page;
    const bottomMargin = margins.bottom;
    // Text in the margin would otherwise make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(8).fillColor('#444444');
    doc.text(header, margins.left, 30, { width: width - margins.left - margins.right, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}    Content SHA-256 ${sha256}`, margins.left, height - 40, {
      width: width - margins.left - margins.right,
      align: 'center',
      lineBreak: false,
    });
    if (draft) {
      doc.save();
      doc.rotate(-40, { origin: [width / 2, height / 2] });
      doc.font(BOLD).fontSize(110).fillColor('#c00000').fillOpacity(0.13);
      doc.text('DRAFT', 0, height / 2 - 60, { width, align: 'center', lineBreak: false });
      doc.restore();
      doc.fillOpacity(1);
    }
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The finished document's bytes. */
export function documentBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}
