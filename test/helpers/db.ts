/** A migrated store for tests: in memory by default, or a temp file (removed by the returned cleanup). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type SqliteStore } from '../../electron/engine/store/dialect';

export type TestStore = SqliteStore & {
  /** The write connection's kysely and raw handle: tests seed rows through them. */
  db: SqliteStore['writer']['db'];
  sqlite: SqliteStore['writer']['sqlite'];
  folder: string | null;
  cleanup(): Promise<void>;
};

export async function createTestDb(options: { file?: boolean } = {}): Promise<TestStore> {
  const folder = options.file ? mkdtempSync(join(tmpdir(), 'recon-db-')) : null;
  const store = await openStore(folder ? join(folder, 'district-recon.sqlite') : ':memory:');
  return {
    ...store,
    db: store.writer.db,
    sqlite: store.writer.sqlite,
    folder,
    async cleanup() {
      await store.close();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The raw SQLite connection of a store the test knows is SQLite (an engine's, a test store's). */
export function sqliteOf(store: { writer: object }) {
  const { sqlite } = store.writer as { sqlite?: SqliteStore['writer']['sqlite'] };
  if (!sqlite) throw new Error('This test reads SQLite directly; the store is not a SQLite file.');
  return sqlite;
}
