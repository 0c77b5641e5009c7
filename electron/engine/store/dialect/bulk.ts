import type { CompiledQuery, Kysely } from 'kysely';
import type { WritableDB } from '../work/handles';
import type { Database } from '../schema';
import type { Compilable } from '../work/unit';

/** Rows a bulk writer (the sync) should put in one unit of work (its dialect's measured figure). */
export function rowsPerWriteUnit({ dialect }: WritableDB): number {
  return dialect.rowsPerWriteUnit;
}

/** Runs a bulk write (a sync, a bank import) with what its database needs around one. */
export function withBulkCheckpoints<T>({ dialect }: WritableDB, work: () => Promise<T>): Promise<T> {
  return dialect.withBulkCheckpoints(work);
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
