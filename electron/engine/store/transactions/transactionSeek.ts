/**
 * A scrollbar jump in the Transactions list: the keyset cursor that makes listTransactions start at
 * a given row. Paging stays keyset; only a jump pays for an OFFSET, and it walks the same index the
 * list reads, selecting just the key columns (covered by the index: no table rows are read).
 */
import { sql, type RawBuilder } from 'kysely';
import type { ReadableDB } from '../work/handles';
import type { TransactionFilter } from '../../../../shared/contract';
import { baseWhere, encodeCursor, isFullText, splitClauses, splitOf, whereOf } from './transactionQueries';

interface KeyRow {
  business_date: string;
  id: number;
}

/** Sorts before every row in both list orders, so the page after it is empty. */
const PAST_THE_END = encodeCursor({ business_date: '', id: 0 });

export async function seekTransactions(
  reader: ReadableDB,
  filter: TransactionFilter,
  position: number,
): Promise<string | null> {
  if (position === 0) return null;
  // The cursor is the key of the row just before `position`: the list continues after it.
  const { rows } = await sql<KeyRow>`${keyQuery(reader, filter)} LIMIT 1 OFFSET ${position - 1}`.execute(reader.db);
  const row = rows[0];
  return row ? encodeCursor({ business_date: row.business_date, id: Number(row.id) }) : PAST_THE_END;
}

/** The list's rows, key columns only, in the list's order (see listTransactions). */
function keyQuery(reader: ReadableDB, filter: TransactionFilter): RawBuilder<KeyRow> {
  const search = filter.search?.trim();
  if (search && isFullText(search)) {
    // Text search lists newest transaction number first; its cursor is read by id only.
    return sql`SELECT business_date, id FROM transactions ${whereOf(baseWhere(reader, filter))} ORDER BY id DESC`;
  }
  const split = splitOf(filter);
  const order = sql`ORDER BY business_date DESC, id DESC`;
  if (!split) return sql`SELECT business_date, id FROM transactions ${whereOf(baseWhere(reader, filter))} ${order}`;
  // One index range per status or payee, merged in order (as the list does), not sorted.
  const branches = splitClauses(filter, split).map(
    (clause) =>
      sql`SELECT business_date, id FROM transactions ${whereOf([...baseWhere(reader, filter, split), clause])}`,
  );
  return sql`${sql.join(branches, sql` UNION ALL `)} ${order}`;
}
