import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { engineTest } from '../../helpers/engineTest';
import { ENGINE_DIALECT } from '../../helpers/postgres';
import { countRows, dbOf } from '../../helpers/storeRows';
import { oneDeposit } from './oneDeposit';

const ROWS = 2500;

/** A GL row of deposit 900001 of 2026-03-02. */
const glRow = (glBatchId: string, glNumber: string, cents: number, withoutFees: number) => ({
  gl_batch_id: glBatchId,
  date: '2026-03-02',
  batch_id: '900001',
  payee_id: 1,
  gl_account_id: null,
  gl_number: glNumber,
  gl_label: 'Athletics',
  amount_cents: cents,
  amount_without_fees_cents: withoutFees,
  count: 1,
  raw: '{}',
  synced_at: '2026-03-03T00:00:00Z',
});

/** A store (a file on SQLite, as in the app) with enough GL rows that the export yields to the event loop mid-sheet. */
async function seed(engine: Engine): Promise<number> {
  await oneDeposit(engine, 0, 0);
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const cents = 100 + ((i * 7919) % 90_000);
    return glRow(`900001-${i}`, `4${i % 7}00-000`, cents, cents - 3);
  });
  await dbOf(engine)
    .transaction()
    .execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('gl_batches')
          .values(rows.slice(i, i + 500))
          .execute();
    });
  return rows.reduce((total, row) => total + row.amount_cents, 0);
}

describe('export snapshot', () => {
  engineTest.override({ fileDb: ENGINE_DIALECT === 'sqlite' });

  engineTest(
    "leaves the engine's connection free while it runs, and exports the rows as they were when it started",
    async ({ engine, folder }) => {
      const before = await seed(engine);
      const file = join(folder, 'march.xlsx');
      const writesDuringExport: string[] = [];
      // A sync committing a GL row mid-export, on the engine's connection: it must succeed, and the
      // export must not pick it up (every sheet from one snapshot). Counted once committed, so a
      // write still under way when the export ends is not counted as during it.
      let writing = false;
      engine.on('export.progress', ({ rows }) => {
        if (rows >= ROWS || writing) return;
        writing = true;
        void dbOf(engine)
          .insertInto('gl_batches')
          .values(glRow('900001-late', '4900-000', 123_456, 123_450))
          .execute()
          .then(() => writesDuringExport.push(`at row ${rows}`));
      });

      const result = await engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', file });

      expect(writesDuringExport).toHaveLength(1);
      expect(await countRows(engine, 'gl_batches')).toBe(ROWS + 1);
      expect(result.record).toMatchObject({ rowCount: ROWS, totalCents: before });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const lastCell = (sheet: string, column: number) => {
        const ws = workbook.getWorksheet(sheet)!;
        return Math.round(Number(ws.getRow(ws.rowCount).getCell(column).value) * 100);
      };
      expect(lastCell('GL Batches', 8)).toBe(before);
      expect(lastCell('Journal Entry', 5)).toBe(before);
      expect(lastCell('Journal Entry', 6)).toBe(before);
      expect(workbook.getWorksheet('GL Batches')!.rowCount).toBe(ROWS + 2);
    },
  );
});
