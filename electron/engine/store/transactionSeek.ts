/**
 * A scrollbar jump in the Transactions list: the keyset cursor that makes listTransactions start at
 * a given row. Paging stays keyset; only a jump pays for an OFFSET, and it walks the same index the
 * list reads, selecting just the key columns (covered by the index: no table rows are read).
 */
import type { ReadableDB } from './handles';
import type { TransactionFilter } from '../../../shared/contract';
import { baseWhere, encodeCursor, isFullText } from './transactionQueries';

type Param = string | number;
interface KeyRow {
  business_date: string;
  id: number;
}

/** Sorts before every row in both list orders, so the page after it is empty. */
const PAST_THE_END = encodeCursor({ business_date: '', id: 0 });

export function seekTransactions({ sqlite }: ReadableDB, filter: TransactionFilter, position: number): string | null {
  if (position === 0) return null;
  // The cursor is the key of the row just before `position`: the list continues after it.
  const query = keyQuery(filter);
  const row = sqlite.prepare(`${query.sql} LIMIT 1 OFFSET ?`).get(...query.params, position - 1) as KeyRow | undefined;
  return row ? encodeCursor(row) : PAST_THE_END;
}

/** The list's rows, key columns only, in the list's order (see listTransactions). */
function keyQuery(filter: TransactionFilter): { sql: string; params: Param[] } {
  const search = filter.search?.trim();
  if (search && isFullText(search)) {
    // Text search lists newest transaction number first; its cursor is read by id only.
    const where = baseWhere(filter);
    return {
      sql: `SELECT business_date, id FROM transactions WHERE ${where.clauses.join(' AND ')} ORDER BY id DESC`,
      params: where.params,
    };
  }
  const split: 'statuses' | 'payeeIds' | undefined =
    (filter.statuses?.length ?? 0) > 1 ? 'statuses' : (filter.payeeIds?.length ?? 0) > 1 ? 'payeeIds' : undefined;
  const select = (extra: string | null, value: Param | null) => {
    const where = baseWhere(filter, split);
    if (extra !== null && value !== null) {
      where.clauses.push(extra);
      where.params.push(value);
    }
    const clause = where.clauses.length ? `WHERE ${where.clauses.join(' AND ')}` : '';
    return { sql: `SELECT business_date, id FROM transactions ${clause}`, params: where.params };
  };
  const order = 'ORDER BY business_date DESC, id DESC';
  if (!split) {
    const one = select(null, null);
    return { sql: `${one.sql} ${order}`, params: one.params };
  }
  // One index range per status or payee, merged in order by SQLite (as the list does), not sorted.
  const column = split === 'statuses' ? 'status' : 'payee_id';
  const values = (split === 'statuses' ? filter.statuses : filter.payeeIds) as Param[];
  const branches = values.map((value) => select(`${column} = ?`, value));
  return {
    sql: `${branches.map((b) => b.sql).join(' UNION ALL ')} ${order}`,
    params: branches.flatMap((b) => b.params),
  };
}
