/**
 * Issue 30 items 2 and 3: money on no Chart of Accounts account is never posted silently (named and
 * refused until the bookkeeper chooses a default), and a report is not a posting (written any number
 * of times, claiming nothing), so a report then a posting of the same month both succeed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { engineTest } from '../../helpers/engineTest';
import {
  chooseDefaultAccounts,
  LINCOLN_DEFAULT_ACCOUNT,
  refundAfterBatching,
  seedDistrict,
} from '../reconcile/fixtures';

const MARCH = { from: '2026-03-01', to: '2026-03-31' } as const;

async function summaryRows(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.getWorksheet('Summary')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const csvLines = (file: string) => readFileSync(file, 'utf8').split('\r\n').filter(Boolean);

/** seedDistrict with its school default removed: sale 1007's $7.77 is on no account. */
const seedWithoutDefault = async ({ db }: { db: Parameters<typeof seedDistrict>[0] }) => {
  await seedDistrict(db);
  await db.deleteFrom('default_accounts').execute();
};

describe('money on no Chart of Accounts account', () => {
  engineTest.beforeEach(seedWithoutDefault);

  engineTest(
    'is named and refused before a posting, which writes and claims nothing',
    async ({ engine, folder, db }) => {
      const found = await engine.call('export.withoutAccount', MARCH);
      expect(found).toEqual({
        schools: [{ payeeId: 1, payeeName: 'Lincoln High Athletics', rowCount: 1, amountCents: 777 }],
        reversals: [],
        amountCents: 777,
      });
      const file = join(folder, 'march.csv');
      const refusal = await engine.call('export.glBatches', { ...MARCH, layout: 'je-csv', file }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toMatchObject({ code: 'CONFLICT' });
      const { message } = refusal as Error;
      expect(message).toContain('$7.77 from 2026-03-01 to 2026-03-31 has no Chart of Accounts account');
      expect(message).toContain('Lincoln High Athletics: $7.77 on 1 GL row');
      expect(message).toContain('Settings > Default accounts');
      expect(readdirSync(folder).filter((f) => f.startsWith('march'))).toEqual([]);
      expect(await engine.call('export.list', {})).toEqual([]);
      expect(await db.selectFrom('export_deposits').selectAll().execute()).toEqual([]);
    },
  );

  engineTest(
    'a school default is where its unaccounted rows post; nothing says UNASSIGNED',
    async ({ engine, folder }) => {
      await chooseDefaultAccounts(engine);
      expect((await engine.call('accountMaps.get', {})).schools).toEqual([
        { payeeId: 1, payeeName: 'Lincoln High Athletics', glNumber: LINCOLN_DEFAULT_ACCOUNT },
      ]);
      expect(await engine.call('export.withoutAccount', MARCH)).toMatchObject({ schools: [], amountCents: 0 });
      const result = await engine.call('export.glBatches', {
        from: '2026-03-03',
        to: '2026-03-03',
        payeeIds: [1],
        layout: 'je-csv',
        file: join(folder, 'day.csv'),
      });
      const lines = csvLines(result.record.file);
      expect(lines).toContain(
        `2026-03-03,${LINCOLN_DEFAULT_ACCOUNT},${LINCOLN_DEFAULT_ACCOUNT} - batch 730003 Lincoln High Athletics,,7.77`,
      );
      expect(lines.join('\n')).not.toMatch(/UNASSIGNED|No account/);
    },
  );

  engineTest(
    'a refund of a transaction with no account is named until its school has a default',
    async ({ engine, folder, db }) => {
      await refundAfterBatching(db, 1007, 300, '2026-03-05T16:00:00.000Z');
      // The deposit's own row has its default; the refund's transaction has no account of its own.
      await engine.call('accountMaps.setDefault', { school: 1, glNumber: null });
      const found = await engine.call('export.withoutAccount', MARCH);
      expect(found.reversals).toEqual([
        expect.objectContaining({
          transactionId: 1007,
          kind: 'refund',
          payeeName: 'Lincoln High Athletics',
          amountCents: 300,
        }),
      ]);
      await expect(engine.call('export.glBatches', { ...MARCH, file: join(folder, 'm.xlsx') })).rejects.toThrow(
        /Refund of transaction 1007 \(Lincoln High Athletics\): \$3\.00 with no account/,
      );
      await chooseDefaultAccounts(engine);
      const result = await engine.call('export.glBatches', { ...MARCH, layout: 'je-csv', file: join(folder, 'm.csv') });
      expect(result.reversals).toBe(1);
      expect(csvLines(result.record.file)).toContain(
        `2026-03-05,${LINCOLN_DEFAULT_ACCOUNT},Refund 1007 ${LINCOLN_DEFAULT_ACCOUNT},3.00,`,
      );
    },
  );
});

describe('a report is not a posting', () => {
  engineTest.beforeEach(seedWithoutDefault);

  engineTest(
    'a report then a posting of the same month both succeed; the posting claims every deposit once',
    async ({ engine, folder, db }) => {
      // Twice, and with money on no account: a report shows it, and claims nothing.
      for (const name of ['report-1.xlsx', 'report-2.xlsx']) {
        const report = await engine.call('export.glBatches', { ...MARCH, report: true, file: join(folder, name) });
        expect(report.record).toMatchObject({ report: true, layout: 'xlsx', companionFile: null });
        const rows = await summaryRows(report.record.file);
        expect(rows).toContainEqual([
          'Not a posting',
          expect.stringContaining('It posts nothing and claims no deposit or reversal'),
        ]);
        expect(rows).toContainEqual(expect.arrayContaining(['No account']));
      }
      expect(await db.selectFrom('export_deposits').selectAll().execute()).toEqual([]);

      await chooseDefaultAccounts(engine);
      const posting = await engine.call('export.glBatches', {
        ...MARCH,
        layout: 'je-csv',
        file: join(folder, 'post.csv'),
      });
      expect(posting.record).toMatchObject({
        report: false,
        layout: 'je-csv',
        companionFile: join(folder, 'post.xlsx'),
      });
      expect(existsSync(join(folder, 'post.xlsx'))).toBe(true);
      expect(posting.alreadyPosted).toEqual({ deposits: 0, reversals: 0 });
      const claimed = await db
        .selectFrom('export_deposits')
        .select(['batch_id', 'export_id'])
        .orderBy('batch_id')
        .execute();
      expect(claimed).toEqual(
        ['730001', '730002', '730003', '730004'].map((batch_id) => ({ batch_id, export_id: posting.record.id })),
      );
      expect(await summaryRows(join(folder, 'post.xlsx'))).toContainEqual([
        'Posting',
        expect.stringContaining(`Export #${posting.record.id}`),
      ]);

      // A second posting finds nothing left, and names the control that posts again.
      await expect(engine.call('export.glBatches', { ...MARCH, file: join(folder, 'again.xlsx') })).rejects.toThrow(
        /tick "Post them again" in the "Post to the ledger" dialog \(the CLI's export gl --repost\)/,
      );
      // A report still writes after the posting.
      const after = await engine.call('export.glBatches', {
        ...MARCH,
        report: true,
        file: join(folder, 'report-3.xlsx'),
      });
      expect(after.record.rowCount).toBe(posting.record.rowCount);
    },
  );

  engineTest('in browser mode a posting returns both downloads: the layout and its workbook', async ({ engine }) => {
    await chooseDefaultAccounts(engine);
    const result = await engine.call('export.glBatches', { ...MARCH, layout: 'je-csv' });
    expect(result.downloadPath).toBe(`/download/${result.record.id}`);
    expect(result.workbookDownloadPath).toBe(`/download/${result.record.id}-workbook`);
  });
});
