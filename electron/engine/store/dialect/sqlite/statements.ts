import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Statements kept per connection. Bounded: queries with IN lists have as many texts as list lengths,
 * and a cache that only grows would hold every one of them for the life of the app.
 */
const MAX_CACHED = 500;

const caches = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/** A prepared statement compiled once per connection: the small writes of every page reuse them. */
export function statement(sqlite: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let cache = caches.get(sqlite);
  if (!cache) {
    cache = new Map();
    caches.set(sqlite, cache);
  }
  let prepared = cache.get(sql);
  if (prepared) {
    // Most recently used last, so the oldest is evicted first.
    cache.delete(sql);
    cache.set(sql, prepared);
    return prepared;
  }
  prepared = sqlite.prepare(sql);
  cache.set(sql, prepared);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return prepared;
}

/**
 * The connection as kysely's SqliteDialect sees it, with its statements cached: kysely's driver
 * prepares every query anew, and preparing costs more than running for the engine's small queries.
 * Nothing of ours streams through kysely (a cached statement cannot be iterated twice at once).
 */
export function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => statement(sqlite, sql),
  };
}
