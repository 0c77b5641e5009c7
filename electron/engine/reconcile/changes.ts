/** The feed of transaction changes since the last review, and acknowledging them. */
import { ContractError, type Page } from '../../../shared/contract';
import type { Change, ChangeKind } from '../../../shared/domain';
import { acknowledgeChangeRows, countUnacknowledged, listChangeRows } from '../store/changes';
import type { ReadableDB, WritableDB } from '../store/handles';
import { toChange } from '../store/rowMappers';

export interface ChangeQuery {
  kinds?: ChangeKind[];
  unacknowledgedOnly: boolean;
  cursor?: string | null;
  limit: number;
}

/** Newest first; the cursor is the last id shown. */
export async function listChanges(
  reader: ReadableDB,
  query: ChangeQuery,
): Promise<Page<Change> & { unacknowledged: number }> {
  const rows = await listChangeRows(reader, {
    kinds: query.kinds,
    unacknowledgedOnly: query.unacknowledgedOnly,
    beforeId: query.cursor ? cursorId(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(toChange),
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    unacknowledged: await countUnacknowledged(reader),
  };
}

/** Acknowledges the given ids, or every change up to and including `upToId`, in one statement. */
export function acknowledgeChanges(
  writer: WritableDB,
  target: { ids?: number[]; upToId?: number },
  by: string,
  at: string,
): Promise<number> {
  return acknowledgeChangeRows(writer, target, by, at);
}

function cursorId(cursor: string): number {
  const id = Number(cursor);
  if (Number.isSafeInteger(id) && id > 0) return id;
  throw new ContractError('BAD_ARGUMENTS', 'The page cursor is not one this list gave out. Reload the list.');
}
