/**
 * The service's one write endpoint, POST /txns (process; refund or void), each request sent ONCE:
 * a NetworkError means the outcome is unknown, and the caller looks before anything is sent again
 * (spec rule 3; engine/act/ runs that protocol). Also the two reads that look: a transaction as the
 * sync lists it, and a search of the transactions after an id for a client reference.
 */
import type { ServiceClient } from './client';
import { readTransaction, transactionSchema, validate, type ParsedTransaction } from './wire';

/** A refund or void body as the spec lists it: `items` is listed as required (`[]`: by amount). */
export interface ReversalBody {
  operation: 'refund' | 'void';
  transaction_id: number;
  items: Array<{ id: string; amount: string }>;
  amount?: string;
}

/** A transaction to process (Cash and PhysicalCheck here); its strings are escaped by the transport. */
export type PaymentBody = Record<string, unknown> & { payee: number; payment_method: string; amount: string };

/** Sends one POST /txns and reads the transaction it returns. */
export async function postTransaction(
  client: ServiceClient,
  body: ReversalBody | PaymentBody,
): Promise<ParsedTransaction> {
  const answer = await client.http.post('/txns', body);
  return readTransaction(answer, { endpoint: 'POST /txns' });
}

/** How many transactions a reference search reads at most: a bound on what a lost answer can cost. */
const SEARCH_PAGES = 50;
const PAGE = 100;

/**
 * The transaction of `payee` above `sinceId` whose `data` carries `reference` (a collection whose
 * answer was lost), or null when the service has none. Ids, not dates: the service's clock and ours
 * need not agree (DESIGN.md §12).
 */
export async function findByReference(
  client: ServiceClient,
  search: { sinceId: number; payeeId: number; reference: string },
): Promise<ParsedTransaction | null> {
  let since = search.sinceId;
  for (let page = 0; page < SEARCH_PAGES; page++) {
    const objects = await listedAfter(client, since, PAGE, search.payeeId);
    const found = objects.find((t) => t.value.data?.includes(search.reference));
    if (found) return found;
    if (objects.length < PAGE) return null;
    since = Math.max(...objects.map((t) => t.value.id));
  }
  throw new Error(
    `more than ${SEARCH_PAGES * PAGE} transactions of payee ${search.payeeId} after ${search.sinceId}: the search for ${search.reference} stopped`,
  );
}

/**
 * One transaction as GET /txns lists it (with its items), as the sync stores it: what the store is
 * given after a write, so a later sync finds the same JSON and nothing to change.
 */
export async function listedTransaction(client: ServiceClient, id: number): Promise<ParsedTransaction | null> {
  const [first] = await listedAfter(client, id - 1, 1);
  return first && first.value.id === id ? first : null;
}

async function listedAfter(
  client: ServiceClient,
  since: number,
  limit: number,
  payeeId?: number,
): Promise<ParsedTransaction[]> {
  const body = await client.http.get('/txns', { since, payees: payeeId, extensions: 'items', offset: 0, limit });
  const objects = (body as { objects?: unknown } | null)?.objects;
  if (!Array.isArray(objects)) {
    validate(transactionSchema.array(), objects, 'GET /txns', ['objects']);
    return [];
  }
  return objects.map((object, i) => readTransaction(object, { endpoint: 'GET /txns', at: ['objects', i] }));
}
