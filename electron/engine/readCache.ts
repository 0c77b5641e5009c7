/**
 * The heaviest reads (the Overview, a month of GL batches with its reversals) computed once per
 * revision of the data and shared by every caller until the data change. On a district server fifty
 * people open the same Overview; each would otherwise re-derive every reversal not yet acknowledged.
 *
 * A revision ends with each `data.changed`: every write the engine makes announces itself that way
 * (handlers/domain.ts `dataChanged`, the sync's end, settings), and on PostgreSQL so do the writes of
 * the other servers on the same database (dataRelay.ts). The sync announces its pages at its end, so
 * while it runs these views show the data as of its start, as a screen already open does.
 */
import type { EngineEventBus } from './events';

/** Distinct keys kept (Overview per day, GL ranges): a few months of ranges, a bounded memory. */
const MAX_ENTRIES = 64;

export class ReadCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  /** Counts the data.changed heard: a value built for the next revision is kept only if no other came first. */
  private revision = 0;

  constructor(events: EngineEventBus) {
    events.on('data.changed', () => {
      this.revision++;
      this.entries.clear();
    });
  }

  /**
   * Builds values for the revision the next data.changed starts, while this one's stay served, and
   * returns what keeps them: call it right after that data.changed, in the same turn, so a client
   * that refetches on hearing it finds them built. Nothing is kept if another data.changed came
   * while building (a user's write the values may not show). A build that fails is left out, and
   * that key is computed on its first call as any other.
   */
  async prepareNext(builds: ReadonlyArray<readonly [string, () => Promise<unknown>]>): Promise<() => void> {
    const startedAt = this.revision;
    const built = await Promise.allSettled(builds.map(([, compute]) => compute().then(deepFreeze)));
    return () => {
      if (this.revision !== startedAt + 1) return;
      built.forEach((outcome, i) => {
        const key = builds[i]![0];
        // A key read since the data.changed is as new as this one: it stays.
        if (outcome.status === 'fulfilled' && !this.entries.has(key))
          this.entries.set(key, Promise.resolve(outcome.value));
      });
      while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    };
  }

  /**
   * The value of `compute` for `key` in this revision: computed by the first caller, shared by the
   * callers after it (also while it is still being computed). The value is frozen, deeply, before
   * anyone gets it: one shared object, that no caller can change for the others. A copy per caller
   * cost a month of GL batches (4 MB of JSON with its reversals) 40-80 ms each time, and a host
   * that serialises a frozen value can keep its text (web/http.ts). A failure is not kept: the next
   * caller computes again.
   */
  read<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key) as Promise<T> | undefined;
    if (kept) {
      // Most recently used last, so the oldest key is the one to go when full.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const value = compute().then(deepFreeze);
    this.entries.set(key, value);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    return value;
  }

  /**
   * The value built for `key` in this revision if there is one (built, or being built, by `read`),
   * otherwise `compute`'s, not kept: for reads kept only when something builds them ahead (the
   * first views after a sync), that otherwise see every write as it lands, also one not yet
   * announced by a data.changed (a sync's pages while it runs).
   */
  readIfBuilt<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return (this.entries.get(key) as Promise<T> | undefined) ?? compute();
  }
}

/** Freezes `value` and everything it holds (plain data: objects, arrays, primitives). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
