/**
 * An export claims the deposits and reversals it posts (issue 16 item 4): what an earlier export
 * (done, or still running) posted is left out unless the bookkeeper asks to post it again, so two
 * exports of overlapping ranges, even at the same moment, post each deposit once.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { fixedClock } from '../../../shared/time';
import { createTestEngine } from '../../helpers/engine';
import { ENGINE_DIALECT } from '../../helpers/postgres';
import { countRows, dbOf } from '../../helpers/storeRows';
import { parseCsv } from './erpFiles';
import { bareDeposit } from '../store/bareRows';

/** One deposit a day, March 2 to 13 (ids 900002 to 900013), each with one GL row. */
async function seedDeposits(engine: Engine): Promise<string[]> {
  const db = dbOf(engine);
  await db
    .insertInto('payees')
    .values({ id: 1, name: 'Lincoln High Athletics', merchant_id: 'M1', removed: 0, raw: '{}', updated_at: '' })
    .execute();
  const ids: string[] = [];
  for (let day = 2; day <= 13; day++) {
    const id = String(900000 + day);
    const date = `2026-03-${String(day).padStart(2, '0')}`;
    const cents = day * 100;
    await db
      .insertInto('batches')
      .values(bareDeposit({ id, payee_id: 1, date, total_cents: cents, partial_cents: cents, total_count: 1 }))
      .execute();
    await db
      .insertInto('gl_batches')
      .values({
        gl_batch_id: `g${day}`,
        date,
        batch_id: id,
        payee_id: 1,
        gl_account_id: null,
        gl_number: '4100-000',
        gl_label: 'Athletics',
        amount_cents: cents,
        amount_without_fees_cents: cents,
        count: 1,
        raw: '{}',
        synced_at: '',
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

/** The deposits (batch ids) a je-csv file posts. */
function depositsIn(file: string): string[] {
  const rows = parseCsv(readFileSync(file, 'utf8')).slice(1);
  return [...new Set(rows.flatMap((row) => row[2]!.match(/\b9000\d\d\b/g) ?? []))].sort();
}

describe('exports claim their deposits', () => {
  let engine: Engine;
  let folder: string;
  let deposits: string[];
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'recon-export-claims-'));
    engine = await createTestEngine({
      clock: fixedClock('2026-03-20T15:00:00Z'),
      dataFolder: folder,
      // A file on SQLite, as in the app; on PostgreSQL a database of the engine's own.
      ...(ENGINE_DIALECT === 'sqlite' ? { databasePath: join(folder, 'district-recon.sqlite') } : {}),
    });
    deposits = await seedDeposits(engine);
  });
  afterEach(async () => {
    await engine.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const exportCsv = (from: string, to: string, name: string, repost?: boolean) =>
    engine.call('export.glBatches', {
      from,
      to,
      layout: 'je-csv',
      file: join(folder, `${name}.csv`),
      ...(repost === undefined ? {} : { repost }),
    });

  it('an overlapping export leaves out what the earlier one posted, and says which and how many', async () => {
    const first = await exportCsv('2026-03-01', '2026-03-10', 'first');
    expect(first.deposits).toBe(9);
    expect(first.alreadyPosted).toEqual({ deposits: 0, reversals: 0 });

    expect(await engine.call('export.overlaps', { from: '2026-03-05', to: '2026-03-15' })).toEqual([
      expect.objectContaining({ id: first.record.id }),
    ]);
    const second = await exportCsv('2026-03-05', '2026-03-15', 'second');
    expect(second.deposits).toBe(3);
    expect(second.alreadyPosted).toEqual({ deposits: 6, reversals: 0 });
    expect(second.overlaps.map((o) => o.id)).toEqual([first.record.id]);
    expect(second.record.totalCents).toBe(1100 + 1200 + 1300);
    expect(depositsIn(second.record.file)).toEqual(['900011', '900012', '900013']);
    expect([...depositsIn(first.record.file), ...depositsIn(second.record.file)].sort()).toEqual(deposits);
  });

  it('posting again is the bookkeeper’s explicit choice', async () => {
    const first = await exportCsv('2026-03-01', '2026-03-31', 'first');
    await expect(exportCsv('2026-03-01', '2026-03-31', 'again')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(
        /All 12 deposits from 2026-03-01 to 2026-03-31 were already posted by export #\d+/,
      ),
    });
    const again = await exportCsv('2026-03-01', '2026-03-31', 'again', true);
    expect(again.reposted).toBe(true);
    expect(again.deposits).toBe(12);
    expect(again.overlaps.map((o) => o.id)).toEqual([first.record.id]);
    expect(depositsIn(again.record.file)).toEqual(deposits);
  });

  it('two overlapping exports at the same moment post each deposit in exactly one file', async () => {
    const [a, b] = await Promise.all([
      exportCsv('2026-03-01', '2026-03-10', 'a'),
      exportCsv('2026-03-05', '2026-03-31', 'b'),
    ]);
    const inA = depositsIn(a.record.file);
    const inB = depositsIn(b.record.file);
    expect(inA.filter((id) => inB.includes(id))).toEqual([]);
    expect([...inA, ...inB].sort()).toEqual(deposits);
    // The one that claimed second was told what it left out.
    const later = a.record.id > b.record.id ? a : b;
    expect(later.alreadyPosted.deposits).toBe(6);
    expect(later.overlaps).toHaveLength(1);
  });

  it('exports whose file the host names get a file each, even in the same second', async () => {
    // The engine's clock is fixed: both exports happen in one second, for one range. Both post
    // again: which claims first is up to the store (on PostgreSQL either may), and both must write.
    const [a, b] = await Promise.all([
      engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', layout: 'je-csv', repost: true }),
      engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', layout: 'je-csv', repost: true }),
    ]);
    expect(a.record.file).not.toBe(b.record.file);
    expect(depositsIn(a.record.file)).toEqual(deposits);
    expect(depositsIn(b.record.file)).toEqual(deposits);
  });

  it('an export that fails gives its deposits back', async () => {
    await expect(
      engine.call('export.glBatches', {
        from: '2026-03-01',
        to: '2026-03-31',
        layout: 'je-csv',
        file: join(folder, 'no-such-folder', 'out.csv'),
      }),
    ).rejects.toMatchObject({ code: 'EXPORT' });
    expect(await countRows(engine, 'export_deposits')).toBe(0);
    const retried = await exportCsv('2026-03-01', '2026-03-31', 'retried');
    expect(retried.deposits).toBe(12);
  });
});
