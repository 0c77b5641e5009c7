/**
 * Which GL rows a finished export already covers (its dates, and its payees and methods, an empty
 * list meaning all), the way export.glBatches selects them (store/glRows.ts): by the GL row's date,
 * payee and its deposit's payment method. It gives GL Batches and `export gl` their default range.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ReadableDB } from '../work/handles';
import type { Database } from '../schema';
import { firstOf, rowsOf, runRead } from '../work/work';
import { storedMethods, storedPayeeIds } from './storedScope';

type CoverageScope = ExpressionBuilder<Database & { g: Database['gl_batches']; b: Database['batches'] }, 'g' | 'b'>;

/**
 * A GL row that a finished export covers. The finished exports are few and read first, so their
 * payee and method lists become plain IN lists: no JSON functions, the same SQL on both dialects.
 */
function covered(
  eb: CoverageScope,
  exports: ReadonlyArray<{ from_date: string; to_date: string; payee_ids: string; methods: string }>,
): Expression<SqlBool> {
  return eb.or(
    exports.map((e) => {
      const payeeIds = storedPayeeIds(e.payee_ids);
      const methods = storedMethods(e.methods);
      return eb.and([
        eb('g.date', '>=', e.from_date),
        eb('g.date', '<=', e.to_date),
        ...(payeeIds.length ? [eb('g.payee_id', 'in', payeeIds)] : []),
        ...(methods.length ? [eb('b.payment_method', 'in', methods)] : []),
      ]);
    }),
  );
}

export interface GlCoverage {
  /** The first and last dates with GL rows; null when there are none. */
  first: string | null;
  last: string | null;
  /** The oldest date with a GL row no finished export covers. */
  oldestUnexported: string | null;
}

export function glCoverage(reader: ReadableDB): Promise<GlCoverage> {
  return runRead(reader, function* (db) {
    const exports = yield* rowsOf(
      db.selectFrom('exports').select(['from_date', 'to_date', 'payee_ids', 'methods']).where('status', '=', 'done'),
    );
    const row = yield* firstOf(
      db
        .selectFrom('gl_batches as g')
        .innerJoin('batches as b', 'b.id', 'g.batch_id')
        .select((eb) => [
          eb.fn.min<string | null>('g.date').as('first'),
          eb.fn.max<string | null>('g.date').as('last'),
          exports.length === 0
            ? eb.fn.min<string | null>('g.date').as('oldest')
            : eb.fn
                .min<string | null>(
                  eb
                    .case()
                    .when(covered(eb, exports))
                    .then(sql<string | null>`NULL`)
                    .else(eb.ref('g.date'))
                    .end(),
                )
                .as('oldest'),
        ]),
    );
    return { first: row?.first ?? null, last: row?.last ?? null, oldestUnexported: row?.oldest ?? null };
  });
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
