import type { Kysely } from 'kysely';

/**
 * Frozen. An export is recorded as pending before its file is renamed into place and marked done
 * after, so the file and its record are one outcome; existing rows were complete.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('exports')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('done'))
    .execute();
}
