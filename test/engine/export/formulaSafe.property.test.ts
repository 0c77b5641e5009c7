import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { formulaSafe } from '../../../electron/engine/export';
import { createTestEngine } from '../../helpers/engine';
import { addBatch, addGlAccount, addPayee } from '../reconcile/fixtures';
import { parseCsv } from './erpFiles';

const TRIGGER_START = /^[=+\-@\t\r\n]/;
const trigger = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ' =', '\uff1d');
/** Service text that tries hard to be a formula: a trigger, then anything. */
const hostileText = fc.tuple(trigger, fc.string({ maxLength: 20 })).map(([t, rest]) => `${t}${rest}`);
const anyText = fc.oneof(hostileText, fc.string({ minLength: 1, maxLength: 20 }));

describe('formula-injection neutralising', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'recon-formula-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('no neutralised text starts with a trigger character', () => {
    fc.assert(fc.property(anyText, (text) => !TRIGGER_START.test(formulaSafe(text))));
  });

  it('no text cell of an exported workbook or je-csv starts with a trigger character', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(anyText, anyText, anyText, anyText, async (payeeName, glNumber, glLabel, batchId) => {
        run++;
        const engine: Engine = await createTestEngine({ dataFolder: folder });
        try {
          const db = engine.internals.store.writer.db;
          await addPayee(db, 1, payeeName);
          await addGlAccount(db, 'gl-1', glNumber, glLabel);
          await addBatch(db, {
            id: batchId,
            payeeId: 1,
            date: '2026-03-02',
            transactions: [{ id: 1, amountCents: 1234, feeCents: 34, glAccountId: 'gl-1' }],
          });
          const file = join(folder, `p${run}.xlsx`);
          await engine.call('settings.set', { patch: { clearingAccount: '-1010' } });
          const result = await engine.call('export.glBatches', {
            from: '2026-03-02',
            to: '2026-03-02',
            file,
            layout: 'je-csv',
          });

          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.readFile(file);
          for (const sheet of workbook.worksheets) {
            sheet.eachRow((row) =>
              row.eachCell((cell) => {
                if (typeof cell.value === 'string') expect(cell.value).not.toMatch(TRIGGER_START);
                expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
                expect(cell.type).not.toBe(ExcelJS.ValueType.Hyperlink);
              }),
            );
          }
          // CSV fields: unquote, then none starts with a trigger (amounts there are never negative here).
          const csv = readFileSync(result.record.file, 'utf8');
          for (const field of parseCsv(csv).flat()) expect(field).not.toMatch(TRIGGER_START);
        } finally {
          await engine.close();
        }
      }),
      { numRuns: 25 },
    );
  });
});
