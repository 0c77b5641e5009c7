import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { ExportLayout } from '../../../shared/contract';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { engineTest } from '../../helpers/engineTest';
import { seedDistrict } from '../reconcile/fixtures';
import { readZip } from './erpFiles';

/** Exports one day's GL batches to `file`. */
const exportDay = (
  engine: Engine,
  day: string,
  file: string,
  more: { layout?: ExportLayout; payeeIds?: number[] } = {},
) => engine.call('export.glBatches', { from: day, to: day, file, ...more });

const lines = (file: string) => readFileSync(file, 'utf8').split('\r\n').filter(Boolean);

describe('ERP layouts beside the workbook', () => {
  engineTest.beforeEach(async ({ engine, db }) => {
    await seedDistrict(db);
    await engine.call('settings.set', {
      patch: { clearingAccount: '101-000', escapeOrgId: '12', escapeDeptId: '0001', escapeJeType: 'JE' },
    });
  });

  engineTest('je-csv: date, account, description, debit, credit; balanced', async ({ engine, folder }) => {
    const file = join(folder, 'march.csv');
    const result = await exportDay(engine, '2026-03-02', file, { layout: 'je-csv' });
    expect(result.record).toMatchObject({ file, companionFile: join(folder, 'march.xlsx'), layout: 'je-csv' });
    expect(existsSync(join(folder, 'march.xlsx'))).toBe(true);
    expect(lines(file)).toEqual([
      'date,account,description,debit,credit',
      '2026-03-02,101-000,Deposit 730001 Lincoln High Athletics CC,77.34,',
      '2026-03-02,4100-100,Athletics Fees - batch 730001 Lincoln High Athletics,,65.00',
      '2026-03-02,4300-000,Field Trips - batch 730001 Lincoln High Athletics,,12.34',
      '2026-03-02,101-000,Deposit 730002 Food Services ACH,55.00,',
      '2026-03-02,4200-300,Lunch Sales - batch 730002 Food Services,,55.00',
    ]);
  });

  engineTest(
    'ascender: seven fields, receipts numbered from 1, revenue lines only (the cash side is the contra), credits negative',
    async ({ engine, folder }) => {
      const result = await exportDay(engine, '2026-03-03', join(folder, 'r.xlsx'), { layout: 'ascender' });
      expect(result.record.file).toBe(join(folder, 'r-ascender.csv'));
      expect(lines(result.record.file)).toEqual([
        '000001,Deposit 730003 Lincoln High At,4300-000,-100.01,,,730003 Field Trips - batch 730',
        // Issue 30 item 2: the school's default account, not a made-up UNASSIGNED.
        '000001,Deposit 730003 Lincoln High At,4999-000,-7.77,,,730003 4999-000 - batch 730003',
        '000002,Deposit 730004 Food Services C,4200-300,-123.45,,,730004 Lunch Sales - batch 730',
      ]);
    },
  );

  engineTest(
    'escape: a zip of one Escape Online JE per day; CashRec and Business for our old default "JE"',
    async ({ engine, folder }) => {
      const result = await exportDay(engine, '2026-03-02', join(folder, 'e.csv'), { payeeIds: [2], layout: 'escape' });
      const files = readZip(readFileSync(result.record.file));
      expect([...files.keys()]).toEqual(['escape-je-2026-03-02.csv']);
      expect(files.get('escape-je-2026-03-02.csv')!.split('\r\n').filter(Boolean)).toEqual([
        'OrgId,FiscalYear,JEType,DeptId,BatchId,DateEffective,Account,AmtDR,AmtCR,Comment',
        '12,2026,CashRec,Business,DR20260302,03/02/2026,101-000,55.00,0.00,Deposit 730002 Food Services ACH',
        '12,2026,CashRec,Business,DR20260302,03/02/2026,4200-300,0.00,55.00,Lunch Sales - batch 730002 Food Services',
      ]);
    },
  );

  engineTest('escape without an organisation id is refused before any file is written', async ({ engine, folder }) => {
    await engine.call('settings.set', { patch: { escapeOrgId: '' } });
    await expect(exportDay(engine, '2026-03-02', join(folder, 'e.csv'), { layout: 'escape' })).rejects.toMatchObject({
      code: 'NOT_CONFIGURED',
    });
    expect(existsSync(join(folder, 'e.csv')) || existsSync(join(folder, 'e.xlsx'))).toBe(false);
  });

  engineTest(
    'uses the layout chosen in settings when none is given, and quotes and neutralises service text',
    async ({ engine, folder }) => {
      await engine.internals.store.writer.db
        .updateTable('payees')
        .set({ name: '=HYPERLINK("http://x","Pay, "me")' })
        .where('id', '=', 2)
        .execute();
      await engine.call('settings.set', { patch: { exportLayout: 'je-csv' } });
      const result = await exportDay(engine, '2026-03-03', join(folder, 'q.csv'), { payeeIds: [2] });
      expect(result.record.layout).toBe('je-csv');
      expect(lines(result.record.file)[1]).toBe(
        `2026-03-03,101-000,"Deposit 730004 =HYPERLINK(""http://x"",""Pay, ""me"") CC",123.45,`,
      );
      expect(readFileSync(result.record.file, 'utf8')).not.toMatch(/(^|,)"?[=+\-@]/m);
    },
  );
});
