/**
 * The engine's store on a district server's PostgreSQL: the same handles as a SQLite file's (without
 * the raw connection), the URL without its password as its path, no automatic file backups (the
 * administrator's pg_dump does that), leadership among servers for the work only one may run, and
 * the changes each server makes announced to the others.
 */
import { randomUUID } from 'node:crypto';
import { portableHandles } from './handles';
import { announcements } from './announcements';
import { MIGRATIONS } from '../../migrations';
import { StoreError, type Store } from '../sqlite/open';
import { withLeadership } from './leadership';
import { currentVersion } from './schema/migrate';
import { openPostgresStore } from './open';

export interface PostgresEngineStoreOptions {
  /**
   * false: a reading command (status, check, export) must not create the schema; an empty or older
   * database is an error saying what to run. Default true (the server migrates on start).
   */
  create?: boolean;
  /** Connections per pool (openPostgresStore's maxConnections). */
  maxConnections?: number;
}

export async function openPostgresEngineStore(url: string, options: PostgresEngineStoreOptions = {}): Promise<Store> {
  const create = options.create ?? true;
  const server = await openPostgresStore(url, { migrate: create, maxConnections: options.maxConnections });
  try {
    if (!create) await requireCurrentSchema(server.reader, server.url);
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    ...portableHandles(server.writer, server.reader),
    path: server.url,
    backupFolder: null,
    lead: (name, work) => withLeadership(server.pool, name, (leadership) => work(leadership.signal)),
    announcements: announcements(server.pool, server.connection, randomUUID()),
    close: server.close,
  };
}

async function requireCurrentSchema(reader: Parameters<typeof currentVersion>[0], url: string): Promise<void> {
  const version = await currentVersion(reader);
  if (version === 0)
    throw new StoreError(
      `${url} holds no District Recon data. Start the district server on it (district-recon serve --database URL), or move a database there (district-recon migrate-to --database URL).`,
    );
  if (version > MIGRATIONS.length)
    throw new StoreError(
      `${url} was written by a newer version of District Recon (schema ${version}, this version knows ${MIGRATIONS.length}). Update District Recon to use it.`,
    );
  if (version < MIGRATIONS.length)
    throw new StoreError(
      `${url} has District Recon's schema ${version}; this version needs ${MIGRATIONS.length}. Restart the district server (district-recon serve) so it upgrades the database, then run this again.`,
    );
}
