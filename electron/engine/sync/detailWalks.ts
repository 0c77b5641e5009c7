/**
 * The details phase's fetches (DESIGN.md §4.7): `GET /txns/:id?extensions=payer,gl` for each
 * transaction the store has no details for, at most `inFlight` requests at once, handed on in
 * chunks so the writer stores a chunk in one transaction. The same code runs on the fetch worker
 * and, as a fallback, on the main thread.
 */
import type { ServiceClient } from '../api/client';
import { ServiceError } from '../api/errors';
import type { FetchedDetails } from '../store/transactions';
import type { DayItem } from './dayWalks';

/** Transactions handed to the writer at once: one write per chunk. */
export const DETAILS_CHUNK = 100;

export type DetailsChunk = DayItem<FetchedDetails[]>;

export async function* transactionDetailChunks(
  client: ServiceClient,
  ids: readonly number[],
  inFlight: number,
): AsyncGenerator<DetailsChunk> {
  for (let start = 0; start < ids.length; start += DETAILS_CHUNK) {
    const chunk = ids.slice(start, start + DETAILS_CHUNK);
    const details: FetchedDetails[] = new Array(chunk.length);
    let next = 0;
    const fetchOne = async (): Promise<void> => {
      while (next < chunk.length) {
        const index = next++;
        details[index] = await detailsOf(client, chunk[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(inFlight, chunk.length)) }, fetchOne));
    yield { item: `transactions ${chunk[0]}-${chunk.at(-1)}`, value: details };
  }
}

async function detailsOf(client: ServiceClient, id: number): Promise<FetchedDetails> {
  try {
    const { value } = await client.transaction(id);
    return { id, payerName: value.payerName, glAccountId: value.glAccountId };
  } catch (error) {
    // A transaction the service no longer has: it names no payer, and is not asked for again.
    if (error instanceof ServiceError && error.status === 404) return { id, payerName: null, glAccountId: null };
    throw error;
  }
}
