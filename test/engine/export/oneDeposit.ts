/** The smallest store an export reads: payee 1 and its card deposit 900001 of 2026-03-02 (GL rows are the test's). */
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { addBatch, addPayee } from '../reconcile/fixtures';

export async function oneDeposit(engine: Engine, totalCents: number, count: number): Promise<void> {
  const { db } = engine.internals.store.writer;
  await addPayee(db, 1, 'Lincoln High Athletics');
  await addBatch(db, {
    id: '900001',
    payeeId: 1,
    date: '2026-03-02',
    transactions: [],
    totals: { total: totalCents, fees: 0, count },
    withGl: false,
  });
}
