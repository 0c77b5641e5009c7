/**
 * The deposits an export posts that do not tie out (issue 26, item 6): of a scope (before posting,
 * leaving out what other exports posted unless reposting) or of a claimed export. A deposit is
 * untied when its batch or its checks never came, a check fails, or no one signed it off.
 *
 * One statement: the scope's GL rows grouped into deposits, each joined to its batch, its checks and
 * its latest review, only the untied ones returned. (It was the grouped deposits read whole, then
 * three lookups per 500 of them: at 1M GL rows, 100,000 deposit rows in memory and 600 round trips
 * before an export wrote its first row, issue 31.)
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { UntiedDeposit } from '../../../../shared/contract';
import type { ReadableDB } from '../work/handles';
import { glScope, type GlExportFilter } from '../glBatches/glRows';

export interface UntiedQuery {
  scope: Omit<GlExportFilter, 'exportId'>;
  /** Only the deposits this export claimed. */
  exportId?: number;
  /** Without exportId: leave out the deposits another export posted (a new export would too). */
  leaveOutPosted?: boolean;
}

/** Untied deposits a stream reads at a time (an export's, where every deposit of a year can be untied). */
export const UNTIED_PER_CHUNK = 1_000;

export async function untiedDeposits(reader: ReadableDB, query: UntiedQuery): Promise<UntiedDeposit[]> {
  return (await untiedQuery(reader.db, query).execute()).map(toUntied);
}

/**
 * The same deposits, in the same order, read a chunk at a time from a snapshot (openGlSnapshot): an
 * export keeps of them only each one's mark, so a year of untied deposits never sits in memory.
 */
export async function* untiedDepositsStreamed(
  snapshot: ReadableDB,
  query: UntiedQuery,
  chunkRows = UNTIED_PER_CHUNK,
): AsyncGenerator<UntiedDeposit> {
  const compiled = untiedQuery(snapshot.db, query).compile();
  for await (const chunk of snapshot.dialect.streamChunks(snapshot.db, compiled, chunkRows))
    for (const row of chunk) yield toUntied(row);
}

function untiedQuery(db: Kysely<Database>, query: UntiedQuery) {
  let deposits = glScope(db, query.scope)
    .select((eb) => [
      'g.batch_id as batchId',
      'g.payee_id as payeeId',
      'p.name as payeeName',
      eb.fn.min('g.date').as('date'),
    ])
    .groupBy(['g.batch_id', 'g.payee_id', 'p.name']);
  if (query.exportId !== undefined) {
    const exportId = query.exportId;
    deposits = deposits.where((eb) =>
      eb.exists(
        eb
          .selectFrom('export_deposits as d')
          .select('d.batch_id')
          .whereRef('d.batch_id', '=', 'g.batch_id')
          .where('d.export_id', '=', exportId),
      ),
    );
  } else if (query.leaveOutPosted) {
    deposits = deposits.where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('export_deposits as d').select('d.batch_id').whereRef('d.batch_id', '=', 'g.batch_id')),
      ),
    );
  }
  return (
    db
      .selectFrom(deposits.as('dep'))
      .leftJoin('batches as b', 'b.id', 'dep.batchId')
      .leftJoin('batch_checks as c', 'c.batch_id', 'dep.batchId')
      .leftJoin('batch_reviews as r', (join) =>
        join.onRef('r.batch_id', '=', 'dep.batchId').on('r.id', '=', (eb) =>
          eb
            .selectFrom('batch_reviews as last')
            .select((e) => e.fn.max('last.id').as('id'))
            .whereRef('last.batch_id', '=', 'dep.batchId'),
        ),
      )
      .select([
        'dep.batchId',
        'dep.payeeId',
        'dep.payeeName',
        'dep.date',
        sql<number>`CASE WHEN b.id IS NULL THEN 0 ELSE 1 END`.as('known'),
        'c.verdict',
        'c.difference_cents',
        'r.action',
      ])
      // The tied ones (batch and checks here, tying out, signed off last) are not read at all.
      .where((eb) =>
        eb.or([
          eb('b.id', 'is', null),
          eb('c.verdict', 'is', null),
          eb('c.verdict', '!=', 'ties_out'),
          eb('r.action', 'is', null),
          eb('r.action', '!=', 'sign_off'),
        ]),
      )
      .orderBy('dep.date')
      .orderBy('dep.batchId')
  );
}

type UntiedRow = Awaited<ReturnType<ReturnType<typeof untiedQuery>['execute']>>[number];

function toUntied(row: UntiedRow): UntiedDeposit {
  const base = { batchId: row.batchId, date: String(row.date), payeeId: row.payeeId, payeeName: row.payeeName };
  if (!Number(row.known) || row.verdict === null || row.verdict === 'incomplete')
    return { ...base, reason: 'not_synced', differenceCents: row.difference_cents ?? 0 };
  if (row.verdict !== 'ties_out') return { ...base, reason: 'differs', differenceCents: row.difference_cents ?? 0 };
  return { ...base, reason: 'not_signed_off', differenceCents: 0 };
}
