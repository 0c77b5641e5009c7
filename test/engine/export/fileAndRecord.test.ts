/** The exported file and its registry record are one outcome; nothing existing is replaced unless asked (issue 12, items 3 and 4). */
import { sqliteOf } from '../../helpers/db';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, onTestFinished } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { fixedClock } from '../../../shared/time';
import { createTestEngine } from '../../helpers/engine';
import { engineTest } from '../../helpers/engineTest';
import { oneDeposit } from './oneDeposit';

/** One $15.00 deposit of payee 1 with its one GL row. */
async function seed(engine: Engine): Promise<void> {
  await oneDeposit(engine, 1500, 1);
  const sqlite = sqliteOf(engine.internals.store);
  sqlite
    .prepare(
      `INSERT INTO gl_batches (gl_batch_id, date, batch_id, payee_id, gl_account_id, gl_number, gl_label, amount_cents, amount_without_fees_cents, count, raw, synced_at)
       VALUES ('g1', '2026-03-02', '900001', 1, NULL, '4100-000', 'Athletics', 1500, 1500, 1, '{}', '')`,
    )
    .run();
}

const RANGE = { from: '2026-03-01', to: '2026-03-31' };

describe('export file and record', () => {
  engineTest.override({ fileDb: true });
  engineTest.beforeEach(({ engine }) => seed(engine));

  engineTest(
    'when the registry cannot be written after the rename, the file is removed and nothing is recorded',
    async ({ engine, folder }) => {
      const sqlite = sqliteOf(engine.internals.store);
      sqlite.exec(`CREATE TRIGGER refuse_done BEFORE UPDATE OF status ON exports WHEN NEW.status = 'done'
                 BEGIN SELECT RAISE(ABORT, 'database is locked'); END`);
      const file = join(folder, 'out.xlsx');
      await expect(engine.call('export.glBatches', { ...RANGE, file })).rejects.toMatchObject({
        code: 'STORE',
        message: expect.stringContaining('no file was written'),
      });
      expect(existsSync(file)).toBe(false);
      expect(readdirSync(folder).filter((n) => n.endsWith('.tmp'))).toEqual([]);
      expect(sqlite.prepare('SELECT COUNT(*) AS n FROM exports').get()).toEqual({ n: 0 });
    },
  );

  engineTest('when the registry cannot be claimed, nothing is written at all', async ({ engine, folder }) => {
    const sqlite = sqliteOf(engine.internals.store);
    sqlite.exec(
      `CREATE TRIGGER refuse_claim BEFORE INSERT ON exports BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`,
    );
    const file = join(folder, 'out.xlsx');
    await expect(engine.call('export.glBatches', { ...RANGE, file })).rejects.toMatchObject({ code: 'STORE' });
    expect(readdirSync(folder).filter((n) => n.includes('out.xlsx'))).toEqual([]);
  });

  engineTest(
    'refuses to replace an existing file unless asked, and leaves it untouched',
    async ({ engine, folder }) => {
      const file = join(folder, 'notes.xlsx');
      writeFileSync(file, 'my notes', { mode: 0o600 });
      await expect(engine.call('export.glBatches', { ...RANGE, file })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('already exists'),
      });
      expect(readFileSync(file, 'utf8')).toBe('my notes');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const result = await engine.call('export.glBatches', { ...RANGE, file, overwrite: true });
      expect(result.record.file).toBe(file);
      expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    },
  );

  engineTest(
    'a killed export (pending record, temporary file) is cleaned up when the engine next opens',
    async ({ engine, folder }) => {
      const file = join(folder, 'killed.xlsx');
      const temp = join(folder, '.~killed.xlsx.abcdef.tmp');
      writeFileSync(temp, 'half a workbook');
      sqliteOf(engine.internals.store)
        .prepare(
          `INSERT INTO exports (created_at, from_date, to_date, payee_ids, methods, layout, file, row_count, total_cents, sha256, status)
         VALUES ('2026-03-10T15:00:00Z', '2026-03-01', '2026-03-31', '[]', '[]', 'xlsx', ?, 0, 0, '', 'pending')`,
        )
        .run(file);
      await engine.close();
      const reopened = await createTestEngine({
        clock: fixedClock('2026-03-10T16:00:00Z'),
        dataFolder: folder,
        databasePath: join(folder, 'district-recon.sqlite'),
      });
      onTestFinished(() => reopened.close());
      expect(existsSync(temp)).toBe(false);
      expect(sqliteOf(reopened.internals.store).prepare('SELECT COUNT(*) AS n FROM exports').get()).toEqual({
        n: 0,
      });
      expect(await reopened.call('export.overlaps', RANGE)).toEqual([]);
    },
  );
});
