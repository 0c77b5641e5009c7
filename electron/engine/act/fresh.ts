/** A transaction read fresh from the service before acting on it (DESIGN.md §12 step 1). */
import { ContractError } from '../../../shared/contract';
import type { ServiceClient } from '../api/client';
import { ServiceError } from '../api/errors';
import { listedTransaction } from '../api/writes';
import type { ParsedTransaction } from '../api/wire';

/**
 * The transaction as listed (with its items: what item refunds are checked against and what the
 * store holds), and its payer's name (only GET /txns/:id carries the payer).
 */
export async function readFresh(
  client: ServiceClient,
  id: number,
): Promise<{ listed: ParsedTransaction; payerName: string | null }> {
  try {
    const one = await client.transaction(id);
    const listed = await listedTransaction(client, id);
    if (!listed)
      throw new ContractError('NOT_FOUND', `Transaction ${id} is not listed by the service. Nothing was sent.`);
    return { listed, payerName: one.value.payerName };
  } catch (error) {
    if (error instanceof ContractError) throw error;
    if (error instanceof ServiceError && error.status === 404)
      throw new ContractError('NOT_FOUND', `The service has no transaction ${id}. Check the number; nothing was sent.`);
    throw new ContractError(
      'NETWORK',
      `Transaction ${id} could not be read from the service, so nothing was sent: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Whether a refund or void happened, comparing the copy read before with the one read now. */
export function reversalHappened(
  operation: 'refund' | 'void',
  before: ParsedTransaction,
  now: ParsedTransaction,
  cents: number,
): boolean | 'doubt' {
  if (operation === 'void') {
    if (now.value.status === 'Voided') return true;
    return now.value.status === before.value.status ? false : 'doubt';
  }
  const delta = now.value.amountRefundedCents - before.value.amountRefundedCents;
  if (delta === cents) return true;
  return delta === 0 ? false : 'doubt';
}
