import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CURRENCY_FORMAT, fiscalYearOf } from '../../../electron/engine/export';
import { engineTest } from '../../helpers/engineTest';
import { seedDistrict, LINCOLN_DEFAULT_ACCOUNT } from '../reconcile/fixtures';

const cents = (value: unknown) => Math.round(Number(value) * 100);

async function readWorkbook(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

/** Data rows of a sheet until the first row whose first cell is "Total". */
function dataRows(sheet: ExcelJS.Worksheet) {
  const rows: ExcelJS.Row[] = [];
  let total: ExcelJS.Row | undefined;
  sheet.eachRow((row, number) => {
    if (number === 1 || total) return;
    if (row.getCell(1).value === 'Total') total = row;
    else rows.push(row);
  });
  return { rows, total: total! };
}

describe('GL export to a workbook', () => {
  engineTest.beforeEach(({ db }) => seedDistrict(db));

  engineTest(
    'writes GL Batches, Journal Entry and Summary whose totals equal the store cents exactly',
    async ({ engine, folder, db }) => {
      const file = join(folder, 'march.xlsx');
      const progress: number[] = [];
      engine.on('export.progress', (p) => progress.push(p.rows));
      const result = await engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', file });
      const store = await db
        .selectFrom('gl_batches')
        .select((eb) => [
          eb.fn.sum<number>('amount_cents').as('amount'),
          eb.fn.sum<number>('amount_without_fees_cents').as('net'),
          eb.fn.countAll<number>().as('rows'),
        ])
        .executeTakeFirstOrThrow();
      expect(result.record).toMatchObject({
        file,
        rowCount: Number(store.rows),
        totalCents: Number(store.amount),
        layout: 'xlsx',
      });
      expect(result.record.sha256).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
      expect(result.downloadPath).toBeNull();
      expect(progress.at(-1)).toBe(Number(store.rows));

      const workbook = await readWorkbook(file);
      // Issue 13: a Reversals sheet (empty here: nothing went back) between the GL rows and the journal.
      expect(workbook.worksheets.map((s) => s.name)).toEqual(['GL Batches', 'Reversals', 'Journal Entry', 'Summary']);

      const gl = workbook.getWorksheet('GL Batches')!;
      const { rows, total } = dataRows(gl);
      expect(rows).toHaveLength(Number(store.rows));
      expect(rows.reduce((s, r) => s + cents(r.getCell(8).value), 0)).toBe(Number(store.amount));
      expect(cents(total.getCell(8).value)).toBe(Number(store.amount));
      expect(cents(total.getCell(9).value)).toBe(Number(store.net));
      const first = rows[0]!;
      expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2026, 2, 2)));
      expect(first.getCell(1).numFmt).toBe('mm/dd/yyyy');
      expect(first.getCell(8).numFmt).toBe(CURRENCY_FORMAT);
      expect(first.getCell(3).value).toBe('Lincoln High Athletics');
      expect(gl.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(gl.autoFilter).toBe(`A1:K${rows.length + 1}`);
      expect(gl.getColumn(3).width).toBe(30);

      const je = workbook.getWorksheet('Journal Entry')!;
      const journal = dataRows(je);
      const debit = journal.rows.reduce((s, r) => s + cents(r.getCell(5).value ?? 0), 0);
      const credit = journal.rows.reduce((s, r) => s + cents(r.getCell(6).value ?? 0), 0);
      expect(debit).toBe(Number(store.amount));
      expect(credit).toBe(Number(store.amount));
      expect(cents(journal.total.getCell(5).value)).toBe(debit);
      expect(cents(journal.total.getCell(6).value)).toBe(credit);
      // Each deposit: a debit to the clearing account, then its credits.
      expect(journal.rows[0]!.getCell(3).value).toBe('1010');
      expect(cents(journal.rows[0]!.getCell(5).value)).toBe(7734);

      const summary = workbook.getWorksheet('Summary')!;
      const accounts = dataRows(summary);
      const byAccount = Object.fromEntries(
        accounts.rows.map((r) => [String(r.getCell(1).value), cents(r.getCell(3).value)]),
      );
      expect(byAccount).toEqual({
        '4100-100': 6500,
        '4200-300': 17845,
        '4300-000': 11235,
        [LINCOLN_DEFAULT_ACCOUNT]: 777,
      });
      expect(cents(accounts.total.getCell(3).value)).toBe(Number(store.amount));
      const payeeTotals: Record<string, number> = {};
      let afterAccounts = false;
      summary.eachRow((row) => {
        if (row.getCell(1).value === 'Payee') afterAccounts = true;
        else if (afterAccounts && row.getCell(1).value !== 'Total')
          payeeTotals[String(row.getCell(2).value)] = cents(row.getCell(3).value);
      });
      expect(payeeTotals).toEqual({ 'Lincoln High Athletics': 7734 + 10778, 'Food Services': 5500 + 12345 });

      // No hyperlinks, no formulas anywhere.
      for (const sheet of workbook.worksheets) {
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            expect(cell.type).not.toBe(ExcelJS.ValueType.Hyperlink);
            expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          }),
        );
      }
    },
  );

  engineTest(
    'filters by payees and methods, records the export and warns of overlaps naming the earlier file',
    async ({ engine, folder }) => {
      const first = join(folder, 'food.xlsx');
      await engine.call('export.glBatches', {
        from: '2026-03-01',
        to: '2026-03-02',
        payeeIds: [2],
        methods: ['ACH'],
        file: first,
      });
      const book = await readWorkbook(first);
      expect(dataRows(book.getWorksheet('GL Batches')!).rows.map((r) => r.getCell(2).value)).toEqual([
        '730002',
        '730002',
      ]);

      expect(await engine.call('export.overlaps', { from: '2026-03-02', to: '2026-03-05', payeeIds: [1] })).toEqual([]);
      const overlaps = await engine.call('export.overlaps', { from: '2026-03-02', to: '2026-03-05' });
      expect(overlaps.map((o) => o.file)).toEqual([first]);
      const second = await engine.call('export.glBatches', {
        from: '2026-03-02',
        to: '2026-03-03',
        file: join(folder, 'all.xlsx'),
      });
      expect(second.overlaps.map((o) => o.file)).toEqual([first]);
      const list = await engine.call('export.list', {});
      expect(list.map((r) => [r.from, r.to, r.payeeIds, r.methods, r.createdBy])).toEqual([
        ['2026-03-02', '2026-03-03', [], [], 'bookkeeper'],
        ['2026-03-01', '2026-03-02', [2], ['ACH'], 'bookkeeper'],
      ]);
    },
  );

  engineTest(
    'in browser mode writes under <dataFolder>/exports and returns a download path',
    async ({ engine, folder }) => {
      const result = await engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31' });
      expect(result.downloadPath).toBe(`/download/${result.record.id}`);
      expect(result.record.file.startsWith(join(folder, 'exports'))).toBe(true);
      expect(readdirSync(join(folder, 'exports'))).toEqual([result.record.file.split('/').at(-1)]);
    },
  );

  engineTest(
    'an unwritable path gives a clear EXPORT error naming it and leaves no file behind',
    async ({ engine, folder }) => {
      const missing = join(folder, 'no-such-folder', 'out.xlsx');
      await expect(
        engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', file: missing }),
      ).rejects.toMatchObject({
        code: 'EXPORT',
        message: expect.stringContaining(`${missing}: the folder does not exist`),
      });
      const taken = join(folder, 'taken.xlsx');
      mkdirSync(taken);
      await expect(
        engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', file: taken }),
      ).rejects.toMatchObject({
        code: 'EXPORT',
        message: expect.stringContaining(taken),
      });
      expect(readdirSync(folder).sort()).toEqual(['taken.xlsx']);
      expect(await engine.call('export.list', {})).toEqual([]);
    },
  );

  engineTest('a range with nothing in it is refused without writing', async ({ engine, folder }) => {
    const file = join(folder, 'empty.xlsx');
    await expect(engine.call('export.glBatches', { from: '2025-01-01', to: '2025-01-31', file })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('fiscal years', () => {
  it('names fiscal years July to June by the year they end in', () => {
    expect(fiscalYearOf('2025-06-30')).toBe(2025);
    expect(fiscalYearOf('2025-07-01')).toBe(2026);
    expect(fiscalYearOf('2026-03-02')).toBe(2026);
  });
});

describe("the workbook's words (issue 30 item 7)", () => {
  engineTest.beforeEach(({ db }) => seedDistrict(db));

  engineTest(
    'says Card, ACH, Cash, Check and "Amount less fees", never the service codes',
    async ({ engine, folder }) => {
      const file = join(folder, 'words.xlsx');
      await engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', file });
      const workbook = await readWorkbook(file);
      const gl = workbook.getWorksheet('GL Batches')!;
      expect(gl.getRow(1).getCell(4).value).toBe('Payment method');
      expect(gl.getRow(1).getCell(9).value).toBe('Amount less fees');
      const methods = new Set(dataRows(gl).rows.map((row) => row.getCell(4).value));
      expect([...methods].sort()).toEqual(['ACH', 'Card']);
      const journalMemos = dataRows(workbook.getWorksheet('Journal Entry')!).rows.map((row) =>
        String(row.getCell(4).value),
      );
      expect(journalMemos.some((memo) => / Card$/.test(memo))).toBe(true);
      const texts: string[] = [];
      for (const sheet of workbook.worksheets) {
        sheet.eachRow((row) => row.eachCell((cell) => void (typeof cell.value === 'string' && texts.push(cell.value))));
      }
      expect(texts.filter((text) => /\b(CC|PhysicalCheck)\b|without fees/i.test(text))).toEqual([]);
      expect(texts).toContain('Amount less fees');
    },
  );
});
