/**
 * A database filled once per test run and copied for every test that starts from it: most of the
 * engine's suites began each test with a full sandbox sync from an empty store, the suite's largest
 * cost. The first worker to ask for a key fills a database (test/engine/sync/harness.ts syncs it)
 * and keeps it in the run's folder; every test then gets a copy of its own (a copied SQLite file,
 * or on PostgreSQL `CREATE DATABASE … TEMPLATE`), so no test sees another's writes.
 *
 * The run's folder (postgresCluster.ts) is removed when the run ends, and the cluster with it; on a
 * server of the caller's own (RECON_TEST_DATABASE_URL) a snapshot is kept for one test file only and
 * dropped after it, so nothing is left on that server.
 */
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { afterThisFile } from './fileCleanup';
import { oncePerRun } from './postgresCluster';
import { copyOfTestDatabase, createMigratedTestDatabase, dropTestDatabase, ENGINE_DIALECT } from './postgres';

/** Where an engine finds a database: the options createEngine takes for it. */
export type DatabaseOptions = { databasePath: string } | { databaseUrl: string };

export interface DatabaseCopy {
  database: DatabaseOptions;
  /** What the fill returned (its run's summary, say), the same for every copy. */
  note: string;
  /** Removes the copy (a test's close calls it after its engine has closed). */
  drop(): Promise<void>;
}

/**
 * A fill takes a new, migrated database on the suite's dialect, fills it (an engine on it, a sync),
 * closes everything it opened on it, and returns a note to hand every copy.
 */
export type Fill = (database: DatabaseOptions) => Promise<string>;

/** A sync from a sandbox under load can take minutes: the other workers wait that long for it. */
const FILL_WAIT_MS = 600_000;
const STORE_FILE = 'district-recon.sqlite';

interface Snapshot {
  /** The SQLite file, or the PostgreSQL database to copy from. */
  source: string;
  note: string;
}

/** Snapshots this process made for this file only (a caller's own server): key -> snapshot. */
const forThisFile = new Map<string, Promise<Snapshot>>();

/** A copy of the database `fill` makes for `key` (once per run, or per file on a caller's own server). */
export async function snapshotCopy(key: string, fill: Fill): Promise<DatabaseCopy> {
  const snapshot = await snapshotOf(`${ENGINE_DIALECT}\0${key}`, fill);
  if (ENGINE_DIALECT === 'postgres') {
    const copy = await copyOfTestDatabase(snapshot.source);
    return { database: { databaseUrl: copy.url }, note: snapshot.note, drop: copy.drop };
  }
  const folder = mkdtempSync(join(tmpdir(), 'recon-synced-copy-'));
  const databasePath = join(folder, STORE_FILE);
  copyFileSync(snapshot.source, databasePath);
  return {
    database: { databasePath },
    note: snapshot.note,
    drop: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

async function snapshotOf(key: string, fill: Fill): Promise<Snapshot> {
  const name = `synced_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
  const runDir = inject('postgresRunDir');
  const perRun = runDir && !(ENGINE_DIALECT === 'postgres' && process.env.RECON_TEST_DATABASE_URL?.trim());
  if (perRun) {
    const made = await oncePerRun(runDir, name, async () => JSON.stringify(await makeSnapshot(fill, runDir, name)), {
      waitMs: FILL_WAIT_MS,
    });
    return JSON.parse(made) as Snapshot;
  }
  let snapshot = forThisFile.get(name);
  if (!snapshot) {
    snapshot = makeSnapshot(fill, mkdtempSync(join(tmpdir(), 'recon-synced-')), name);
    forThisFile.set(name, snapshot);
    const made = snapshot;
    afterThisFile(async () => {
      forThisFile.delete(name);
      await removeSnapshot(await made.catch(() => null));
    });
  }
  return snapshot;
}

async function makeSnapshot(fill: Fill, folder: string, name: string): Promise<Snapshot> {
  if (ENGINE_DIALECT === 'postgres') {
    const database = await createMigratedTestDatabase();
    try {
      const note = await fill({ databaseUrl: database.url });
      return { source: new URL(database.url).pathname.slice(1), note };
    } catch (error) {
      await database.drop();
      throw error;
    }
  }
  const filling = mkdtempSync(join(tmpdir(), 'recon-synced-fill-'));
  try {
    const databasePath = join(filling, STORE_FILE);
    const note = await fill({ databasePath });
    // SQLite's online backup: the whole store in one file, whatever its write-ahead log still holds.
    const source = join(folder, `${name}.sqlite`);
    const filled = new BetterSqlite3(databasePath, { readonly: true });
    try {
      await filled.backup(source);
    } finally {
      filled.close();
    }
    return { source, note };
  } finally {
    rmSync(filling, { recursive: true, force: true });
  }
}

async function removeSnapshot(snapshot: Snapshot | null): Promise<void> {
  if (!snapshot) return;
  if (ENGINE_DIALECT === 'postgres') await dropTestDatabase(snapshot.source);
  else rmSync(join(snapshot.source, '..'), { recursive: true, force: true });
}
