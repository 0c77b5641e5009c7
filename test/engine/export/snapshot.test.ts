import { join } from 'node:path';
import { sqliteOf } from '../../helpers/db';
import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { engineTest } from '../../helpers/engineTest';
import { oneDeposit } from './oneDeposit';

const ROWS = 2500;
const insertGl = `INSERT INTO gl_batches (gl_batch_id, date, batch_id, payee_id, gl_account_id, gl_number, gl_label, amount_cents, amount_without_fees_cents, count, raw, synced_at)
  VALUES (?, '2026-03-02', ?, 1, NULL, ?, 'Athletics', ?, ?, 1, '{}', '2026-03-03T00:00:00Z')`;

/** A file-backed store (as in the app) with enough GL rows that the export yields to the event loop mid-sheet. */
async function seed(engine: Engine): Promise<number> {
  await oneDeposit(engine, 0, 0);
  const sqlite = sqliteOf(engine.internals.store);
  const insert = sqlite.prepare(insertGl);
  let total = 0;
  sqlite.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const cents = 100 + ((i * 7919) % 90_000);
      total += cents;
      insert.run(`900001-${i}`, '900001', `4${i % 7}00-000`, cents, cents - 3);
    }
  })();
  return total;
}

describe('export snapshot', () => {
  engineTest.override({ fileDb: true });

  engineTest(
    "leaves the engine's connection free while it runs, and exports the rows as they were when it started",
    async ({ engine, folder }) => {
      const before = await seed(engine);
      const sqlite = sqliteOf(engine.internals.store);
      const file = join(folder, 'march.xlsx');
      const writesDuringExport: string[] = [];
      // A sync committing a GL row mid-export, on the engine's connection: it must succeed, and the
      // export must not pick it up (every sheet from one snapshot).
      engine.on('export.progress', ({ rows }) => {
        if (rows >= ROWS || writesDuringExport.length) return;
        sqlite.prepare(insertGl).run(`900001-late`, '900001', '4900-000', 123_456, 123_450);
        writesDuringExport.push(`at row ${rows}`);
      });

      const result = await engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', file });

      expect(writesDuringExport).toHaveLength(1);
      expect(sqlite.prepare('SELECT count(*) AS n FROM gl_batches').get()).toEqual({ n: ROWS + 1 });
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
