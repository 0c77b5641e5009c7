/**
 * The service's transaction list carries no payer and no GL account: only `GET /txns/:id` with the
 * `payer` and `gl` extensions does (spec: extensions of /txns are recurring and items). Fetching that
 * for every transaction of a sync is one request per sale, so it is done when a bookkeeper opens a
 * transaction: the details are kept, and searching by that payer works from then on. Offline or
 * unconfigured, the transaction simply shows what the list gave.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { EngineContext } from '../context';
import { connect, type ClientTuning } from './connection';

/** Short: the bookkeeper is waiting for the transaction to open. */
const DETAILS_TIMEOUT_MS = 4_000;

export async function fillTransactionDetails(ctx: EngineContext, tuning: ClientTuning, id: number): Promise<boolean> {
  const { sqlite } = ctx.store;
  const row = sqlite.prepare('SELECT payer_name, gl_account_id FROM transactions WHERE id = ?').get(id) as
    { payer_name: string | null; gl_account_id: string | null } | undefined;
  if (!row || (row.payer_name !== null && row.gl_account_id !== null)) return false;
  try {
    const client = await connect(ctx, { ...tuning, timeoutMs: DETAILS_TIMEOUT_MS, retry: { attempts: 1 } });
    const { value } = await client.transaction(id);
    return storeDetails(sqlite, id, value.payerName, value.glAccountId);
  } catch (error) {
    ctx.logger.info('transaction details not fetched', {
      id,
      reason: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

function storeDetails(
  sqlite: BetterSqlite3.Database,
  id: number,
  payerName: string | null,
  glAccountId: string | null,
): boolean {
  if (payerName === null && glAccountId === null) return false;
  const result = sqlite
    .prepare(
      `UPDATE transactions SET payer_name = COALESCE(?, payer_name), gl_account_id = COALESCE(?, gl_account_id)
        WHERE id = ? AND (payer_name IS NOT ? OR gl_account_id IS NOT ?)`,
    )
    .run(payerName, glAccountId, id, payerName ?? null, glAccountId ?? null);
  return result.changes > 0;
}
