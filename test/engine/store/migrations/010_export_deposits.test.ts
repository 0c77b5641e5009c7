import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import { migrationUnderTest } from '../../../helpers/migrationDb';

const beforeIt = migrationUnderTest('010_export_deposits');

describe('migration 010_export_deposits', () => {
  it('backfills the deposits each done export covered, by its range, payees and methods; pending ones claim nothing', async () => {
    const { sqlite, db, version } = await beforeIt();
    const batch = sqlite.prepare(
      `INSERT INTO batches (id, payee_id, date, payment_method, total_cents, fees_cents, partial_cents, total_count, raw, first_seen_at, updated_at)
       VALUES (?, ?, ?, ?, 100, 0, 100, 1, '{}', '', '')`,
    );
    const gl = sqlite.prepare(
      `INSERT INTO gl_batches (gl_batch_id, date, batch_id, payee_id, amount_cents, amount_without_fees_cents, count, raw, synced_at)
       VALUES (?, ?, ?, ?, 50, 50, 1, '{}', '')`,
    );
    for (const [id, payee, date, method] of [
      ['b1', 1, '2026-03-02', 'CC'],
      ['b2', 2, '2026-03-03', 'CC'],
      ['b3', 1, '2026-03-04', 'ACH'],
      ['b4', 1, '2026-03-20', 'CC'],
    ] as const) {
      batch.run(id, payee, date, method);
      // Two GL rows per deposit: a deposit is claimed once.
      gl.run(`${id}-a`, date, id, payee);
      gl.run(`${id}-b`, date, id, payee);
    }
    const addExport = sqlite.prepare(
      `INSERT INTO exports (created_at, from_date, to_date, payee_ids, methods, layout, file, row_count, total_cents, total_without_fees_cents, sha256, created_by, status)
       VALUES ('2026-03-10T00:00:00Z', ?, ?, ?, ?, 'xlsx', 'f.xlsx', 0, 0, 0, '', 'bookkeeper', ?)`,
    );
    addExport.run('2026-03-01', '2026-03-10', '[]', '[]', 'done'); // 1: all of early March
    addExport.run('2026-03-01', '2026-03-31', '[1]', '["CC"]', 'done'); // 2: payee 1's cards
    addExport.run('2026-03-01', '2026-03-31', '[]', '[]', 'pending'); // 3: never finished

    await MIGRATIONS[version - 1]!.up(db);

    expect(
      sqlite.prepare('SELECT export_id, batch_id FROM export_deposits ORDER BY export_id, batch_id').all(),
    ).toEqual([
      { export_id: 1, batch_id: 'b1' },
      { export_id: 1, batch_id: 'b2' },
      { export_id: 1, batch_id: 'b3' },
      { export_id: 2, batch_id: 'b1' },
      { export_id: 2, batch_id: 'b4' },
    ]);
    expect(() => sqlite.prepare(`INSERT INTO export_deposits VALUES (1, 'b1')`).run()).toThrow(/UNIQUE|PRIMARY/);
  });
});
