import type { CompiledQuery, Kysely } from 'kysely';
import { statSync } from 'node:fs';
import { startCheckpointer, type Checkpointer } from '../workers/checkpointer';
import type { WritableDB } from '../work/handles';
import type { Database } from '../schema';
import type { Compilable } from '../work/work';

/** WAL pages between the writer's own checkpoints during a bulk write (SQLite's default is 1,000, about 4 MB). */
const RUN_WAL_AUTOCHECKPOINT = 8_000;

/**
 * Rows a bulk writer (the sync) should put in one unit of work. On SQLite a unit runs synchronously
 * on the thread that also answers the app's window and a server's users, so units stay short: at
 * 1,000 rows a nightly sync on a 300k store held it 50-230 ms at a time, and 50 users' calls during
 * it had a p95 of 420 ms; at 500 that p95 is ~28 ms (the team bench). 250 was no better for them and
 * cost the full sync more commits, each rewriting the same hot index pages. On PostgreSQL a unit
 * waits on the server without holding the thread, and each costs its round trips and a commit.
 */
export function rowsPerWriteUnit({ sqlite }: WritableDB): number {
  return sqlite ? 500 : 1_000;
}

/** WAL size at which a bulk write hands its checkpoints to a worker: SQLite's own default, 1,000 pages. */
const WORKER_AFTER_WAL_BYTES = 4 * 1024 * 1024;
const WAL_WATCH_MS = 100;

/**
 * Runs a bulk write (a sync, a bank import) with fewer checkpoints on the writer's connection: each
 * copies (and syncs) the index pages every commit since the last one touched, so fewer of them write
 * far less. Once the write has put as much in the WAL as SQLite would checkpoint at, its checkpoints
 * move to a worker thread (checkpointer.ts), so the thread that answers the app's window and a
 * server's users never copies the WAL into the file itself. A small write (a nightly sync that finds
 * little new) never starts a worker. PostgreSQL checkpoints on its own schedule: there the work simply
 * runs.
 */
export async function withBulkCheckpoints<T>({ sqlite }: WritableDB, work: () => Promise<T>): Promise<T> {
  if (!sqlite) return work();
  const previous = Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
  sqlite.pragma(`wal_autocheckpoint = ${RUN_WAL_AUTOCHECKPOINT}`);
  let checkpointer: Checkpointer | null = null;
  const walPath = `${sqlite.name}-wal`;
  const watch = sqlite.memory
    ? null
    : setInterval(() => {
        if (walBytes(walPath) < WORKER_AFTER_WAL_BYTES) return;
        clearInterval(watch!);
        checkpointer = startCheckpointer(sqlite, RUN_WAL_AUTOCHECKPOINT);
      }, WAL_WATCH_MS);
  try {
    return await work();
  } finally {
    if (watch) clearInterval(watch);
    await (checkpointer as Checkpointer | null)?.stop();
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${previous}`);
  }
}

function walBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Where a compiled parameter comes from: an argument of the call, or a constant of the query. */
type Slot = { argument: number } | { constant: unknown };

/**
 * A query of a fixed shape, built and compiled once per kysely instance; each use only binds its
 * own values. kysely builds and compiles every query anew (immutable copies of its whole tree),
 * which the queries run per page, per deposit or per opened transaction pay thousands of times.
 * `build` receives stand-ins for its arguments and must hand them to kysely as values, unread: a
 * query whose SQL depends on its values (an IN list, an optional clause) does not belong here.
 */
export function compiledOnce<A extends unknown[], R>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): (db: Kysely<Database>, ...args: A) => Compilable<R> {
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<R>; slots: Slot[] }>();
  return (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const standIns = args.map((_, i) => Symbol(`argument ${i}`));
      const query = build(db, ...(standIns as unknown as A)).compile();
      const slots = query.parameters.map((value): Slot => {
        const argument = standIns.indexOf(value as symbol);
        return argument >= 0 ? { argument } : { constant: value };
      });
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    return new Bound(
      query,
      slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant)),
    );
  };
}

/** A compiled query with this use's values (a class: no closure made per use). */
class Bound<R> implements Compilable<R> {
  constructor(
    private readonly query: CompiledQuery<R>,
    private readonly parameters: readonly unknown[],
  ) {}

  compile(): CompiledQuery<R> {
    return { ...this.query, parameters: this.parameters };
  }
}
