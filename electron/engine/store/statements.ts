import type BetterSqlite3 from 'better-sqlite3';

const caches = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/** A prepared statement compiled once per connection: the small writes of every page reuse them. */
export function statement(sqlite: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let cache = caches.get(sqlite);
  if (!cache) {
    cache = new Map();
    caches.set(sqlite, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = sqlite.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}
