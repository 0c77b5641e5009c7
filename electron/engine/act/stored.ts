import type { Transaction } from '../../../shared/domain';
import type { EngineContext } from '../context';
import { getTransaction } from '../store/transactions';

/** The transaction as the store holds it after a write, or null when it is not in the local copy. */
export async function storedTransaction(ctx: EngineContext, id: number | null): Promise<Transaction | null> {
  if (id === null) return null;
  try {
    return (await getTransaction(ctx.store.reader, id)).transaction;
  } catch {
    return null;
  }
}
