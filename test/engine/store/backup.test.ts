import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupStore, backupWorkerEntry, listBackups } from '../../../electron/engine/store/workers';
import { createTestDb, type TestStore } from '../../helpers/db';

let db: TestStore;
let backups: string;
beforeEach(async () => {
  db = await createTestDb({ file: true });
  backups = join(db.folder!, 'backups');
});
afterEach(() => db.cleanup());

const settingsIn = (file: string) => {
  const copy = new BetterSqlite3(file, { readonly: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    return (copy.prepare('SELECT COUNT(*) AS n FROM settings').get() as { n: number }).n;
  } finally {
    copy.close();
  }
};

describe('backupStore', () => {
  it('copies on a worker thread from the sources, with what was committed before it started', async () => {
    expect(backupWorkerEntry()?.pathname).toMatch(/backupWorkerBoot\.mjs$/);
    const insert = db.sqlite.prepare(`INSERT INTO settings (key, value) VALUES (?, '1')`);
    for (let i = 0; i < 50; i++) insert.run(`before-${i}`);
    const copying = backupStore(db.writer, backups, new Date('2026-03-02T07:30:00Z'));
    // The app goes on writing while the worker copies: the copy is one consistent snapshot either way.
    for (let i = 0; i < 50; i++) insert.run(`during-${i}`);
    const file = await copying;
    expect(listBackups(backups)).toEqual([file]);
    const copied = settingsIn(file);
    expect(copied).toBeGreaterThanOrEqual(50);
    expect(copied).toBeLessThanOrEqual(100);
  });

  it('copies on this thread when no worker can start, with the same result', async () => {
    db.sqlite.prepare(`INSERT INTO settings (key, value) VALUES ('k', '1')`).run();
    const file = await backupStore(db.writer, backups, new Date('2026-03-02T07:30:00Z'), 7, null);
    expect(settingsIn(file)).toBe(1);
  });

  it('removes a half copy a killed process left, which was never listed as a backup', async () => {
    await backupStore(db.writer, backups, new Date('2026-03-01T07:30:00Z'));
    const leftover = join(backups, 'district-recon-20260301T080000Z.sqlite.partial');
    writeFileSync(leftover, 'half a database');
    expect(listBackups(backups)).toHaveLength(1);
    await backupStore(db.writer, backups, new Date('2026-03-02T07:30:00Z'));
    expect(existsSync(leftover)).toBe(false);
    expect(listBackups(backups)).toHaveLength(2);
  });

  it('a failed copy is an error naming where it was going, and leaves neither a backup nor a half copy', async () => {
    // The worker opens the store's file by name: gone, it cannot.
    rmSync(db.sqlite.name);
    const failed = backupStore(db.writer, backups, new Date('2026-03-02T07:30:00Z'));
    await expect(failed).rejects.toThrow(
      /The backup could not be written to .*district-recon-20260302T073000Z\.sqlite\.partial/,
    );
    expect(readdirSync(backups)).toEqual([]);
  });
});
