/**
 * What a unit of work is: a generator that builds its queries with kysely and yields them compiled;
 * its dialect's runner executes each and sends the result back (work.ts).
 */
import type { CompiledQuery, QueryResult } from 'kysely';

export type Work<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

export interface Compilable<R> {
  compile(): CompiledQuery<R>;
}
