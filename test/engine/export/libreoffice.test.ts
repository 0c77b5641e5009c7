/**
 * An independent reader: LibreOffice converts an exported workbook to CSV and the totals there must
 * equal the store's cents. CI installs libreoffice-calc; on CI a missing LibreOffice fails this test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { createTestEngine } from '../../helpers/engine';
import { csvCents, findLibreOffice, onCi, sheetsAsCsv } from '../../helpers/libreoffice';
import { refundAfterBatching, seedDistrict, statusAfterBatching } from '../reconcile/fixtures';

const libreoffice = findLibreOffice();
// Locally, without LibreOffice, there is nothing to run; on CI its absence is a failure below.
const run = libreoffice || onCi ? describe : describe.skip;

run('LibreOffice reads the exported workbook', () => {
  let engine: Engine;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'recon-lo-'));
    engine = await createTestEngine({ dataFolder: folder });
    const db = engine.internals.store.writer.db;
    await seedDistrict(db);
    // Issue 13: money that went back after the deposits, seen in March: a partial refund, then the
    // ACH return of a whole deposit's transaction.
    await refundAfterBatching(db, 1002, 700, '2026-03-05T16:00:00.000Z');
    await statusAfterBatching(db, 1004, 'Returned', '2026-03-06T16:00:00.000Z');
  });
  afterAll(async () => {
    await engine.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('every sheet converted to CSV has totals equal to the store cents', { timeout: 120_000 }, async () => {
    expect(
      libreoffice,
      'LibreOffice is not installed: run `apt-get install -y --no-install-recommends libreoffice-calc`',
    ).not.toBeNull();
    const file = join(folder, 'gl.xlsx');
    await engine.call('export.glBatches', { from: '2026-03-01', to: '2026-03-31', file });
    const sheets = sheetsAsCsv(libreoffice!, file, folder);
    const store = await engine.internals.store.writer.db
      .selectFrom('gl_batches')
      .select((eb) => [
        eb.fn.sum<number>('amount_cents').as('amount'),
        eb.fn.sum<number>('amount_without_fees_cents').as('net'),
      ])
      .executeTakeFirstOrThrow();
    const split = (line: string) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((f) => f.replace(/,$/, ''));

    const gl = sheets['GL Batches']!;
    expect(split(gl[0]!).slice(0, 3)).toEqual(['Date', 'Batch', 'Payee']);
    const glData = gl.slice(1, -1).map(split);
    expect(glData[0]![0]).toBe('03/02/2026');
    expect(glData.reduce((s, f) => s + csvCents(f[7]!), 0)).toBe(Number(store.amount));
    const glTotal = split(gl.at(-1)!);
    expect(glTotal[0]).toBe('Total');
    expect(csvCents(glTotal[7]!)).toBe(Number(store.amount));
    expect(csvCents(glTotal[8]!)).toBe(Number(store.net));

    // The store's reversals: what the change feed says went back (700 refunded, 1999 returned).
    const reversed = (await engine.call('reconcile.reversals', { from: '2026-03-01', to: '2026-03-31' })).totalCents;
    expect(reversed).toBe(700 + 1999);
    const rev = sheets['Reversals']!.map(split);
    expect(rev[0]!.slice(0, 3)).toEqual(['Date seen', 'Transaction', 'Kind']);
    // One row per allocated line (1002's refund is split over its fee and the rest); one reversal each.
    expect(
      [...new Set(rev.slice(1, -1).map((f) => [f[0], f[1], f[2], f[5]].join('|')))].map((r) => r.split('|')),
    ).toEqual([
      ['03/05/2026', '1002', 'Refund', '730001'],
      ['03/06/2026', '1004', 'ACH return', '730002'],
    ]);
    expect(rev.slice(1, -1).reduce((s, f) => s + csvCents(f[9]!), 0)).toBe(reversed);
    expect(rev.at(-1)![0]).toBe('Total');
    expect(csvCents(rev.at(-1)![9]!)).toBe(reversed);

    // The journal: deposits and reversals, each side the store's cents, debits equal to credits.
    const je = sheets['Journal Entry']!.map(split);
    const jeTotal = je.at(-1)!;
    expect(csvCents(jeTotal[4]!)).toBe(Number(store.amount) + reversed);
    expect(csvCents(jeTotal[5]!)).toBe(Number(store.amount) + reversed);
    const refundRows = je.filter((f) => f[1] === 'Refund 1002');
    expect(refundRows.map((f) => [f[0], f[2], f[4] ? csvCents(f[4]) : 0, f[5] ? csvCents(f[5]) : 0])).toEqual([
      ['03/05/2026', '4100-100', 700, 0],
      ['03/05/2026', '1010', 0, 700],
    ]);
    expect(je.slice(1, -1).reduce((s, f) => s + (f[4] ? csvCents(f[4]) : 0) - (f[5] ? csvCents(f[5]) : 0), 0)).toBe(0);

    const summary = sheets['Summary']!.map(split);
    const totals = summary.filter((f) => f[0] === 'Total');
    expect(totals.map((f) => csvCents(f[2]!))).toEqual([Number(store.amount), Number(store.amount)]);
    // Per account: deposits, reversals, net.
    expect(csvCents(totals[0]![5]!)).toBe(reversed);
    expect(csvCents(totals[0]![6]!)).toBe(Number(store.amount) - reversed);
    const lunch = summary.find((f) => f[0] === '4200-300')!;
    expect([csvCents(lunch[2]!), csvCents(lunch[5]!), csvCents(lunch[6]!)]).toEqual([17845, 1999, 17845 - 1999]);
  });
});
