/**
 * An export claims the deposits and reversals it posts (issue 16 item 4): what an earlier export
 * (done, or still running) posted is left out unless the bookkeeper asks to post it again, so two
 * exports of overlapping ranges, even at the same moment, post each deposit once.
 */
import { sqliteOf } from '../../helpers/db';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { fixedClock } from '../../../shared/time';
import { createTestEngine } from '../../helpers/engine';
import { parseCsv } from './erpFiles';

/** One deposit a day, March 2 to 13 (ids 900002 to 900013), each with one GL row. */
function seedDeposits(engine: Engine): string[] {
  const sqlite = sqliteOf(engine.internals.store);
  sqlite.prepare(`INSERT INTO payees VALUES (1, 'Lincoln High Athletics', 'M1', 0, '{}', '')`).run();
  const batch = sqlite.prepare(
    `INSERT INTO batches (id, payee_id, date, payment_method, total_cents, fees_cents, partial_cents, total_count, raw, first_seen_at, updated_at)
     VALUES (?, 1, ?, 'CC', ?, 0, ?, 1, '{}', '', '')`,
  );
  const gl = sqlite.prepare(
    `INSERT INTO gl_batches (gl_batch_id, date, batch_id, payee_id, gl_account_id, gl_number, gl_label, amount_cents, amount_without_fees_cents, count, raw, synced_at)
     VALUES (?, ?, ?, 1, NULL, '4100-000', 'Athletics', ?, ?, 1, '{}', '')`,
  );
  const ids: string[] = [];
  for (let day = 2; day <= 13; day++) {
    const id = String(900000 + day);
    const date = `2026-03-${String(day).padStart(2, '0')}`;
    batch.run(id, date, day * 100, day * 100);
    gl.run(`g${day}`, date, id, day * 100, day * 100);
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
      databasePath: join(folder, 'district-recon.sqlite'),
    });
    deposits = seedDeposits(engine);
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
    // The engine's clock is fixed: both exports happen in one second, for one range.
    const [a, b] = await Promise.all([
      engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', layout: 'je-csv' }),
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
    const sqlite = sqliteOf(engine.internals.store);
    expect(sqlite.prepare('SELECT COUNT(*) AS n FROM export_deposits').get()).toEqual({ n: 0 });
    const retried = await exportCsv('2026-03-01', '2026-03-31', 'retried');
    expect(retried.deposits).toBe(12);
  });
});
