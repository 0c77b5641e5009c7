/**
 * A fresh PostgreSQL database per test file: on the run's throwaway cluster (postgresCluster.ts),
 * or on the server RECON_TEST_DATABASE_URL names (its user must be allowed CREATE DATABASE).
 *
 * Without either, a test that needs PostgreSQL fails and says how to get it: CI installs
 * PostgreSQL, so nothing skips there by accident. RECON_SKIP_POSTGRES=1 skips those tests, for a
 * machine that deliberately has none.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { Database } from '../../electron/engine/store/schema';
import { ensureCluster, oncePerRun, POSTGRES_BIN } from './postgresCluster';

export const POSTGRES_MISSING =
  `These tests need PostgreSQL and found neither ${join(POSTGRES_BIN, 'initdb')} nor RECON_TEST_DATABASE_URL. ` +
  'Install it (apt-get install postgresql), set RECON_TEST_DATABASE_URL=postgres://USER@HOST/DB, ' +
  'or set RECON_SKIP_POSTGRES=1 to skip them on purpose.';

const externalUrl = process.env.RECON_TEST_DATABASE_URL?.trim() || undefined;
const available = externalUrl !== undefined || existsSync(join(POSTGRES_BIN, 'initdb'));

/** `describe` for tests that need PostgreSQL: skipped only when RECON_SKIP_POSTGRES=1 says so. */
export const describePostgres = describe.skipIf(!available && process.env.RECON_SKIP_POSTGRES === '1');

export { TEST_DATABASE_CONNECTIONS } from './testConnections';

export interface PostgresTestDatabase {
  /** postgres://… of the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A pool for a test's own SQL. A connection the server ends while it is idle in the pool (DROP
 * DATABASE … WITH (FORCE) after a file's tests, while its pool is still closing: kysely's destroy
 * resolves before the server has seen every connection go) makes the pool emit 'error', which
 * without a listener is an uncaught exception charged to whichever file runs then (the CI run of
 * stop 36 failed so). `onIdleError` hears them, for a test that expects one.
 */
export function testPool(config: pg.PoolConfig, onIdleError: (error: Error) => void = () => undefined): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', onIdleError);
  return pool;
}

let adminUrl: Promise<string> | undefined;
let adminPool: Promise<AdminPool> | undefined;

interface AdminPool {
  pool: pg.Pool;
  /** ` STRATEGY FILE_COPY` on PostgreSQL 15 and later, '' before (where copying files is the only way). */
  copyByFiles: string;
}

/**
 * Runs CREATE or DROP DATABASE on the test server. One small pool per worker process rather than a
 * connection per statement: each new backend costs the server a fork and its catalog caches.
 */
export async function onTestServer(statement: string): Promise<void> {
  const { pool } = await (adminPool ??= openAdminPool());
  await pool.query(statement);
}

/**
 * Copies `template` into a new database `name` by copying its files. PostgreSQL 15's default
 * (WAL_LOG) writes every block of the copy through the write-ahead log: measured on this cluster
 * (fsync off), 0.38 s of the server's CPU per copy of the migrated template against 0.12 s by files.
 */
export async function copyDatabase(template: string, name: string): Promise<void> {
  const { pool, copyByFiles } = await (adminPool ??= openAdminPool());
  await pool.query(`CREATE DATABASE ${name} TEMPLATE ${template}${copyByFiles}`);
}

async function openAdminPool(): Promise<AdminPool> {
  // allowExitOnIdle: an idle connection must not keep a worker process alive after its files.
  const pool = testPool({ connectionString: await (adminUrl ??= findAdminUrl()), max: 2, allowExitOnIdle: true });
  const version = await pool.query<{ server_version_num: string }>('SHOW server_version_num');
  const copyByFiles = Number(version.rows[0]?.server_version_num) >= 150_000 ? ' STRATEGY FILE_COPY' : '';
  return { pool, copyByFiles };
}

/** A new empty database with a random name; drop() removes it. */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const admin = await (adminUrl ??= findAdminUrl());
  const name = `recon_test_${randomBytes(6).toString('hex')}`;
  await onTestServer(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => dropTestDatabase(name) };
}

/** This file's database, created before its tests and dropped after them. */
export function usePostgresTestDatabase(): () => PostgresTestDatabase {
  let database: PostgresTestDatabase | undefined;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error('The test PostgreSQL database was not created (see the failure in beforeAll).');
    return database;
  };
}

/**
 * This file's empty database and a kysely over it, for tests that run SQL of their own: created
 * before the file's tests, destroyed and dropped after them.
 */
export function usePostgresKysely(poolSize?: number): () => Kysely<Database> {
  let database: PostgresTestDatabase | undefined;
  let db: Kysely<Database> | undefined;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    const pool = testPool({ connectionString: database.url, max: poolSize });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return () => {
    if (!db) throw new Error('The test PostgreSQL database was not created (see the failure in beforeAll).');
    return db;
  };
}

async function findAdminUrl(): Promise<string> {
  if (externalUrl) return externalUrl;
  if (!available) throw new Error(POSTGRES_MISSING);
  const runDir = inject('postgresRunDir');
  if (!runDir)
    throw new Error('No test PostgreSQL cluster: run these tests in vitest\'s "node" project (its globalSetup).');
  return ensureCluster(runDir);
}

/**
 * The dialect the engine suites run on: RECON_TEST_DIALECT=postgres (vitest's "node-postgres"
 * project) puts every test engine on a fresh PostgreSQL database instead of SQLite.
 */
export const ENGINE_DIALECT: 'sqlite' | 'postgres' =
  process.env.RECON_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

let template: Promise<string> | undefined;

/**
 * A new database already migrated: copied from a template migrated once per test run (CREATE
 * DATABASE … TEMPLATE copies files, far quicker than running the migrations again in every file).
 */
export async function createMigratedTestDatabase(): Promise<PostgresTestDatabase> {
  return copyOfTestDatabase(await (template ??= createTemplate()));
}

/** A new database copied from `templateName` (which nothing may be connected to meanwhile). */
export async function copyOfTestDatabase(templateName: string): Promise<PostgresTestDatabase> {
  const admin = await (adminUrl ??= findAdminUrl());
  const name = `recon_test_${randomBytes(6).toString('hex')}`;
  await copyDatabase(templateName, name);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => dropTestDatabase(name) };
}

/** Drops the test database `name`, closing any connection left on it. */
export async function dropTestDatabase(name: string): Promise<void> {
  await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** The run's template, made by the first worker to need it; once per process on a server of the caller's own. */
async function createTemplate(): Promise<string> {
  const runDir = externalUrl ? undefined : inject('postgresRunDir');
  return runDir ? oncePerRun(runDir, 'template', migrateTemplate) : migrateTemplate();
}

async function migrateTemplate(): Promise<string> {
  const database = await createPostgresTestDatabase();
  const { openPostgresStore } = await import('../../electron/engine/store/dialect');
  const store = await openPostgresStore(database.url);
  await store.close();
  return new URL(database.url).pathname.slice(1);
}
