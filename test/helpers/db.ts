/** A migrated store for tests: in memory by default, or a temp file (removed by the returned cleanup). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../electron/engine/store/open';

export type TestStore = Store & {
  /** The write connection's kysely and raw handle: tests seed rows through them. */
  db: Store['writer']['db'];
  sqlite: Store['writer']['sqlite'];
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
