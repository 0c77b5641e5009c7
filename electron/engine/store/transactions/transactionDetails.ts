/**
 * A transaction's payer and GL account, which only `GET /txns/:id` carries: kept once fetched, with
 * the payer's name folded for search (payer_search, migration 019). Fetched when a bookkeeper opens
 * a transaction, and by the sync's details phase for every transaction that has not had them.
 */
import type { ReadableDB, WritableDB } from '../work/handles';
import { foldForSearch } from '../dialect/searchFold';
import { execute, rowsOf, runRead, runWrite } from '../work/work';

export interface FetchedDetails {
  id: number;
  payerName: string | null;
  glAccountId: string | null;
}

/** Whether the transaction exists and still lacks its payer or GL account. */
export async function lacksDetails({ db }: ReadableDB, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('transactions')
    .select(['payer_name', 'gl_account_id', 'payer_search'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined && (row.payer_search === null || (row.payer_name === null && row.gl_account_id === null));
}

/** Returns whether anything changed. */
export async function storeDetails(
  writer: WritableDB,
  id: number,
  payerName: string | null,
  glAccountId: string | null,
): Promise<boolean> {
  return (await storeDetailsOf(writer, [{ id, payerName, glAccountId }])) > 0;
}

/**
 * Stores fetched details in one transaction; returns how many rows changed. A payer or account the
 * service no longer names does not erase one stored before; payer_search is set either way ('' for
 * no payer), which marks the transaction as fetched.
 */
export function storeDetailsOf(writer: WritableDB, details: readonly FetchedDetails[]): Promise<number> {
  return runWrite(writer, function* (db) {
    let changed = 0;
    for (const { id, payerName, glAccountId } of details) {
      const payerSearch = payerName === null ? '' : foldForSearch(payerName);
      changed += yield* execute(
        db
          .updateTable('transactions')
          .set((eb) => ({
            payer_name: eb.fn.coalesce(eb.val(payerName), 'payer_name'),
            gl_account_id: eb.fn.coalesce(eb.val(glAccountId), 'gl_account_id'),
            payer_search:
              payerName === null ? eb.fn.coalesce('payer_search', eb.val(payerSearch)) : eb.val(payerSearch),
          }))
          .where('id', '=', id)
          .where((eb) =>
            eb.or([
              eb('payer_search', 'is', null),
              ...(payerName === null ? [] : [eb('payer_name', 'is distinct from', payerName)]),
              ...(glAccountId === null ? [] : [eb('gl_account_id', 'is distinct from', glAccountId)]),
            ]),
          ),
      );
    }
    return changed;
  });
}

/** Up to `limit` transactions after `afterId` whose details the sync has not fetched, by id. */
export function transactionsWithoutDetails(reader: ReadableDB, afterId: number, limit: number): Promise<number[]> {
  return runRead(reader, function* (db) {
    const rows = yield* rowsOf(
      db
        .selectFrom('transactions')
        .select('id')
        .where('payer_search', 'is', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit),
    );
    return rows.map((row) => Number(row.id));
  });
}
