import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupStore, backupWorkerEntry, latestBackup, listBackups } from '../../../electron/engine/store/workers';
import { fixedClock, Temporal } from '../../../shared/time';
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
    const copying = backupStore(db.writer, backups, Temporal.Instant.from('2026-03-02T07:30:00Z'));
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
    const file = await backupStore(db.writer, backups, Temporal.Instant.from('2026-03-02T07:30:00Z'), 7, null);
    expect(settingsIn(file)).toBe(1);
  });

  it('removes a half copy a killed process left, which was never listed as a backup', async () => {
    await backupStore(db.writer, backups, Temporal.Instant.from('2026-03-01T07:30:00Z'));
    const leftover = join(backups, 'district-recon-20260301T080000Z.sqlite.partial');
    writeFileSync(leftover, 'half a database');
    expect(listBackups(backups)).toHaveLength(1);
    await backupStore(db.writer, backups, Temporal.Instant.from('2026-03-02T07:30:00Z'));
    expect(existsSync(leftover)).toBe(false);
    expect(listBackups(backups)).toHaveLength(2);
  });

  it('a failed copy is an error naming where it was going, and leaves neither a backup nor a half copy', async () => {
    // The worker opens the store's file by name: gone, it cannot.
    rmSync(db.sqlite.name);
    const failed = backupStore(db.writer, backups, Temporal.Instant.from('2026-03-02T07:30:00Z'));
    await expect(failed).rejects.toThrow(
      /The backup could not be written to .*district-recon-2026-03-02T01-30-00-CT\.sqlite\.partial/,
    );
    expect(readdirSync(backups)).toEqual([]);
  });

  it('names a backup with the Central date and time of the engine clock, whatever zone the machine is in', async () => {
    // 11:30 PM Central on March 1st: March 2nd in UTC and in Auckland.
    const clock = fixedClock('2026-03-02T05:30:00Z');
    const first = await backupStore(db.writer, backups, clock.now(), 7, null);
    const again = await backupStore(db.writer, backups, clock.now(), 7, null);
    expect([basename(first), basename(again)]).toEqual([
      'district-recon-2026-03-01T23-30-00-CT.sqlite',
      'district-recon-2026-03-01T23-30-00-CT-2.sqlite',
    ]);
    expect(listBackups(backups)).toEqual([first, again]);
  });

  it('orders the UTC-named backups of earlier versions and the Central-named ones by when they were made', async () => {
    mkdirSync(backups, { recursive: true });
    const earlier = ['20260227T073000Z', '20260228T073000Z', '20260301T073000Z'].map((stamp) => {
      const file = join(backups, `district-recon-${stamp}.sqlite`);
      writeFileSync(file, 'a backup an earlier version wrote');
      return file;
    });
    const clock = fixedClock('2026-03-02T05:30:00Z');
    const first = await backupStore(db.writer, backups, clock.now(), 3, null);
    clock.advance({ hours: 24 });
    const second = await backupStore(db.writer, backups, clock.now(), 3, null);
    // The oldest went, not the newest: restoring after damage takes the last one made.
    expect(listBackups(backups)).toEqual([earlier[2], first, second]);
    expect(latestBackup(backups)).toBe(second);
  });

  it('keeps the order through the repeated hour of the fall-back night, where two moments share a name', async () => {
    // 1:45 AM CDT, then 1:15 AM CST half an hour later (and 1:45 AM CST, the same wall time again).
    const made = [];
    for (const at of ['2026-11-01T06:45:00Z', '2026-11-01T07:15:00Z', '2026-11-01T07:45:00Z']) {
      const instant = Temporal.Instant.from(at);
      const file = await backupStore(db.writer, backups, instant, 7, null);
      // As the real clock would have dated the copy when it was written.
      const written = new Date(instant.epochMilliseconds);
      utimesSync(file, written, written);
      made.push(file);
    }
    expect(made.map((file) => basename(file))).toEqual([
      'district-recon-2026-11-01T01-45-00-CT.sqlite',
      'district-recon-2026-11-01T01-15-00-CT.sqlite',
      'district-recon-2026-11-01T01-45-00-CT-2.sqlite',
    ]);
    expect(listBackups(backups)).toEqual(made);
  });
});
