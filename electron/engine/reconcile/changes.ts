/** The feed of transaction changes since the last review, and acknowledging them. */
import { ContractError, type Page } from '../../../shared/contract';
import {
  CHANGE_KINDS_BY_URGENCY,
  isActionKind,
  type Change,
  type ChangeGroup,
  type ChangeKind,
} from '../../../shared/domain';
import {
  acknowledgeChangeRows,
  countUnacknowledged,
  listChangeRows,
  unacknowledgedByKind,
  type AcknowledgeTarget,
} from '../store/transactions';
import type { ReadableDB, WritableDB } from '../store/work';
import { toChange } from '../store/batches';

export interface ChangeQuery {
  kinds?: ChangeKind[];
  unacknowledgedOnly: boolean;
  beforeDistrictRecon?: boolean;
  cursor?: string | null;
  limit: number;
}

/** How many are not yet acknowledged: counted (countUnacknowledged), or kept for this revision of the data. */
export type UnacknowledgedCount = (beforeDistrictRecon: boolean) => Promise<number>;

/**
 * Newest first; the cursor is the last id shown. The changes since the last review, or with
 * beforeDistrictRecon the first sync's reversals, listed apart and counted apart.
 */
export async function listChanges(
  reader: ReadableDB,
  query: ChangeQuery,
  unacknowledgedCount: UnacknowledgedCount = (beforeDistrictRecon) => countUnacknowledged(reader, beforeDistrictRecon),
): Promise<Page<Change> & { unacknowledged: number }> {
  const rows = await listChangeRows(reader, {
    kinds: query.kinds,
    unacknowledgedOnly: query.unacknowledgedOnly,
    beforeDistrictRecon: query.beforeDistrictRecon ?? false,
    beforeId: query.cursor ? cursorId(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(toChange),
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    unacknowledged: await unacknowledgedCount(query.beforeDistrictRecon ?? false),
  };
}

/** The feed by kind, what asks for action first (most serious first), routine kinds last; empty kinds left out. */
export async function changeGroups(reader: ReadableDB): Promise<ChangeGroup[]> {
  const byKind = new Map<ChangeKind, { count: number; newestId: number }>();
  for (const row of await unacknowledgedByKind(reader)) {
    const group = byKind.get(row.kind) ?? { count: 0, newestId: 0 };
    byKind.set(row.kind, { count: group.count + row.count, newestId: Math.max(group.newestId, row.newestId) });
  }
  return CHANGE_KINDS_BY_URGENCY.flatMap((kind) => {
    const group = byKind.get(kind);
    return group ? [{ kind, ...group, action: isActionKind(kind) }] : [];
  });
}

/** Acknowledges the given ids, a whole kind (as far as `upToId` when given), or everything up to `upToId`, in one statement. */
export function acknowledgeChanges(
  writer: WritableDB,
  target: AcknowledgeTarget,
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
