/** The change feed (table transaction_changes): pages, counts, acknowledging. */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { ChangeKind, TransactionStatus } from '../../../../shared/domain';
import { isBaselineReversal } from '../reversals';
import type { ChangeRow } from '../schema';
import type { ReadableDB, WritableDB } from '../work/handles';
import { refuseClosedChanges } from '../months/repository';
import { execute, rowsOf, runWrite } from '../work/work';

export interface ChangeRowQuery {
  kinds?: ChangeKind[];
  unacknowledgedOnly: boolean;
  /** Only ids below this one (the keyset cursor). */
  beforeId?: number;
  limit: number;
  /** The first sync's reversals ("before District Recon") instead of the changes since the last review. */
  beforeDistrictRecon?: boolean;
}

/** A change with the deposit its transaction is in now. */
export type ListedChangeRow = ChangeRow & { batch_id: string | null };

/** Newest first. */
export function listChangeRows({ db }: ReadableDB, query: ChangeRowQuery): Promise<ListedChangeRow[]> {
  const baseline = isBaselineReversal();
  let select = db
    .selectFrom('transaction_changes as c')
    .leftJoin('transactions as t', 't.id', 'c.transaction_id')
    .selectAll('c')
    .select('t.batch_id')
    .where(query.beforeDistrictRecon ? baseline : sql<boolean>`NOT ${baseline}`);
  if (query.kinds?.length) select = select.where('c.kind', 'in', query.kinds);
  if (query.unacknowledgedOnly) select = select.where('c.acknowledged_at', 'is', null);
  if (query.beforeId !== undefined) select = select.where('c.id', '<', query.beforeId);
  return select.orderBy('c.id', 'desc').limit(query.limit).execute();
}

/**
 * Changes not yet acknowledged, by kind and the status they moved to (a first sighting is told by its
 * status); the first sync's reversals are not among them (store/reversals isBaselineReversal).
 */
export async function unacknowledgedByKind({
  db,
}: ReadableDB): Promise<Array<{ kind: ChangeKind; toStatus: string; count: number; newestId: number }>> {
  const rows = await db
    .selectFrom('transaction_changes as c')
    .select((eb) => ['c.kind', 'c.to_status', eb.fn.countAll<number>().as('n'), eb.fn.max<number>('c.id').as('newest')])
    .where('c.acknowledged_at', 'is', null)
    .where(sql<boolean>`NOT ${isBaselineReversal()}`)
    .groupBy(['c.kind', 'c.to_status'])
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    toStatus: r.to_status,
    count: Number(r.n),
    newestId: Number(r.newest),
  }));
}

/** The newest transactions with a change not yet acknowledged of one of these kinds (and, when given, statuses). */
export async function newestUnacknowledgedTransactions(
  { db }: ReadableDB,
  kinds: readonly ChangeKind[],
  toStatuses: readonly TransactionStatus[] | null,
  limit: number,
): Promise<number[]> {
  let select = db
    .selectFrom('transaction_changes')
    .select('transaction_id')
    .where('acknowledged_at', 'is', null)
    .where('kind', 'in', [...kinds]);
  if (toStatuses) select = select.where('to_status', 'in', [...toStatuses]);
  const rows = await select
    .groupBy('transaction_id')
    .orderBy((eb) => eb.fn.max('id'), 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.transaction_id);
}

/** Changes not yet acknowledged since the last review, or (beforeDistrictRecon) the first sync's reversals. */
export async function countUnacknowledged({ db }: ReadableDB, beforeDistrictRecon = false): Promise<number> {
  const baseline = isBaselineReversal();
  const { n } = await db
    .selectFrom('transaction_changes as c')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.acknowledged_at', 'is', null)
    .where(beforeDistrictRecon ? baseline : sql<boolean>`NOT ${baseline}`)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface AcknowledgeTarget {
  ids?: number[];
  /** Every change up to and including this id (with `kinds`: of those kinds only). */
  upToId?: number;
  /** Every change of these kinds: a whole group of the feed at once. */
  kinds?: ChangeKind[];
}

/**
 * Acknowledges the given ids, or every change of the given kinds, or up to and including `upToId`
 * (both: that group as far as it was counted), in one statement; acknowledged ones keep their time.
 */
export function acknowledgeChangeRows(
  writer: WritableDB,
  target: AcknowledgeTarget,
  by: string,
  at: string,
): Promise<number> {
  if (target.ids?.length === 0 || target.kinds?.length === 0) return Promise.resolve(0);
  return runWrite(writer, function* (db) {
    // A change seen in a closed month of its school is final there (DESIGN.md §13): refused in this unit.
    yield* refuseClosedChanges(
      db,
      (db) =>
        rowsOf(
          targeted(db.selectFrom('transaction_changes as c'), target, isBaselineReversal())
            .innerJoin('transactions as t', 't.id', 'c.transaction_id')
            .select(['t.payee_id', 'c.seen_at']),
        ),
      'Cannot acknowledge these changes',
    );
    return yield* execute(
      targeted(db.updateTable('transaction_changes as c'), target, isBaselineReversal()).set({
        acknowledged_at: at,
        acknowledged_by: by,
      }),
    );
  });
}

/**
 * The unacknowledged changes a target names, as a filter of a select or an update. A kind or "up to"
 * never takes the first sync's reversals: the count the bookkeeper confirmed left them out.
 */
function targeted<Q extends WhereBuilder<Q>>(query: Q, target: AcknowledgeTarget, baseline: Expression<SqlBool>): Q {
  let filtered = query.where('c.acknowledged_at', 'is', null);
  if (target.ids) filtered = filtered.where('c.id', 'in', target.ids);
  else filtered = filtered.where(sql<boolean>`NOT ${baseline}`);
  if (target.kinds) filtered = filtered.where('c.kind', 'in', target.kinds);
  if (target.upToId !== undefined) filtered = filtered.where('c.id', '<=', target.upToId);
  return filtered;
}

/** What `targeted` needs of a query: kysely's select and update both filter this way. */
interface WhereBuilder<Q> {
  where(column: 'c.acknowledged_at', op: 'is', value: null): Q;
  where(column: 'c.id', op: 'in', value: readonly number[]): Q;
  where(column: 'c.kind', op: 'in', value: readonly ChangeKind[]): Q;
  where(column: 'c.id', op: '<=', value: number): Q;
  where(expression: Expression<SqlBool>): Q;
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
  if (exceptKinds.length > 0) select = select.where('c.kind', 'not in', [...exceptKinds]);
  return select.orderBy('c.id').limit(limit).execute();
}

/** The latest `limit` changes to the transactions of a batch, newest first, leaving out `exceptKinds`. */
export function latestBatchChanges(
  { db }: ReadableDB,
  batchId: string,
  limit: number,
  exceptKinds: readonly ChangeKind[] = [],
): Promise<Array<{ transaction_id: number; kind: string; detail: string | null; seen_at: string }>> {
  let select = db
    .selectFrom('transaction_changes as c')
    .innerJoin('transactions as t', 't.id', 'c.transaction_id')
    .select(['c.transaction_id', 'c.kind', 'c.detail', 'c.seen_at'])
    .where('t.batch_id', '=', batchId);
  if (exceptKinds.length > 0) select = select.where('c.kind', 'not in', exceptKinds as ChangeKind[]);
  return select.orderBy('c.id', 'desc').limit(limit).execute();
}
