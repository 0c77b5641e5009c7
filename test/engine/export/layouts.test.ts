import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { fixedClock } from '../../../shared/time';
import { createTestEngine } from '../../helpers/engine';
import { seedDistrict } from '../reconcile/fixtures';
import { readZip } from './erpFiles';

const lines = (file: string) => readFileSync(file, 'utf8').split('\r\n').filter(Boolean);

describe('ERP layouts beside the workbook', () => {
  let engine: Engine;
  let folder: string;
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'recon-layouts-'));
    engine = await createTestEngine({ clock: fixedClock('2026-03-10T15:00:00Z'), dataFolder: folder });
    await seedDistrict(engine.internals.store.writer.db);
    await engine.call('settings.set', {
      patch: { clearingAccount: '101-000', escapeOrgId: '12', escapeDeptId: '0001', escapeJeType: 'JE' },
    });
  });
  afterEach(async () => {
    await engine.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('je-csv: date, account, description, debit, credit; balanced', async () => {
    const file = join(folder, 'march.csv');
    const result = await engine.call('export.glBatches', {
      from: '2026-03-02',
      to: '2026-03-02',
      file,
      layout: 'je-csv',
    });
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

  it('ascender: seven fields, receipts numbered from 1, revenue lines only (the cash side is the contra), credits negative', async () => {
    const result = await engine.call('export.glBatches', {
      from: '2026-03-03',
      to: '2026-03-03',
      file: join(folder, 'r.xlsx'),
      layout: 'ascender',
    });
    expect(result.record.file).toBe(join(folder, 'r-ascender.csv'));
    expect(lines(result.record.file)).toEqual([
      '000001,Deposit 730003 Lincoln High At,4300-000,-100.01,,,730003 Field Trips - batch 730',
      '000001,Deposit 730003 Lincoln High At,UNASSIGNED,-7.77,,,730003 No Chart of Accounts ac',
      '000002,Deposit 730004 Food Services C,4200-300,-123.45,,,730004 Lunch Sales - batch 730',
    ]);
  });

  it('escape: a zip of one Escape Online JE per day; CashRec and Business for our old default "JE"', async () => {
    const result = await engine.call('export.glBatches', {
      from: '2026-03-02',
      to: '2026-03-02',
      payeeIds: [2],
      file: join(folder, 'e.csv'),
      layout: 'escape',
    });
    const files = readZip(readFileSync(result.record.file));
    expect([...files.keys()]).toEqual(['escape-je-2026-03-02.csv']);
    expect(files.get('escape-je-2026-03-02.csv')!.split('\r\n').filter(Boolean)).toEqual([
      'OrgId,FiscalYear,JEType,DeptId,BatchId,DateEffective,Account,AmtDR,AmtCR,Comment',
      '12,2026,CashRec,Business,DR20260302,03/02/2026,101-000,55.00,0.00,Deposit 730002 Food Services ACH',
      '12,2026,CashRec,Business,DR20260302,03/02/2026,4200-300,0.00,55.00,Lunch Sales - batch 730002 Food Services',
    ]);
  });

  it('escape without an organisation id is refused before any file is written', async () => {
    await engine.call('settings.set', { patch: { escapeOrgId: '' } });
    await expect(
      engine.call('export.glBatches', {
        from: '2026-03-02',
        to: '2026-03-02',
        file: join(folder, 'e.csv'),
        layout: 'escape',
      }),
    ).rejects.toMatchObject({ code: 'NOT_CONFIGURED' });
    expect(existsSync(join(folder, 'e.csv')) || existsSync(join(folder, 'e.xlsx'))).toBe(false);
  });

  it('uses the layout chosen in settings when none is given, and quotes and neutralises service text', async () => {
    await engine.internals.store.writer.db
      .updateTable('payees')
      .set({ name: '=HYPERLINK("http://x","Pay, "me")' })
      .where('id', '=', 2)
      .execute();
    await engine.call('settings.set', { patch: { exportLayout: 'je-csv' } });
    const result = await engine.call('export.glBatches', {
      from: '2026-03-03',
      to: '2026-03-03',
      payeeIds: [2],
      file: join(folder, 'q.csv'),
    });
    expect(result.record.layout).toBe('je-csv');
    expect(lines(result.record.file)[1]).toBe(
      `2026-03-03,101-000,"Deposit 730004 =HYPERLINK(""http://x"",""Pay, ""me"") CC",123.45,`,
    );
    expect(readFileSync(result.record.file, 'utf8')).not.toMatch(/(^|,)"?[=+\-@]/m);
  });
});
