/**
 * A read snapshot on PostgreSQL: one REPEATABLE READ transaction held on a connection of the
 * read-only pool until close(). kysely runs a transaction inside a callback: the callback waits
 * here until close() is called.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { Dialect, Snapshot } from '../dialect';

export async function heldReadTransaction(db: Kysely<Database>, dialect: Dialect): Promise<Snapshot> {
  let opened!: (trx: Kysely<Database>) => void;
  let finish!: () => void;
  const ready = new Promise<Kysely<Database>>((resolve) => (opened = resolve));
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const transaction = db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      opened(trx);
      await finished;
    });
  const trx = await Promise.race([ready, transaction.then(() => null)]);
  if (!trx) throw new Error('The export snapshot could not be opened.');
  let closed = false;
  return {
    db: trx,
    dialect,
    close: async () => {
      if (closed) return;
      closed = true;
      finish();
      await transaction;
    },
  };
}
