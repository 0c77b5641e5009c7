/**
 * A store file damaged on disk, as a failing disk or a copy cut short leaves one: written whole,
 * checkpointed and closed, then bytes scribbled over some of its pages.
 */
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { openStore } from '../../electron/engine/store/dialect';

const PAGE = 4096;

/**
 * `filler`: pages of a table of filler rows only, which no read of the engine touches (an integrity
 * check finds them). `everything`: every page but the first (the header stays whole, the schema and
 * every table are gone), so the first query meets the damage.
 */
export type Damage = 'filler' | 'everything';

/** Writes a migrated store at `path` (with `seed`'s rows) and damages it; returns its size in bytes. */
export async function writeDamagedStore(
  path: string,
  damage: Damage,
  seed?: (store: Awaited<ReturnType<typeof openStore>>) => Promise<void>,
): Promise<number> {
  const store = await openStore(path);
  await seed?.(store);
  store.writer.sqlite.exec('CREATE TABLE filler (x TEXT)');
  const insert = store.writer.sqlite.prepare('INSERT INTO filler VALUES (?)');
  store.writer.sqlite.transaction(() => {
    for (let i = 0; i < 3000; i++) insert.run('x'.repeat(200) + i);
  })();
  store.writer.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  const size = statSync(path).size;
  const fd = openSync(path, 'r+');
  try {
    if (damage === 'filler') {
      // The filler rows are the last ~200 pages written: scribble over two of them in the middle.
      const middle = Math.floor((size - 100 * PAGE) / PAGE) * PAGE;
      writeSync(fd, Buffer.alloc(2 * PAGE, 0x5a), 0, 2 * PAGE, middle);
    } else {
      writeSync(fd, Buffer.alloc(size - PAGE, 0x5a), 0, size - PAGE, PAGE);
    }
  } finally {
    closeSync(fd);
  }
  return size;
}
