import type { Kysely } from 'kysely';

/**
 * Frozen. Issue 26, item 2: a pending export holds a lease. `owner` names the process writing it
 * (host, process id and a token of its own) and `heartbeat_at` (ISO-8601 UTC) is when it last said
 * it was alive; an engine starting elsewhere recovers a pending export only once its owner is gone
 * (its process no longer runs on this host) or its heartbeat has lapsed. NULL on rows written before
 * this migration: those have no owner that could still be writing them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exports').addColumn('owner', 'text').execute();
  await db.schema.alterTable('exports').addColumn('heartbeat_at', 'text').execute();
}
