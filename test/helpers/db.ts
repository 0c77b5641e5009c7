/** A migrated store for tests: in memory by default, or a temp file (removed by the returned cleanup). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../electron/engine/store/open';

export async function createTestDb(
  options: { file?: boolean } = {},
): Promise<Store & { folder: string | null; cleanup(): Promise<void> }> {
  const folder = options.file ? mkdtempSync(join(tmpdir(), 'recon-db-')) : null;
  const store = await openStore(folder ? join(folder, 'district-recon.sqlite') : ':memory:');
  return {
    ...store,
    folder,
    async cleanup() {
      await store.close();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}
