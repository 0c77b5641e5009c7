/**
 * A deposit that does not tie out is not posted without a word (issue 26, item 6): `export.untied`
 * names, before posting, the deposits an export would post whose transactions never came, that
 * differ, or that no one signed off; the export returns them and marks them in the GL Batches
 * sheet's own "Ties out" column; `strict` refuses to post them and records and claims nothing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { exportGlBatches } from '../../../electron/engine/export';
import { refreshBatchChecks } from '../../../electron/engine/reconcile';
import { engineTest } from '../../helpers/engineTest';
import { countRows } from '../../helpers/storeRows';
import { seedDistrict } from '../reconcile/fixtures';

const RANGE = { from: '2026-03-01', to: '2026-03-31' };

const UNTIED = [
  {
    batchId: '730002',
    date: '2026-03-02',
    payeeId: 2,
    payeeName: 'Food Services',
    reason: 'differs',
    differenceCents: 100,
  },
  {
    batchId: '730004',
    date: '2026-03-03',
    payeeId: 2,
    payeeName: 'Food Services',
    reason: 'not_signed_off',
    differenceCents: 0,
  },
  {
    batchId: '730099',
    date: '2026-03-04',
    payeeId: 1,
    payeeName: 'Lincoln High Athletics',
    reason: 'not_synced',
    differenceCents: 0,
  },
];

describe('deposits that do not tie out', () => {
  // 730001 and 730003 tie out and are signed off; 730002's batch says $1.00 more than its
  // transactions; 730004 ties out, unsigned; 730099 has GL rows but its batch never came.
  engineTest.beforeEach(async ({ engine, db }) => {
    await seedDistrict(db);
    const writer = engine.internals.store.writer;
    await refreshBatchChecks(writer, ['730001', '730003']);
    await engine.call('batches.signOff', { id: '730001', note: 'Matches the bank' });
    await engine.call('batches.signOff', { id: '730003', note: 'Matches the bank' });
    const differs = await db
      .selectFrom('batches')
      .select('total_cents')
      .where('id', '=', '730002')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('batches')
      .set({ total_cents: differs.total_cents + 100 })
      .where('id', '=', '730002')
      .execute();
    await refreshBatchChecks(writer, ['730002', '730004']);
    await db
      .insertInto('gl_batches')
      .values({
        gl_batch_id: 'g-orphan',
        date: '2026-03-04',
        batch_id: '730099',
        payee_id: 1,
        gl_account_id: null,
        gl_number: '4100-100',
        gl_label: 'Athletics Fees',
        amount_cents: 500,
        amount_without_fees_cents: 500,
        count: 1,
        raw: '{}',
        synced_at: '',
      })
      .execute();
  });

  engineTest(
    'are named before posting, returned by the export and marked in the workbook',
    async ({ engine, folder }) => {
      expect(await engine.call('export.untied', RANGE)).toEqual(UNTIED);

      const file = join(folder, 'march.xlsx');
      const result = await engine.call('export.glBatches', { ...RANGE, file });
      expect(result.untied).toEqual(UNTIED);

      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const gl = book.getWorksheet('GL Batches')!;
      expect(gl.getRow(1).getCell(11).value).toBe('Ties out');
      const marks = new Map<string, string>();
      gl.eachRow((row, number) => {
        if (number > 1 && row.getCell(2).value) marks.set(String(row.getCell(2).value), String(row.getCell(11).value));
      });
      expect(Object.fromEntries(marks)).toEqual({
        '730001': 'Yes',
        '730002': 'No: it differs by $1.00',
        '730003': 'Yes',
        '730004': 'No: it ties out but is not signed off',
        '730099': 'No: its transactions or GL rows have not all come from the service',
      });
      // Posted now: a new export would leave them out, so there is nothing left to name, unless reposting.
      expect(await engine.call('export.untied', RANGE)).toEqual([]);
      expect(await engine.call('export.untied', { ...RANGE, repost: true })).toEqual(UNTIED);
    },
  );

  engineTest('strict refuses to post them, naming them, and records and claims nothing', async ({ engine, folder }) => {
    const file = join(folder, 'march.xlsx');
    const refusal = await engine.call('export.glBatches', { ...RANGE, file, strict: true }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: 'CONFLICT' });
    const { message } = refusal as Error;
    expect(message).toMatch(/^3 deposits from 2026-03-01 to 2026-03-31 do not tie out, so nothing was exported/);
    expect(message).toContain('deposit 730002 of 2026-03-02 (Food Services): it differs by $1.00');
    expect(message).toContain('deposit 730099 of 2026-03-04');
    expect(message.split('\n')).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
    expect(await countRows(engine, 'exports')).toBe(0);
    expect(await countRows(engine, 'export_deposits')).toBe(0);
    // Only the tied-out ones: strict posts them.
    const tied = await engine.call('export.glBatches', {
      ...RANGE,
      payeeIds: [1],
      to: '2026-03-03',
      file,
      strict: true,
    });
    expect(tied.untied).toEqual([]);
    expect(tied.deposits).toBe(2);
  });

  engineTest(
    'a posting with more untied deposits than it lists names the first and counts them all, and the workbook marks every one',
    async ({ engine, folder }) => {
      const file = join(folder, 'march-listed.xlsx');
      const store = engine.internals.store;
      const result = await exportGlBatches(
        { ...RANGE, layout: 'xlsx', file },
        {
          store,
          dataFolder: folder,
          settings: { clearingAccount: '1010', escapeOrgId: '', escapeDeptId: '', escapeJeType: 'JE' },
          createdBy: 'bookkeeper',
          now: '2026-04-01T15:00:00.000Z',
          untiedListed: 2,
        },
      );
      expect(result.untied).toEqual(UNTIED.slice(0, 2));
      expect(result.untiedCount).toBe(3);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const marked: string[] = [];
      book.getWorksheet('GL Batches')!.eachRow((row, number) => {
        if (number > 1 && String(row.getCell(11).value).startsWith('No:')) marked.push(String(row.getCell(2).value));
      });
      expect(new Set(marked)).toEqual(new Set(['730002', '730004', '730099']));
    },
  );
});
