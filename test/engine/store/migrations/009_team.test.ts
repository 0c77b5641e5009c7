import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import type { Database } from '../../../../electron/engine/store/schema';

const VERSION = MIGRATIONS.findIndex((m) => m.name === '009_team') + 1;

let sqlite: BetterSqlite3.Database;
let db: Kysely<Database>;
beforeEach(() => {
  sqlite = new BetterSqlite3(':memory:');
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
});
afterEach(() => db.destroy());

async function migrateTo(version: number): Promise<void> {
  for (const migration of MIGRATIONS.slice(0, version)) await migration.up(db);
  await sql.raw(`PRAGMA user_version = ${version}`).execute(db);
}

describe('migration 009_team', () => {
  it('adds the team tables beside existing reviews, untouched; names are unique without case; roles are checked', async () => {
    expect(VERSION).toBeGreaterThan(0);
    await migrateTo(VERSION - 1);
    sqlite.exec(
      `INSERT INTO batch_reviews (batch_id, action, by, at, note, total_cents, fees_cents, partial_cents, total_count, fingerprint)
       VALUES ('b1', 'sign_off', 'bookkeeper', '2026-03-01T00:00:00.000Z', NULL, 100, 0, 100, 1, 'f')`,
    );
    await MIGRATIONS[VERSION - 1]!.up(db);
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
