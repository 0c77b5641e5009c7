/**
 * The store on a district's PostgreSQL server: a write pool and a read-only pool behind kysely,
 * migrated on open. The engine reads the same values as from SQLite: BIGINT (ids, cents, counts)
 * and NUMERIC (what sum() of BIGINT returns) come back as JS numbers, never strings, and a value
 * a number cannot hold exactly is an error rather than a wrong amount.
 */
import { readFileSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg, { type ClientConfig, type Pool, type PoolConfig } from 'pg';
import { StoreError } from '../sqlite/open';
import type { Database } from '../../schema';
import { parseDatabaseUrl, tlsOptions, type DatabaseUrl } from './databaseUrl';
import { migratePostgres } from './schema/migrate';

export interface PostgresStore {
  /** Sync, sign-off, settings, exports: everything that changes data. */
  writer: Kysely<Database>;
  /** Lists, gets, counts: every transaction on it is read-only, so a read cannot write. */
  reader: Kysely<Database>;
  /** The write pool, for withLeadership's dedicated connection. */
  pool: Pool;
  /** How to open a connection of one's own (announcements.ts listens on one). */
  connection: ClientConfig;
  /** The URL without its password: the form to show and log. */
  url: string;
  close(): Promise<void>;
}

export interface OpenPostgresOptions {
  /** false: do not migrate (a caller that migrates itself). Default true. */
  migrate?: boolean;
  /** Connections per pool (write and read each). Default 10. */
  maxConnections?: number;
}

export async function openPostgresStore(urlText: string, options: OpenPostgresOptions = {}): Promise<PostgresStore> {
  const url = parseDatabaseUrl(urlText);
  const max = options.maxConnections ?? 10;
  if (!Number.isSafeInteger(max) || max < 1)
    throw new StoreError(`Connections per pool must be a whole number of at least 1, not ${max}.`);
  const base = poolConfig(url, max);
  const pool = newPool(base);
  // default_transaction_read_only as a startup option: set before the connection serves any
  // query, so no read can run on a connection that missed it.
  const readPool = newPool({ ...base, options: '-c default_transaction_read_only=on' });
  const writer = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const reader = new Kysely<Database>({ dialect: new PostgresDialect({ pool: readPool }) });
  const close = async () => {
    await reader.destroy();
    await writer.destroy();
  };
  try {
    await sql`SELECT 1`.execute(writer).catch((error: Error) => {
      throw new StoreError(`Could not connect to PostgreSQL at ${url.redacted}: ${error.message}`);
    });
    if (options.migrate ?? true) await migratePostgres(writer);
  } catch (error) {
    await close();
    throw error;
  }
  const { max: _max, ...connection } = base;
  return { writer, reader, pool, connection, url: url.redacted, close };
}

function poolConfig(url: DatabaseUrl, max: number): PoolConfig {
  return {
    host: url.host,
    port: url.port,
    user: url.user,
    password: url.password,
    database: url.database,
    ssl: tlsOptions(url, url.sslRootCert === undefined ? undefined : readRootCert(url)),
    application_name: url.applicationName ?? 'district-recon',
    connectionTimeoutMillis: (url.connectTimeoutSeconds ?? 10) * 1000,
    max,
    types: { getTypeParser },
  };
}

function newPool(config: PoolConfig): Pool {
  const pool = new pg.Pool(config);
  // An idle connection that drops (a server restart, a network blip) is discarded by the pool and
  // the next query gets a fresh one; without a listener the event would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

function readRootCert(url: DatabaseUrl): string {
  try {
    return readFileSync(url.sslRootCert!, 'utf8');
  } catch (error) {
    throw new StoreError(
      `The sslrootcert file ${url.sslRootCert} of ${url.redacted} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give the path of the server's CA certificate (PEM).`,
    );
  }
}

const INT8 = 20;
const NUMERIC = 1700;

const getTypeParser = ((oid: number, format?: 'text' | 'binary') => {
  if (format !== 'binary' && (oid === INT8 || oid === NUMERIC)) return exactNumber;
  return pg.types.getTypeParser(oid, format);
}) as typeof pg.types.getTypeParser;

function exactNumber(text: string): number {
  const value = Number(text);
  if (Number.isInteger(value) && !Number.isSafeInteger(value))
    throw new StoreError(
      `PostgreSQL returned ${text}, too large to handle exactly; no District Recon amount or id should be that large.`,
    );
  return value;
}
