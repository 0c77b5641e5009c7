/** The feed of transaction changes since the last review, and acknowledging them. */
import { ContractError, type Page } from '../../../shared/contract';
import type { Change, ChangeKind } from '../../../shared/domain';
import type { StoreLike } from './refresh';
import { toChange } from './rows';

export interface ChangeQuery {
  kinds?: ChangeKind[];
  unacknowledgedOnly: boolean;
  cursor?: string | null;
  limit: number;
}

/** Newest first; the cursor is the last id shown. */
export async function listChanges(
  store: StoreLike,
  query: ChangeQuery,
): Promise<Page<Change> & { unacknowledged: number }> {
  let select = store.db.selectFrom('transaction_changes').selectAll();
  if (query.kinds?.length) select = select.where('kind', 'in', query.kinds);
  if (query.unacknowledgedOnly) select = select.where('acknowledged_at', 'is', null);
  if (query.cursor) select = select.where('id', '<', cursorId(query.cursor));
  const rows = await select
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const { n } = await store.db
    .selectFrom('transaction_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('acknowledged_at', 'is', null)
    .executeTakeFirstOrThrow();
  const last = page[page.length - 1];
  return {
    rows: page.map(toChange),
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    unacknowledged: Number(n),
  };
}

/** Acknowledges the given ids, or every change up to and including `upToId`; already acknowledged ones keep their time. */
export async function acknowledgeChanges(
  store: StoreLike,
  target: { ids?: number[]; upToId?: number },
  by: string,
  at: string,
): Promise<number> {
  let update = store.db
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

function cursorId(cursor: string): number {
  const id = Number(cursor);
  if (Number.isSafeInteger(id) && id > 0) return id;
  throw new ContractError('BAD_ARGUMENTS', 'The page cursor is not one this list gave out. Reload the list.');
}
