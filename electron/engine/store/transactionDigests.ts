/**
 * What the store holds of recent days, for the sync's re-read of its refresh window: each stored
 * transaction's digest by id, by business date. A listed transaction whose JSON hashes to it is
 * left out before validation (api/client.ts listings).
 */
import type { ReadableDB } from './handles';

export async function storedDigestsFrom({ db }: ReadableDB, from: string): Promise<Map<string, Map<number, string>>> {
  const rows = await db
    .selectFrom('transactions')
    .select(['business_date', 'id', 'raw_digest'])
    .where('business_date', '>=', from)
    .where('raw_digest', 'is not', null)
    .execute();
  const byDay = new Map<string, Map<number, string>>();
  for (const row of rows) {
    let day = byDay.get(row.business_date);
    if (!day) byDay.set(row.business_date, (day = new Map()));
    day.set(Number(row.id), row.raw_digest!);
  }
  return byDay;
}
