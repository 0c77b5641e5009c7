/** kysely's SQLite driver prepares every query anew; the engine's connections reuse prepared statements, within a bound. */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statement, withStatementCache } from '../../../electron/engine/store/dialect';

describe('prepared statements', () => {
  const open: BetterSqlite3.Database[] = [];
  afterEach(() => {
    for (const sqlite of open.splice(0)) if (sqlite.open) sqlite.close();
  });
  function connection() {
    const sqlite = new BetterSqlite3(':memory:');
    open.push(sqlite);
    sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    return { sqlite, prepare: vi.spyOn(sqlite, 'prepare') };
  }

  it('a query kysely runs a hundred times is prepared once', async () => {
    const { sqlite, prepare } = connection();
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    await db.insertInto('t').values({ id: 1, name: 'Ana' }).execute();
    for (let i = 0; i < 100; i++) {
      expect(await db.selectFrom('t').select('name').where('id', '=', 1).execute()).toEqual([{ name: 'Ana' }]);
    }
    expect(prepare.mock.calls.filter(([text]) => String(text).startsWith('select'))).toHaveLength(1);
  });

  it('keeps the most recently used 500 and prepares an evicted one again', () => {
    const { sqlite, prepare } = connection();
    statement(sqlite, 'SELECT 0 AS n');
    for (let i = 1; i <= 500; i++) statement(sqlite, `SELECT ${i} AS n`);
    // 501 texts: the first was the least recently used, so it went.
    statement(sqlite, 'SELECT 0 AS n');
    expect(prepare.mock.calls.filter(([text]) => text === 'SELECT 0 AS n')).toHaveLength(2);
    // A recently used one is still there.
    statement(sqlite, 'SELECT 500 AS n');
    expect(prepare.mock.calls.filter(([text]) => text === 'SELECT 500 AS n')).toHaveLength(1);
  });
});
