/**
 * A test engine on PostgreSQL takes a store an earlier engine of its file closed
 * (keptPostgresStores.ts): it must find it exactly as migrated, whatever that engine wrote, or tests
 * would depend on the order they run in.
 */
import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../electron/engine/store/schema';
import { onTestPostgres } from './engine';
import { describePostgres } from './postgres';
import { silentLogger } from '../../electron/engine/logger';

const options = {
  version: '9.9.9-test',
  dataFolder: '/tmp/district-recon-test',
  host: 'direct' as const,
  logger: silentLogger,
};

/** Every table's row count and every sequence's last value drawn (null: none drawn since its start). */
async function contents(db: Kysely<Database>) {
  const { rows } = await sql<{ item: string; value: string | null }>`
    SELECT 'table ' || c.relname AS item,
           (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM %I', c.relname), false, true, '')))[1]::text AS value
      FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
    UNION ALL
    SELECT 'sequence ' || c.relname, pg_sequence_last_value(c.oid)::text
      FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'S'
    ORDER BY 1`.execute(db);
  return rows;
}

describePostgres('a kept PostgreSQL test store', () => {
  it('reaches the next engine as migrated: filled tables empty, drawn identities back at their start', async () => {
    const first = await onTestPostgres(options);
    const db = first.internals.store.writer.db;
    const database = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(db)).rows[0]!.name;
    const migrated = await contents(db);
    expect(migrated.some((row) => row.item.startsWith('table ') && row.value !== '0')).toBe(true);

    // Rows written the engine's way, and an identity drawn from a table left empty again.
    await first.call('settings.set', { patch: { scheduleTime: '05:30' } });
    await first.call('settings.set', { patch: { scheduleTime: '06:30' } });
    await sql`DELETE FROM settings_changes`.execute(db);
    await first.call('settings.set', { patch: { scheduleTime: '07:30' } });
    const written = await contents(db);
    expect(written).not.toEqual(migrated);
    const drawn = await db.selectFrom('settings_changes').select('id').execute();
    expect(drawn).toEqual([{ id: 3 }]);
    await sql`DELETE FROM settings_changes`.execute(db);
    await first.close();

    const second = await onTestPostgres(options);
    try {
      const again = second.internals.store.writer.db;
      // The same database, kept: not a fresh copy that would pass this trivially.
      expect((await sql<{ name: string }>`SELECT current_database() AS name`.execute(again)).rows[0]!.name).toBe(
        database,
      );
      expect(await contents(again)).toEqual(migrated);
      await second.call('settings.set', { patch: { scheduleTime: '08:30' } });
      expect(await again.selectFrom('settings_changes').select('id').execute()).toEqual([{ id: 1 }]);
    } finally {
      await second.close();
    }
  });
});
