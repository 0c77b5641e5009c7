/** A transaction's payer and GL account, which only `GET /txns/:id` carries: kept once fetched. */
import type { ReadableDB, WritableDB } from './handles';

/** Whether the transaction exists and still lacks its payer or GL account. */
export async function lacksDetails({ db }: ReadableDB, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('transactions')
    .select(['payer_name', 'gl_account_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined && (row.payer_name === null || row.gl_account_id === null);
}

/** Returns whether anything changed. */
export async function storeDetails(
  { db }: WritableDB,
  id: number,
  payerName: string | null,
  glAccountId: string | null,
): Promise<boolean> {
  if (payerName === null && glAccountId === null) return false;
  const result = await db
    .updateTable('transactions')
    .set((eb) => ({
      payer_name: eb.fn.coalesce(eb.val(payerName), 'payer_name'),
      gl_account_id: eb.fn.coalesce(eb.val(glAccountId), 'gl_account_id'),
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('payer_name', 'is distinct from', payerName), eb('gl_account_id', 'is distinct from', glAccountId)]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
