import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../electron/engine/engine';
import { openStore, openStoreForReading, StoreDamagedError } from '../../../electron/engine/store/dialect';
import { MIGRATIONS } from '../../../electron/engine/store/migrations';
import type { Database } from '../../../electron/engine/store/schema';
import { writeDamagedStore } from '../../helpers/damagedStore';
import { migrateTo } from '../../helpers/migrationDb';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'recon-read-only-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const engineOn = (path: string, readOnly: boolean) =>
  createEngine({
    version: 'test',
    dataFolder: folder,
    databasePath: path,
    createDatabase: false,
    readOnly,
    host: 'direct',
  });

describe('a store opened for reading only', () => {
  it('cannot write: SQLite refuses it on the connection itself', async () => {
    const path = join(folder, 'district-recon.sqlite');
    await (await openStore(path)).close();
    const store = await openStoreForReading(path);
    try {
      expect(() => store.writer.sqlite.prepare(`INSERT INTO settings (key, value) VALUES ('k', '1')`).run()).toThrow(
        /readonly/,
      );
      expect(store.writer.sqlite.readonly).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('skips the integrity check: damage in pages it never reads leaves the file where it is, and the next open for writing still refuses it before any write', async () => {
    const path = join(folder, 'district-recon.sqlite');
    await writeDamagedStore(path, 'filler');
    const damaged = readFileSync(path);

    const reading = await engineOn(path, true);
    expect((await reading.call('app.status', {})).counts.transactions).toBe(0);
    await reading.close();
    expect(readFileSync(path).equals(damaged)).toBe(true);

    const error = await engineOn(path, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreDamagedError);
    const { movedTo } = error as StoreDamagedError;
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(movedTo).equals(damaged)).toBe(true);
  });

  it('a read that meets a damaged page says so in one line, naming the file and what to do, and changes nothing', async () => {
    const path = join(folder, 'district-recon.sqlite');
    await writeDamagedStore(path, 'everything');
    const damaged = readFileSync(path);

    const reading = await engineOn(path, true);
    const error = await reading.call('app.status', {}).catch((e: unknown) => e);
    await reading.close();
    expect(error).toMatchObject({ code: 'STORE' });
    const message = (error as Error).message;
    expect(message).toContain(`The database ${path} is damaged`);
    expect(message).toContain('nothing was changed');
    expect(message).toContain('district-recon sync');
    expect(message).not.toContain('\n');
    expect(readFileSync(path).equals(damaged)).toBe(true);
    expect(readdirSync(folder).filter((name) => name.includes('.damaged-'))).toEqual([]);
  });

  it('a store whose schema is behind is opened for writing, so it is checked and migrated first', async () => {
    const path = join(folder, 'district-recon.sqlite');
    const sqlite = new BetterSqlite3(path);
    const older = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrateTo(older, MIGRATIONS.length - 1);
    await older.destroy();
    const store = await openStoreForReading(path);
    try {
      expect(store.writer.sqlite.readonly).toBe(false);
      expect(store.reader.sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    } finally {
      await store.close();
    }
  });

  it('refuses a store a newer version wrote, as opening for writing does', async () => {
    const path = join(folder, 'district-recon.sqlite');
    const sqlite = new BetterSqlite3(path);
    sqlite.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    sqlite.close();
    await expect(openStoreForReading(path)).rejects.toThrow(/newer version of District Recon/);
  });
});
