import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import { migrationUnderTest } from '../../../helpers/migrationDb';

const beforeIt = migrationUnderTest('009_team');

describe('migration 009_team', () => {
  it('adds the team tables beside existing reviews, untouched; names are unique without case; roles are checked', async () => {
    const { sqlite, db, version } = await beforeIt();
    sqlite.exec(
      `INSERT INTO batch_reviews (batch_id, action, by, at, note, total_cents, fees_cents, partial_cents, total_count, fingerprint)
       VALUES ('b1', 'sign_off', 'bookkeeper', '2026-03-01T00:00:00.000Z', NULL, 100, 0, 100, 1, 'f')`,
    );
    await MIGRATIONS[version - 1]!.up(db);
    expect(sqlite.prepare('SELECT by FROM batch_reviews').all()).toEqual([{ by: 'bookkeeper' }]);
    const add = sqlite.prepare(`INSERT INTO users (name, role, password_hash, created_at) VALUES (?, ?, 'h', 'now')`);
    add.run('Ana', 'admin');
    expect(() => add.run('ANA', 'viewer')).toThrow(/UNIQUE/);
    expect(() => add.run('Ben', 'boss')).toThrow(/CHECK/);
    for (const table of ['sessions', 'idempotency_keys', 'batch_preparations']) {
      expect(sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
    }
  });
});
