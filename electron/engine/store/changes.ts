/** The change feed (table transaction_changes): pages, counts, acknowledging. */
import type { ChangeKind } from '../../../shared/domain';
import type { ChangeRow } from './schema';
import type { ReadableDB, WritableDB } from './handles';

export interface ChangeRowQuery {
  kinds?: ChangeKind[];
  unacknowledgedOnly: boolean;
  /** Only ids below this one (the keyset cursor). */
  beforeId?: number;
  limit: number;
}

/** Newest first. */
export function listChangeRows({ db }: ReadableDB, query: ChangeRowQuery): Promise<ChangeRow[]> {
  let select = db.selectFrom('transaction_changes').selectAll();
  if (query.kinds?.length) select = select.where('kind', 'in', query.kinds);
  if (query.unacknowledgedOnly) select = select.where('acknowledged_at', 'is', null);
  if (query.beforeId !== undefined) select = select.where('id', '<', query.beforeId);
  return select.orderBy('id', 'desc').limit(query.limit).execute();
}

export async function countUnacknowledged({ db }: ReadableDB): Promise<number> {
  const { n } = await db
    .selectFrom('transaction_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('acknowledged_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Acknowledges the given ids, or every change up to and including `upToId`; acknowledged ones keep their time. */
export async function acknowledgeChangeRows(
  { db }: WritableDB,
  target: { ids?: number[]; upToId?: number },
  by: string,
  at: string,
): Promise<number> {
  let update = db
    .updateTable('transaction_changes')
    .set({ acknowledged_at: at, acknowledged_by: by })
    .where('acknowledged_at', 'is', null);
  if (target.ids) {
    if (target.ids.length === 0) return 0;
    update = update.where('id', 'in', target.ids);
  } else if (target.upToId !== undefined) {
    update = update.where('id', '<=', target.upToId);
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Changes to the transactions of a batch seen after `since`, oldest first, leaving out `exceptKinds`. */
export function batchChangesSince(
  { db }: ReadableDB,
  batchId: string,
  since: string,
  limit: number,
  exceptKinds: readonly ChangeKind[] = [],
): Promise<Array<{ transaction_id: number; kind: string; detail: string | null }>> {
  let select = db
    .selectFrom('transaction_changes as c')
    .innerJoin('transactions as t', 't.id', 'c.transaction_id')
    .select(['c.transaction_id', 'c.kind', 'c.detail'])
    .where('t.batch_id', '=', batchId)
    .where('c.seen_at', '>', since);
  if (exceptKinds.length > 0) select = select.where('c.kind', 'not in', exceptKinds as ChangeKind[]);
  return select.orderBy('c.id').limit(limit).execute();
}
