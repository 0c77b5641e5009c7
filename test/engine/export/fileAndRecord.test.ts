/** The exported file and its registry record are one outcome; nothing existing is replaced unless asked (issue 12, items 3 and 4). */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, onTestFinished } from 'vitest';
import { createEngineWithInternals, type EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { silentLogger } from '../../../electron/engine/logger';
import { fixedClock } from '../../../shared/time';
import { engineTest, folderTest } from '../../helpers/engineTest';
import { ENGINE_DIALECT } from '../../helpers/postgres';
import { countRows, dbOf, keptStore, type KeptStore } from '../../helpers/storeRows';
import { oneDeposit } from './oneDeposit';

/** One $15.00 deposit of payee 1 with its one GL row. */
async function seed(engine: Engine): Promise<void> {
  await oneDeposit(engine, 1500, 1);
  await dbOf(engine)
    .insertInto('gl_batches')
    .values({
      gl_batch_id: 'g1',
      date: '2026-03-02',
      batch_id: '900001',
      payee_id: 1,
      gl_account_id: null,
      gl_number: '4100-000',
      gl_label: 'Athletics',
      amount_cents: 1500,
      amount_without_fees_cents: 1500,
      count: 1,
      raw: '{}',
      synced_at: '',
    })
    .execute();
}

/**
 * A trigger failing `event` on `exports` with `message`, as a busy or failing database would:
 * SQLite's RAISE(ABORT), PostgreSQL's RAISE EXCEPTION.
 */
async function refuse(engine: Engine, name: string, event: string, when: string | null, message: string) {
  const db = dbOf(engine);
  if (ENGINE_DIALECT === 'sqlite') {
    const condition = when ? `WHEN ${when}` : '';
    await sql
      .raw(`CREATE TRIGGER ${name} ${event} ON exports ${condition} BEGIN SELECT RAISE(ABORT, '${message}'); END`)
      .execute(db);
    return;
  }
  await sql
    .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`)
    .execute(db);
  const condition = when ? `WHEN (${when})` : '';
  await sql
    .raw(`CREATE TRIGGER ${name} ${event} ON exports FOR EACH ROW ${condition} EXECUTE FUNCTION ${name}()`)
    .execute(db);
}

/** An engine on a store that outlives it (a file on SQLite, a database on PostgreSQL). */
function engineOn(store: KeptStore, folder: string, now: string): Promise<Engine> {
  return createEngineWithInternals({
    version: '9.9.9-test',
    dataFolder: folder,
    ...store.where,
    host: 'direct',
    clock: fixedClock(now),
    logger: silentLogger,
  });
}

const RANGE = { from: '2026-03-01', to: '2026-03-31' };

describe('export file and record', () => {
  // On SQLite a file, as in the app; on PostgreSQL the engine's own database either way.
  engineTest.override({ fileDb: ENGINE_DIALECT === 'sqlite' });
  engineTest.beforeEach(({ engine }) => seed(engine));

  engineTest(
    'when the registry cannot be written after the rename, the file is removed and nothing is recorded',
    async ({ engine, folder }) => {
      await refuse(engine, 'refuse_done', 'BEFORE UPDATE OF status', "NEW.status = 'done'", 'database is locked');
      const file = join(folder, 'out.xlsx');
      await expect(engine.call('export.glBatches', { ...RANGE, file })).rejects.toMatchObject({
        code: 'STORE',
        message: expect.stringContaining('no file was written'),
      });
      expect(existsSync(file)).toBe(false);
      expect(readdirSync(folder).filter((n) => n.endsWith('.tmp'))).toEqual([]);
      expect(await countRows(engine, 'exports')).toBe(0);
    },
  );

  engineTest('when the registry cannot be claimed, nothing is written at all', async ({ engine, folder }) => {
    await refuse(engine, 'refuse_claim', 'BEFORE INSERT', null, 'disk I/O error');
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
});

describe('an export killed mid-way', () => {
  folderTest(
    'a killed export (pending record, temporary file) is cleaned up when the engine next opens',
    async ({ folder }) => {
      const store = await keptStore(folder);
      const open: Engine[] = [];
      onTestFinished(async () => {
        for (const engine of open) await engine.close();
        await store.drop();
      });
      const engine = await engineOn(store, folder, '2026-03-10T15:00:00Z');
      await seed(engine);
      const file = join(folder, 'killed.xlsx');
      const temp = join(folder, '.~killed.xlsx.abcdef.tmp');
      writeFileSync(temp, 'half a workbook');
      await dbOf(engine)
        .insertInto('exports')
        .values({
          created_at: '2026-03-10T15:00:00Z',
          from_date: '2026-03-01',
          to_date: '2026-03-31',
          payee_ids: '[]',
          methods: '[]',
          layout: 'xlsx',
          file,
          row_count: 0,
          total_cents: 0,
          sha256: '',
          status: 'pending',
        })
        .execute();
      await engine.close();
      const reopened = await engineOn(store, folder, '2026-03-10T16:00:00Z');
      open.push(reopened);
      expect(existsSync(temp)).toBe(false);
      expect(await countRows(reopened, 'exports')).toBe(0);
      expect(await reopened.call('export.overlaps', RANGE)).toEqual([]);
    },
  );
});
