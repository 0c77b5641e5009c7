/** Settings: one JSON value per key (table settings). The engine owns the defaults and their meaning. */
import type { ReadableDB, WritableDB } from './handles';
import { execute, runWrite } from './work';

export async function readStoredSettings({ db }: ReadableDB): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
}

/** Writes all entries in one transaction. */
export async function writeStoredSettings(
  writer: WritableDB,
  entries: ReadonlyArray<[string, unknown]>,
): Promise<void> {
  if (entries.length === 0) return;
  await runWrite(writer, function* (db) {
    for (const [key, value] of entries) {
      yield* execute(
        db
          .insertInto('settings')
          .values({ key, value: JSON.stringify(value) })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) })),
      );
    }
  });
}
