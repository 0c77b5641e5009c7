import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../electron/engine/store/dialect';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import { foldUserName } from '../../../../electron/engine/store/team';
import { migrationUnderTest } from '../../../helpers/migrationDb';

const beforeIt = migrationUnderTest('016_team_hardening');

describe('migration 016_team_hardening', () => {
  it('gives every user the folded key sign-in matches by, a clash its "#id", and strands no idempotency claim', async () => {
    const { sqlite, db } = await beforeIt();
    const user = sqlite.prepare(
      `INSERT INTO users (id, name, role, password_hash, created_at) VALUES (?, ?, 'viewer', 'h', '2026-03-01T00:00:00.000Z')`,
    );
    // NOCASE folds ASCII only, so SQLite held these two as different names.
    user.run(1, 'Émile');
    user.run(2, 'émile');
    user.run(3, 'ADMİN');
    const key = sqlite.prepare(
      `INSERT INTO idempotency_keys (user_id, key, method, request_hash, status, response, created_at)
       VALUES (1, ?, 'batches.prepare', 'r', ?, ?, '2026-03-01T10:00:00.000Z')`,
    );
    key.run('unanswered-key', null, null);
    key.run('answered-key', 200, '{"ok":true}');

    await migrate(db);

    expect(sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(sqlite.prepare('SELECT id, name_key FROM users ORDER BY id').all()).toEqual([
      { id: 1, name_key: 'émile' },
      { id: 2, name_key: 'émile#2' },
      { id: 3, name_key: 'admin' },
    ]);
    expect(foldUserName('ADMİN')).toBe('admin');
    expect(() => user.run(4, 'EMİLE'.replace('E', 'É'))).not.toThrow();
    expect(() => sqlite.prepare(`UPDATE users SET name_key = 'admin' WHERE id = 4`).run()).toThrow(/UNIQUE/);
    // The claim left from before has a lease that has lapsed already; an answer needs none.
    expect(sqlite.prepare('SELECT key, lease_until FROM idempotency_keys ORDER BY key').all()).toEqual([
      { key: 'answered-key', lease_until: null },
      { key: 'unanswered-key', lease_until: '2026-03-01T10:00:00.000Z' },
    ]);
  });
});
