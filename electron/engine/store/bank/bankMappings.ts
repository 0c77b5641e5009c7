/** CSV column mappings saved by name (one per bank): JSON the engine validated before saving. */
import type { ReadableDB, WritableDB } from '../work/handles';

export async function listMappingRows({ db }: ReadableDB): Promise<{ name: string; mapping: string }[]> {
  return db.selectFrom('bank_csv_mappings').select(['name', 'mapping']).orderBy('name').execute();
}

export async function getMappingJson({ db }: ReadableDB, name: string): Promise<string | null> {
  const row = await db.selectFrom('bank_csv_mappings').select('mapping').where('name', '=', name).executeTakeFirst();
  return row?.mapping ?? null;
}

/** Saves or replaces the mapping of that name. */
export async function saveMappingJson(
  { db }: WritableDB,
  values: { name: string; mapping: string; savedAt: string; savedBy: string },
): Promise<void> {
  await db
    .insertInto('bank_csv_mappings')
    .values({ name: values.name, mapping: values.mapping, saved_at: values.savedAt, saved_by: values.savedBy })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ mapping: values.mapping, saved_at: values.savedAt, saved_by: values.savedBy }),
    )
    .execute();
}

export async function removeMapping({ db }: WritableDB, name: string): Promise<boolean> {
  const result = await db.deleteFrom('bank_csv_mappings').where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
