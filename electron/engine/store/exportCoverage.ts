/**
 * Which GL rows a finished export already covers (its dates, and its payees and methods, an empty
 * list meaning all), the way export.glBatches selects them (store/glRows.ts): by the GL row's date,
 * payee and its deposit's payment method. It gives GL Batches and `export gl` their default range.
 */
import { sql } from 'kysely';
import type { ReadableDB } from './handles';

const COVERED = sql<number>`EXISTS (SELECT 1 FROM exports e
  WHERE e.status = 'done' AND e.from_date <= g.date AND e.to_date >= g.date
    AND (e.payee_ids = '[]' OR EXISTS (SELECT 1 FROM json_each(e.payee_ids) j WHERE j.value = g.payee_id))
    AND (e.methods = '[]' OR EXISTS (SELECT 1 FROM json_each(e.methods) j WHERE j.value = b.payment_method)))`;

export interface GlCoverage {
  /** The first and last dates with GL rows; null when there are none. */
  first: string | null;
  last: string | null;
  /** The oldest date with a GL row no finished export covers. */
  oldestUnexported: string | null;
}

export async function glCoverage({ db }: ReadableDB): Promise<GlCoverage> {
  const row = await db
    .selectFrom('gl_batches as g')
    .innerJoin('batches as b', 'b.id', 'g.batch_id')
    .select((eb) => [
      eb.fn.min<string | null>('g.date').as('first'),
      eb.fn.max<string | null>('g.date').as('last'),
      sql<string | null>`min(CASE WHEN ${COVERED} THEN NULL ELSE g.date END)`.as('oldest'),
    ])
    .executeTakeFirst();
  return { first: row?.first ?? null, last: row?.last ?? null, oldestUnexported: row?.oldest ?? null };
}

/** Whether any GL row is dated from `from` up to, not including, `before`. */
export async function hasGlRowsBetween({ db }: ReadableDB, from: string, before: string): Promise<boolean> {
  const row = await db
    .selectFrom('gl_batches')
    .select('id')
    .where('date', '>=', from)
    .where('date', '<', before)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
