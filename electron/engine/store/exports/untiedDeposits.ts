/**
 * The deposits an export posts that do not tie out (issue 26, item 6): of a scope (before posting,
 * leaving out what other exports posted unless reposting) or of a claimed export. A deposit is
 * untied when its batch or its checks never came, a check fails, or no one signed it off.
 */
import type { UntiedDeposit } from '../../../../shared/contract';
import type { ReadableDB } from '../work/handles';
import { glScope, type GlExportFilter } from '../glBatches/glRows';
import { latestReviews } from '../reviews/reviews';
import { reviewStateOf } from '../batches/rowMappers';
import { chunks } from '../work/chunks';

export interface UntiedQuery {
  scope: Omit<GlExportFilter, 'exportId'>;
  /** Only the deposits this export claimed. */
  exportId?: number;
  /** Without exportId: leave out the deposits another export posted (a new export would too). */
  leaveOutPosted?: boolean;
}

export async function untiedDeposits(reader: ReadableDB, query: UntiedQuery): Promise<UntiedDeposit[]> {
  const { db } = reader;
  let deposits = glScope(db, query.scope)
    .select((eb) => [
      'g.batch_id as batchId',
      'g.payee_id as payeeId',
      'p.name as payeeName',
      eb.fn.min('g.date').as('date'),
    ])
    .groupBy(['g.batch_id', 'g.payee_id', 'p.name'])
    .orderBy('date')
    .orderBy('g.batch_id');
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
  const rows = await deposits.execute();
  const untied: UntiedDeposit[] = [];
  for (const part of chunks(rows)) {
    const ids = part.map((row) => row.batchId);
    const known = new Set(
      (await db.selectFrom('batches').select('id').where('id', 'in', ids).execute()).map((row) => row.id),
    );
    const checks = new Map(
      (
        await db
          .selectFrom('batch_checks')
          .select(['batch_id', 'verdict', 'difference_cents'])
          .where('batch_id', 'in', ids)
          .execute()
      ).map((row) => [row.batch_id, row]),
    );
    const reviews = await latestReviews(reader, ids);
    for (const row of part) {
      const check = checks.get(row.batchId);
      const base = { batchId: row.batchId, date: String(row.date), payeeId: row.payeeId, payeeName: row.payeeName };
      if (!known.has(row.batchId) || !check || check.verdict === 'incomplete') {
        untied.push({ ...base, reason: 'not_synced', differenceCents: check?.difference_cents ?? 0 });
      } else if (check.verdict !== 'ties_out') {
        untied.push({ ...base, reason: 'differs', differenceCents: check.difference_cents });
      } else if (reviewStateOf(reviews.get(row.batchId)) !== 'signed_off') {
        untied.push({ ...base, reason: 'not_signed_off', differenceCents: 0 });
      }
    }
  }
  return untied;
}
