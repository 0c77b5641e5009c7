/**
 * Turns of the event loop for the calls people wait on while background work (a sync run and what
 * follows it: backgroundWork.ts) uses the store. better-sqlite3 answers synchronously, so a chain of
 * awaited reads and writes resolves in microtasks and held the event loop for the whole chain: the
 * district server's users waited 100-350 ms at a time during a nightly (issue 31's team bench; the
 * first views' build after it alone was one 330 ms turn). Before a background unit of work or query
 * starts outside a transaction, once the current turn has used SLICE_MS, the thread takes one turn of
 * the event loop (setImmediate: after the I/O that is waiting), so the calls that came meanwhile are
 * answered in between. A call someone waits on runs to its end: made to give way too, the team
 * bench's calls came to take up to 98 ms of their own (a sync's write unit each time they gave
 * way), against 24 ms at most before. Never inside a transaction: a read or write let in there would
 * join it.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { KyselyPlugin } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isBackgroundWork } from '../backgroundWork';

/** How long a turn may run store work before it lets the others in. */
export const SLICE_MS = 10;

/** When this turn's store work began; null until the first unit or query of a turn. */
let sliceStart: number | null = null;

/** Whether this turn has used its slice (the first call of a turn starts it). */
export function sliceUsed(): boolean {
  const now = performance.now();
  if (sliceStart === null) {
    sliceStart = now;
    // The next turn starts a new slice: this runs at the check phase, before anything awaiting it.
    void nextTurn().then(() => (sliceStart = null));
    return false;
  }
  return now - sliceStart >= SLICE_MS;
}

/** Lets the event loop turn once if background work has used this turn's slice and no transaction is open. */
export function fairTurn(inTransaction: boolean): Promise<void> | undefined {
  if (inTransaction || !isBackgroundWork() || !sliceUsed()) return undefined;
  return nextTurn().then(() => undefined);
}

/** A kysely plugin: after each query on `sqlite` outside a transaction, the event loop may turn. */
export function fairTurnsAfterQueries(sqlite: BetterSqlite3.Database): KyselyPlugin {
  return {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      await fairTurn(sqlite.inTransaction);
      return args.result;
    },
  };
}
