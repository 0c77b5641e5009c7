import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../electron/engine/store/dialect';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import { migrationUnderTest } from '../../../helpers/migrationDb';

const beforeIt = migrationUnderTest('004_first_status');

describe('migration 004_first_status', () => {
  it('backfills the first status of each transaction from its first_seen row, else its status', async () => {
    const { sqlite, db } = await beforeIt();
    const insert = sqlite.prepare(
      `INSERT INTO transactions (id, payee_id, payment_method, status, amount_cents, business_date, raw, first_seen_at, updated_at)
       VALUES (?, 1, 'CC', ?, 100, '2026-03-02', '{}', 'x', 'x')`,
    );
    insert.run(1, 'Settled'); // first seen Pending, settled since
    insert.run(2, 'Refunded'); // first seen Declined (stored, waiting), then a status change
    insert.run(3, 'Voided'); // no first_seen row at all
    const change = sqlite.prepare(
      `INSERT INTO transaction_changes (transaction_id, kind, from_status, to_status, seen_at) VALUES (?, ?, ?, ?, 'x')`,
    );
    change.run(1, 'first_seen', null, 'Pending');
    change.run(1, 'settled', 'Pending', 'Settled');
    change.run(2, 'first_seen', null, 'Declined');
    change.run(2, 'refunded', 'Declined', 'Refunded');
    change.run(3, 'voided', 'Pending', 'Voided');

    await migrate(db);

    expect(sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(sqlite.prepare('SELECT id, status, first_status FROM transactions ORDER BY id').all()).toEqual([
      { id: 1, status: 'Settled', first_status: 'Pending' },
      { id: 2, status: 'Refunded', first_status: 'Declined' },
      { id: 3, status: 'Voided', first_status: 'Voided' },
    ]);
    // The stored changes are untouched.
    expect((sqlite.prepare('SELECT COUNT(*) AS n FROM transaction_changes').get() as { n: number }).n).toBe(5);
  });
});
