/**
 * Team mode runs one sync at a time across every district server on a database (DESIGN.md §11): a
 * run holds the store's leadership from before its record is written until it finishes. A SQLite
 * store has one host, whose SyncService already runs one sync at a time.
 */
import { ContractError } from '../../../shared/contract';
import type { Store } from '../store/dialect';

export interface SyncLease {
  /** Aborted if leadership is lost mid-run (the lock's connection dropped): the run stops. */
  lost: AbortSignal;
  release(): Promise<void>;
}

const NAME = 'sync';

/** The lease, null on a store without leaders, or CONFLICT when another server is syncing. */
export async function takeSyncLeadership(store: Pick<Store, 'lead'>): Promise<SyncLease | null> {
  if (!store.lead) return null;
  let granted!: (lost: AbortSignal) => void;
  let finish!: () => void;
  const leading = new Promise<AbortSignal>((resolve) => (granted = resolve));
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const held = store.lead(NAME, async (lost) => {
    granted(lost);
    await finished;
    return true;
  });
  const lost = await Promise.race([leading, held.then(() => null)]);
  if (!lost)
    throw new ContractError(
      'CONFLICT',
      'Another District Recon server is syncing this database right now; its run shows in the sync history when it finishes.',
    );
  return {
    lost,
    release: async () => {
      finish();
      await held;
    },
  };
}
