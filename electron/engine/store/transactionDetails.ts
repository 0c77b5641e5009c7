/** A transaction's payer and GL account, which only `GET /txns/:id` carries: kept once fetched. */
import type { ReadableDB, WritableDB } from './handles';
import { statement } from './statements';

/** Whether the transaction exists and still lacks its payer or GL account. */
export function lacksDetails({ sqlite }: ReadableDB, id: number): boolean {
  const row = statement(sqlite, 'SELECT payer_name, gl_account_id FROM transactions WHERE id = ?').get(id) as
    { payer_name: string | null; gl_account_id: string | null } | undefined;
  return row !== undefined && (row.payer_name === null || row.gl_account_id === null);
}

/** Returns whether anything changed. */
export function storeDetails(
  { sqlite }: WritableDB,
  id: number,
  payerName: string | null,
  glAccountId: string | null,
): boolean {
  if (payerName === null && glAccountId === null) return false;
  const result = statement(
    sqlite,
    `UPDATE transactions SET payer_name = COALESCE(?, payer_name), gl_account_id = COALESCE(?, gl_account_id)
      WHERE id = ? AND (payer_name IS NOT ? OR gl_account_id IS NOT ?)`,
  ).run(payerName, glAccountId, id, payerName, glAccountId);
  return result.changes > 0;
}
