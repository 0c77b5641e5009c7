/** Rows as the store holds them, for tests that check what a write left behind. */
import type { Selectable } from 'kysely';
import type { ReadableDB } from '../../../electron/engine/store/work';
import type { Database } from '../../../electron/engine/store/schema';
import { rowsOf, runRead } from '../../../electron/engine/store/work';

type Row<T extends keyof Database> = Selectable<Database[T]>;

/** `columns` of every row of `table`, read on one snapshot of the read connection, in `orderBy` order. */
export async function storedRows<T extends keyof Database & string, C extends keyof Row<T> & string>(
  reader: ReadableDB,
  table: T,
  columns: readonly C[],
  orderBy?: keyof Row<T> & string,
): Promise<Array<Pick<Row<T>, C>>> {
  const rows: unknown[] = await runRead(reader, (db) => {
    // Kysely cannot follow a table chosen by a type parameter; the return type says what comes back.
    const query = db.selectFrom(table as 'batches').select(columns as never);
    return rowsOf(orderBy ? query.orderBy(orderBy as never) : query);
  });
  return rows as Array<Pick<Row<T>, C>>;
}
