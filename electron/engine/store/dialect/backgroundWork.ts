/**
 * Store work no one is waiting on: a sync run and what follows it (its checks, the first views built
 * for its data). On SQLite such work gives way to the calls people are waiting on (sqlite/fairTurns.ts):
 * those run to their end once started, as short as they are alone. Carried by AsyncLocalStorage, so
 * everything the run awaits, however deep, is known as its own without a parameter through every layer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it starts) as background store work. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the store work now running is background work. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
