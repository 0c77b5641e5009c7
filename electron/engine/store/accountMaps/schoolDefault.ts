import { sql } from 'kysely';

/**
 * The key of a GL row's school default (`default_accounts` as `da` beside a `g` of gl_batches): its
 * payee id as text, the same cast on SQLite and PostgreSQL. One default at most (primary key).
 */
export const SCHOOL_DEFAULT_KEY = sql<string>`cast(g.payee_id as text)`;
