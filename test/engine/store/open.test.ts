import {
  readFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  openSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StoreDamagedError, StoreError } from '../../../electron/engine/store/dialect';
import { backupStore, listBackups } from '../../../electron/engine/store/workers';
import { MIGRATIONS } from '../../../electron/engine/store/migrations';
import { createTestDb } from '../../helpers/db';
import { Temporal, todayCentral } from '../../../shared/time';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'recon-store-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('openStore', () => {
  it('opens with WAL, foreign keys, a busy timeout and in-memory statement journals, migrated to the latest schema', async () => {
    const store = await openStore(join(folder, 'a.sqlite'));
    expect(store.writer.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.writer.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.writer.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(store.writer.sqlite.pragma('temp_store', { simple: true })).toBe(2); // MEMORY
    expect(store.writer.sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(store.backupFolder).toBe(join(folder, 'backups'));
    await store.close();
  });

  it("bounds both connections' page caches at 4 MB, not the 16 MB better-sqlite3 builds in (issue 31: memory)", async () => {
    const path = join(folder, 'a.sqlite');
    await (await openStore(path)).close();
    // A store opened again runs its quick check on the writer: the cache is bounded before it.
    const store = await openStore(path);
    expect(new BetterSqlite3(':memory:').pragma('cache_size', { simple: true })).toBe(-16_000);
    expect(store.writer.sqlite.pragma('cache_size', { simple: true })).toBe(-4_000);
    expect(store.reader.sqlite.pragma('cache_size', { simple: true })).toBe(-4_000);
    await store.close();
  });

  it('refuses a database from a newer version with a clear message', async () => {
    const path = join(folder, 'new.sqlite');
    const raw = new BetterSqlite3(path);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    await expect(openStore(path)).rejects.toThrow(/newer version of District Recon/);
  });

  it('moves a damaged file aside (never overwritten), naming both paths and the last backup', async () => {
    const path = join(folder, 'district-recon.sqlite');
    const store = await openStore(path);
    store.writer.sqlite.exec(`CREATE TABLE filler (x TEXT); `);
    const insert = store.writer.sqlite.prepare('INSERT INTO filler VALUES (?)');
    store.writer.sqlite.transaction(() => {
      for (let i = 0; i < 3000; i++) insert.run('x'.repeat(200) + i);
    })();
    const backup = await backupStore(store.writer, store.backupFolder!, Temporal.Instant.from('2026-03-01T07:30:00Z'));
    store.writer.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    await store.close();
    // Scribble over pages in the middle of the file.
    const size = statSync(path).size;
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);
    const bytes = statSync(path).size;

    const error = await openStore(path).catch((e) => e);
    expect(error).toBeInstanceOf(StoreDamagedError);
    expect(error).toBeInstanceOf(StoreError);
    expect(error.message).toContain(path);
    expect(error.message).toContain(error.movedTo);
    expect(error.message).toContain(backup);
    expect(existsSync(path)).toBe(false);
    expect(statSync(error.movedTo).size).toBe(bytes);
    // Named with the Central wall-clock time it was moved, as every file name dates itself.
    const stamp = /\.damaged-(\d{4}-\d{2}-\d{2})T\d{2}-\d{2}-\d{2}-CT$/.exec(error.movedTo);
    expect(stamp?.[1]).toBe(todayCentral());
    // A fresh start works and the damaged copy is still there.
    const fresh = await openStore(path);
    await fresh.close();
    expect(existsSync(error.movedTo)).toBe(true);
  });

  it('a file that is not SQLite at all is refused and left untouched (a mistyped path is not a damaged store)', async () => {
    const path = join(folder, 'district-recon.sqlite');
    writeFileSync(path, 'this is not a database'.repeat(300));
    const error = await openStore(path).catch((e) => e);
    expect(error).not.toBeInstanceOf(StoreDamagedError);
    expect(error.message).toContain('is not a SQLite file');
    expect(readFileSync(path, 'utf8')).toBe('this is not a database'.repeat(300));
    expect(readdirSync(folder).some((f) => f.includes('.damaged-'))).toBe(false);
  });

  it('a missing file is an error naming it when creating is not allowed, and nothing is created', async () => {
    const path = join(folder, 'nope.sqlite');
    await expect(openStore(path, { create: false })).rejects.toThrow(`There is no database at ${path}`);
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('backups', () => {
  it('keeps the newest 7 consistent copies', async () => {
    const db = await createTestDb({ file: true });
    const backups = join(db.folder!, 'backups');
    for (let day = 1; day <= 9; day++) {
      db.sqlite.prepare(`INSERT INTO settings (key, value) VALUES (?, '1')`).run(`k${day}`);
      await backupStore(db.writer, backups, Temporal.Instant.from(`2026-03-0${day}T07:30:00Z`));
    }
    const files = listBackups(backups);
    expect(files).toHaveLength(7);
    expect(files[0]).toContain('2026-03-03');
    const copy = new BetterSqlite3(files.at(-1)!, { readonly: true });
    expect((copy.prepare('SELECT COUNT(*) AS n FROM settings').get() as { n: number }).n).toBe(9);
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    await db.cleanup();
  });
});
