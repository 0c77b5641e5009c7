/** Settings: one JSON value per key (table settings). The engine owns the defaults and their meaning. */
import type { ReadableDB, WritableDB } from './handles';

export async function readStoredSettings({ db }: ReadableDB): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
}

/** Writes all entries in one transaction. */
export async function writeStoredSettings(
  { db }: WritableDB,
  entries: ReadonlyArray<[string, unknown]>,
): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of entries) {
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    }
  });
}
