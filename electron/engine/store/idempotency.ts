/**
 * Idempotency keys on team-mode writes (migration 009): the first request with a key claims it,
 * its answer is stored, and a retry with the same key gets that answer instead of a second write.
 */
import type { Selectable } from 'kysely';
import type { ReadableDB, WritableDB } from './handles';
import type { IdempotencyKeysTable } from './teamSchema';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

/**
 * Claims (user, key) for a request; returns undefined when claimed now, else the row already there.
 * One INSERT ... ON CONFLICT DO NOTHING: of two requests racing with one key, exactly one claims it.
 * Keys older than `expiredBefore` are dropped first, so a key is remembered for that long only.
 */
export async function claimIdempotencyKey(
  { db }: WritableDB,
  claim: { userId: number; key: string; method: string; requestHash: string; createdAt: string },
  expiredBefore: string,
): Promise<IdempotencyRow | undefined> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).execute();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      method: claim.method,
      request_hash: claim.requestHash,
      status: null,
      response: null,
      created_at: claim.createdAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return undefined;
  return findIdempotencyKey(db, claim.userId, claim.key);
}

function findIdempotencyKey(db: ReadableDB['db'], userId: number, key: string): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
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

/** Forgets a claim whose request failed inside the server, so a retry runs it again. */
export async function releaseIdempotencyKey({ db }: WritableDB, userId: number, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', 'is', null)
    .execute();
}
