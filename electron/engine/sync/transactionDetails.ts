/**
 * The service's transaction list carries no payer and no GL account: only `GET /txns/:id` with the
 * `payer` and `gl` extensions does (spec: extensions of /txns are recurring and items). The sync's
 * details phase fetches them for every transaction (runner.ts syncPayerDetails); a transaction
 * opened before that phase reached it gets them here, when the app asks (transactions.fetchDetails:
 * a write, since a read never fetches). Offline or unconfigured, the transaction simply shows what
 * the list gave.
 */
import { lacksDetails, storeDetails } from '../store/transactions';
import type { Logger } from '../logger';
import type { Store } from '../store/dialect';
import type { ClientTuning, ServiceConnector } from './connection';

/** Short: the bookkeeper is waiting for the transaction to open. */
const DETAILS_TIMEOUT_MS = 4_000;

export interface DetailsDeps {
  store: Pick<Store, 'reader' | 'writer'>;
  connectService: ServiceConnector;
  logger: Logger;
}

/** Whether the transaction's details were fetched and stored (false: it had them, or the service did not answer). */
export async function fillTransactionDetails(deps: DetailsDeps, tuning: ClientTuning, id: number): Promise<boolean> {
  if (!(await lacksDetails(deps.store.reader, id))) return false;
  try {
    const client = await deps.connectService({ ...tuning, timeoutMs: DETAILS_TIMEOUT_MS, retry: { attempts: 1 } });
    const { value } = await client.transaction(id);
    return await storeDetails(deps.store.writer, id, value.payerName, value.glAccountId);
  } catch (error) {
    deps.logger.info('transaction details not fetched', {
      id,
      reason: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}
