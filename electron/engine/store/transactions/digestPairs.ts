/**
 * The packed form of a day's stored digests (transactionDigests.ts packs them in SQL), read back by
 * the sync's fetch worker. Apart from the query, and free of kysely: the worker imports this, and
 * loading kysely there cost every sync's worker ~0.2 s before its first request.
 */

/** One day's stored digests, packed: `id:digest` pairs joined by commas. */
export type PackedDigests = string;

/** A day's digests by transaction id, from what storedDigestsFrom packed. */
export function unpackDigests(packed: PackedDigests): Map<number, string> {
  const digests = new Map<number, string>();
  if (!packed) return digests;
  for (const pair of packed.split(',')) {
    const colon = pair.indexOf(':');
    digests.set(Number(pair.slice(0, colon)), pair.slice(colon + 1));
  }
  return digests;
}
