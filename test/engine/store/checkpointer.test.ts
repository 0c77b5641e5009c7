import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../../electron/engine/store/workers';
import { withBulkCheckpoints } from '../../../electron/engine/store/dialect';
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
  it('move to a worker once the WAL holds what SQLite would checkpoint: the writer stops, the file takes the pages', async () => {
    const before = fileBytes();
    await withBulkCheckpoints(db.writer, async () => {
      expect(autocheckpoint()).toBe(8_000);
      writeUnits(200);
      // The WAL now holds over 4 MB: within moments the worker checkpoints (every 250 ms), not the writer.
      const moved = Date.now() + 5_000;
      while ((autocheckpoint() !== 0 || fileBytes() <= before) && Date.now() < moved) await sleep(50);
      expect(autocheckpoint()).toBe(0);
      expect(fileBytes()).toBeGreaterThan(before);
    });
    expect(autocheckpoint()).toBe(1000);
  });

  it('a small bulk write starts no worker: the writer checkpoints every 8,000 pages meanwhile', async () => {
    await withBulkCheckpoints(db.writer, async () => {
      writeUnits(5);
      await sleep(300);
      expect(autocheckpoint()).toBe(8_000);
    });
    expect(autocheckpoint()).toBe(1000);
  });

  it('no worker for an in-memory database, or where no worker entry is found', async () => {
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
