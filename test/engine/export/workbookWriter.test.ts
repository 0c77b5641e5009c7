/**
 * The workbook writer at the scale of issue 31 item 5 (1M GL rows): the rows are read once, both
 * large sheets written from that one read, the journal's scratch file removed whatever happens, and
 * a sheet's XML never piles up ahead of a slow zip or disk (the writer waits for the stream).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { writeWorkbook, type GlRowSource } from '../../../electron/engine/export/xlsxWriter';
import { Failure, XmlOut } from '../../../electron/engine/export/workbookPackage';
import type { GlExportRow } from '../../../electron/engine/store/glBatches';

const folder = mkdtempSync(join(tmpdir(), 'recon-workbook-writer-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `deposits` deposits of `linesEach` GL rows each, a deposit a day, ordered as glRowsOf streams them. */
function glRows(deposits: number, linesEach: number): GlExportRow[] {
  const rows: GlExportRow[] = [];
  for (let d = 0; d < deposits; d++) {
    const date = `2026-03-${String(1 + (d % 28)).padStart(2, '0')}`;
    for (let line = 1; line <= linesEach; line++) {
      rows.push({
        glBatchId: `${900 + d}-${line}`,
        date,
        batchId: String(900 + d),
        payeeId: 1,
        payeeName: 'Lincoln High Athletics',
        paymentMethod: 'CC',
        glAccountId: `acct-${line}`,
        glNumber: `4${line}00-000`,
        glLabel: `Revenue ${line}`,
        amountCents: 1000 * line + d,
        amountWithoutFeesCents: 990 * line + d,
        count: 1,
        schoolDefault: 0,
      } as GlExportRow);
    }
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.batchId.localeCompare(b.batchId));
}

/** A row source that counts its passes, and can fail after `failAfter` rows of a pass. */
function countingSource(rows: GlExportRow[], failAfter = Infinity) {
  const source = {
    passes: 0,
    async *rows() {
      source.passes += 1;
      let given = 0;
      for (const row of rows) {
        if (given++ === failAfter) throw new Error('the snapshot went away');
        yield row;
      }
    },
  } satisfies GlRowSource & { passes: number };
  return source;
}

function dataRowCount(sheet: ExcelJS.Worksheet): number {
  let rows = 0;
  sheet.eachRow((row, number) => {
    if (number > 1 && row.getCell(1).value !== 'Total') rows += 1;
  });
  return rows;
}

describe('the workbook writer', () => {
  it('reads the GL rows once and writes GL Batches and Journal Entry from that one read', async () => {
    const rows = glRows(40, 3);
    const source = countingSource(rows);
    const out = mkdtempSync(join(folder, 'once-'));
    const file = join(out, 'book.xlsx');
    const summary = await writeWorkbook(file, source, { clearingAccount: '1010' });

    expect(source.passes).toBe(1);
    expect(summary.totals.rowCount).toBe(rows.length);
    expect(summary.deposits).toBe(40);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(dataRowCount(book.getWorksheet('GL Batches')!)).toBe(rows.length);
    // Each deposit: its clearing-account line, then one line per account.
    expect(dataRowCount(book.getWorksheet('Journal Entry')!)).toBe(40 * (1 + 3));
    // The journal's scratch file went once the workbook had it.
    expect(readdirSync(out)).toEqual(['book.xlsx']);
  });

  it('removes the journal scratch file when the rows fail part way', async () => {
    const out = mkdtempSync(join(folder, 'failed-'));
    const scratchFile = join(out, 'journal.tmp');
    await expect(
      writeWorkbook(join(out, 'book.xlsx'), countingSource(glRows(400, 3), 700), {
        clearingAccount: '1010',
        scratchFile,
      }),
    ).rejects.toThrow('the snapshot went away');
    expect(readdirSync(out)).not.toContain('journal.tmp');
  });
});

/** A stream that takes a write only when the event loop turns: slower than the writer, like zlib or a disk. */
function slowStream(highWaterMark: number) {
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, done) {
      stream.received += chunk.length;
      setImmediate(done);
    },
  }) as Writable & { received: number };
  stream.received = 0;
  return stream;
}

describe('a sheet written into a slower stream', () => {
  it('waits for the stream instead of piling its XML up in memory', async () => {
    const stream = slowStream(16 * 1024);
    const out = new XmlOut(stream, new Failure());
    const row = `<row>${'x'.repeat(195)}</row>`;
    let mostBuffered = 0;
    let waits = 0;
    for (let i = 0; i < 20_000; i++) {
      const full = out.write(row);
      if (full) {
        waits += 1;
        await full;
      }
      mostBuffered = Math.max(mostBuffered, stream.writableLength);
    }
    await out.end();
    expect(stream.received).toBe(20_000 * row.length);
    expect(waits).toBeGreaterThan(0);
    // 4 MB written; never more than a chunk or two of it waiting in the stream.
    expect(mostBuffered).toBeLessThan(64 * 1024);
  });

  it('stops waiting, with the error, when the package fails meanwhile', async () => {
    const stream = new Writable({ highWaterMark: 1024, write: () => undefined });
    const failure = new Failure();
    const out = new XmlOut(stream, failure);
    let full: Promise<void> | null = null;
    for (let i = 0; i < 1000 && !full; i++) full = out.write('x'.repeat(100));
    expect(full).not.toBeNull();
    failure.fail(new Error('ENOSPC: no space left on device'));
    await expect(full).rejects.toThrow('ENOSPC');
  });
});
