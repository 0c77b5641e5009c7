/** The baseline test of a change (see index.ts), as SQL over transaction_changes aliased `c`. */
import { sql } from 'kysely';

export const BASELINE_CHANGE = sql<boolean>`(c.sync_run_id IS NOT NULL AND c.sync_run_id <= coalesce(
  (SELECT min(r.id) FROM sync_runs r WHERE r.status = 'succeeded'), c.sync_run_id))`;

/** 1 for a change in the baseline, else 0: the same on SQLite and PostgreSQL. */
export const BASELINE_FLAG = sql<number>`CASE WHEN ${BASELINE_CHANGE} THEN 1 ELSE 0 END`;
