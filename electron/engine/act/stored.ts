import type { Transaction } from '../../../shared/domain';
import type { Store } from '../store/dialect';
import { getTransaction } from '../store/transactions';

/** The transaction as the store holds it after a write, or null when it is not in the local copy. */
export async function storedTransaction(
  deps: { store: Pick<Store, 'reader'> },
  id: number | null,
): Promise<Transaction | null> {
  if (id === null) return null;
  try {
    return (await getTransaction(deps.store.reader, id)).transaction;
  } catch {
    return null;
  }
}
