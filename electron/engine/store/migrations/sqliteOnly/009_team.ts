import { sql, type Kysely } from 'kysely';

/**
 * Frozen. Issue 16, team mode on the district server (DESIGN.md §11).
 *
 * - users: who may sign in and with which role; never deleted (sign-offs name them), only disabled.
 *   Names compare without case so "Ana" and "ana" cannot be two people in the audit trail.
 * - sessions: the SHA-256 of the cookie's random id (a copied database holds no usable session),
 *   its CSRF token, and an expiry the server's clock set.
 * - idempotency_keys: a write's key per user with the answer it got, replayed to a retry for 24 h;
 *   status is null while the first request still runs.
 * - batch_preparations: who marked a deposit prepared, and the checks they saw (fingerprint), so a
 *   separate approver can be required at sign-off. Apart from batch_reviews, whose last row is the
 *   review state: a preparation does not change that state.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL COLLATE NOCASE UNIQUE,
      role TEXT NOT NULL CHECK (role IN ('viewer', 'preparer', 'approver', 'admin')),
      password_hash TEXT NOT NULL,
      disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
      created_at TEXT NOT NULL
    )`.execute(db);
  await sql`CREATE TABLE sessions (
      id_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id),
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      csrf_token TEXT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sessions_user ON sessions (user_id)`.execute(db);
  await sql`CREATE INDEX sessions_expires ON sessions (expires_at)`.execute(db);
  await sql`CREATE TABLE idempotency_keys (
      user_id INTEGER NOT NULL,
      key TEXT NOT NULL,
      method TEXT NOT NULL,
      request_hash TEXT NOT NULL,
      status INTEGER,
      response TEXT,
      created_at TEXT NOT NULL,
      PRIMARY KEY (user_id, key)
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`.execute(db);
  await sql`CREATE TABLE batch_preparations (
      id INTEGER PRIMARY KEY,
      batch_id TEXT NOT NULL,
      by TEXT NOT NULL,
      at TEXT NOT NULL,
      note TEXT,
      fingerprint TEXT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX batch_preparations_batch ON batch_preparations (batch_id, id)`.execute(db);
}
