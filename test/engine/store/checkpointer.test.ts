import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../../electron/engine/store/checkpointer';
import { withBulkCheckpoints } from '../../../electron/engine/store/bulk';
import { createTestDb, type TestStore } from '../../helpers/db';

let db: TestStore;
beforeEach(async () => {
  db = await createTestDb({ file: true });
});
afterEach(() => db.cleanup());

const autocheckpoint = () => Number(db.sqlite.pragma('wal_autocheckpoint', { simple: true }));
const fileBytes = () => statSync(db.sqlite.name).size;

/** Commits that put ~4 MB in the WAL, in units as a sync writes them. */
function writeUnits(units: number) {
  const insert = db.sqlite.prepare(`INSERT INTO settings (key, value) VALUES (?, ?)`);
  const unit = db.sqlite.transaction((n: number) => {
    for (let i = 0; i < 200; i++) insert.run(`k${n}-${i}`, 'x'.repeat(100));
  });
  for (let n = 0; n < units; n++) unit(n);
}

describe('checkpoints of a bulk write', () => {
  it('run on a worker while the work runs: the writer never checkpoints, yet the file takes the pages', async () => {
    const before = fileBytes();
    await withBulkCheckpoints(db.writer, async () => {
      expect(autocheckpoint()).toBe(0);
      writeUnits(200);
      // The worker folds the WAL into the file every 250 ms.
      const grown = Date.now() + 5_000;
      while (fileBytes() <= before && Date.now() < grown) await sleep(50);
      expect(fileBytes()).toBeGreaterThan(before);
    });
    expect(autocheckpoint()).toBe(1000);
  });

  it('without a worker, the writer checkpoints every 8,000 pages during the work, as before', async () => {
    const checkpointer = startCheckpointer(db.sqlite, 8_000, null);
    expect(checkpointer).toBeNull();
    expect(autocheckpoint()).toBe(1000);
  });

  it('a worker that cannot start gives the writer its checkpoints back', async () => {
    const checkpointer = startCheckpointer(db.sqlite, 8_000, new URL('./no-such-worker.mjs', import.meta.url));
    expect(checkpointer).not.toBeNull();
    expect(autocheckpoint()).toBe(0);
    const deadline = Date.now() + 5_000;
    while (autocheckpoint() === 0 && Date.now() < deadline) await sleep(20);
    expect(autocheckpoint()).toBe(8_000);
    await checkpointer!.stop();
  });
});
