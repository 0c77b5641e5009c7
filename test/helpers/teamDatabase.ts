/**
 * The database several `district-recon serve` processes share in the team-mode race tests: a SQLite
 * file, or a PostgreSQL database (DESIGN.md §11's district server). The test seeds it through the
 * store's handles, closes it, and starts servers with `serveArgs`; it reads results back through
 * `open()`, a fresh store of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../electron/engine/store/dialect';
import { openPostgresEngineStore } from '../../electron/engine/store/dialect';
import { createMigratedTestDatabase } from './postgres';

export type TeamDialect = 'sqlite' | 'postgres';

export interface TeamDatabase {
  dialect: TeamDialect;
  /** A folder of the test's own: the servers' data folder (their exports go under it). */
  folder: string;
  /** `--db FILE` or `--database URL`. */
  serveArgs: string[];
  /** Environment for the servers: their data folder. */
  serveEnv: Record<string, string>;
  /** A store on the database; the caller closes it. */
  open(): Promise<Store>;
  remove(): Promise<void>;
}

export async function createTeamDatabase(dialect: TeamDialect): Promise<TeamDatabase> {
  const folder = mkdtempSync(join(tmpdir(), `recon-team-${dialect}-`));
  const serveEnv = { RECON_DATA_DIR: folder };
  if (dialect === 'sqlite') {
    const file = join(folder, 'district-recon.sqlite');
    return {
      dialect,
      folder,
      serveArgs: ['--db', file],
      serveEnv,
      open: () => openStore(file),
      remove: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const database = await createMigratedTestDatabase();
  return {
    dialect,
    folder,
    serveArgs: ['--database', database.url],
    serveEnv,
    open: () => openPostgresEngineStore(database.url),
    remove: async () => {
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
