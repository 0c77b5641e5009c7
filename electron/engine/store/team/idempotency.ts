/**
 * Idempotency keys on team-mode writes (migration 009): the first request with a key claims it,
 * its answer is stored, and a retry with the same key gets that answer instead of a second write.
 */
import type { Selectable } from 'kysely';
import type { WritableDB } from '../work/handles';
import { execute, firstOf, runWrite } from '../work/work';
import type { IdempotencyKeysTable } from './teamSchema';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

/**
 * Claims (user, key) for a request; returns undefined when claimed now, else the row already there.
 * One unit of work around INSERT ... ON CONFLICT DO NOTHING: of two requests racing with one key,
 * exactly one claims it and the other reads the claim. Keys older than `expiredBefore` are dropped
 * first, so a key is remembered for that long only; so is an unanswered claim whose lease lapsed
 * before `createdAt` (its server died mid-request: nothing renews it), so the retry runs.
 */
export function claimIdempotencyKey(
  writer: WritableDB,
  claim: {
    userId: number;
    key: string;
    method: string;
    requestHash: string;
    createdAt: string;
    /** Absent: the claim never lapses (it holds until settled, released or expired). */
    leaseUntil?: string;
  },
  expiredBefore: string,
): Promise<IdempotencyRow | undefined> {
  return runWrite(writer, function* (db) {
    yield* execute(db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore));
    yield* execute(
      db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .where('status', 'is', null)
        .where('lease_until', '<', claim.createdAt),
    );
    const inserted = yield* execute(
      db
        .insertInto('idempotency_keys')
        .values({
          user_id: claim.userId,
          key: claim.key,
          method: claim.method,
          request_hash: claim.requestHash,
          status: null,
          response: null,
          created_at: claim.createdAt,
          lease_until: claim.leaseUntil ?? null,
        })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing()),
    );
    if (inserted === 1) return undefined;
    return yield* firstOf(
      db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', claim.userId).where('key', '=', claim.key),
    );
  });
}

export async function settleIdempotencyKey(
  { db }: WritableDB,
  userId: number,
  key: string,
  status: number,
  response: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status, response })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Extends the lease of a claim whose request is still running on this server. */
export async function renewIdempotencyLease(
  { db }: WritableDB,
  userId: number,
  key: string,
  leaseUntil: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ lease_until: leaseUntil })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', 'is', null)
    .execute();
}

/** Forgets a claim whose request failed inside the server, so a retry runs it again. */
export async function releaseIdempotencyKey({ db }: WritableDB, userId: number, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', 'is', null)
    .execute();
}
