import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import { BASELINE_VERSION, currentVersion, migratePostgres } from '../../../../electron/engine/store/dialect';
import type { Database } from '../../../../electron/engine/store/schema';
import {
  createPostgresTestDatabase,
  describePostgres,
  testPool,
  type PostgresTestDatabase,
} from '../../../helpers/postgres';

/** Every version a fresh database goes through: the baseline, then each shared migration after it. */
const ALL_VERSIONS = [BASELINE_VERSION, ...MIGRATIONS.slice(BASELINE_VERSION).map((_, i) => BASELINE_VERSION + i + 1)];

const opened: Array<Kysely<Database>> = [];
const databases: PostgresTestDatabase[] = [];

/** A server's connection: its own pool, as two district servers would have. */
function connect(url: string): Kysely<Database> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: testPool({ connectionString: url }) }) });
  opened.push(db);
  return db;
}

async function freshDatabase(): Promise<string> {
  const database = await createPostgresTestDatabase();
  databases.push(database);
  return database.url;
}

afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  await Promise.all(databases.map((database) => database.drop()));
});

describePostgres('migratePostgres', () => {
  it('migrates a fresh database once; a second run finds it current and changes nothing', async () => {
    const db = connect(await freshDatabase());
    expect(await currentVersion(db)).toBe(0);

    expect(await migratePostgres(db)).toEqual({ from: 0, to: MIGRATIONS.length, applied: ALL_VERSIONS });
    expect(await migratePostgres(db)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length, applied: [] });

    const rows = await sql<{
      version: number;
      name: string;
    }>`SELECT version, name FROM schema_version ORDER BY version`.execute(db);
    expect(rows.rows.map((r) => r.version)).toEqual(ALL_VERSIONS);
    expect(await currentVersion(db)).toBe(MIGRATIONS.length);
  });

  it('run by five servers at once, migrates exactly once and every server starts', async () => {
    const url = await freshDatabase();
    const servers = Array.from({ length: 5 }, () => connect(url));

    const results = await Promise.all(servers.map((db) => migratePostgres(db)));

    const migrators = results.filter((r) => r.applied.length > 0);
    expect(migrators).toHaveLength(1);
    expect(migrators[0]!.applied).toEqual(ALL_VERSIONS);
    for (const result of results.filter((r) => r.applied.length === 0)) expect(result.from).toBe(MIGRATIONS.length);
    const count = await sql<{ n: number }>`SELECT count(*) AS n FROM schema_version`.execute(servers[0]!);
    expect(Number(count.rows[0]!.n)).toBe(ALL_VERSIONS.length);
  });

  it('refuses a database a newer District Recon migrated, and leaves it alone', async () => {
    const db = connect(await freshDatabase());
    await migratePostgres(db);
    const newer = MIGRATIONS.length + 1;
    await sql`INSERT INTO schema_version (version, name, applied_at) VALUES (${newer}, 'from the future', '2030-01-01T00:00:00.000Z')`.execute(
      db,
    );

    await expect(migratePostgres(db)).rejects.toThrow(
      `This database was written by a newer version of District Recon (schema ${newer}, this version knows ${MIGRATIONS.length}). Update the server to use it.`,
    );
    expect(await currentVersion(db)).toBe(newer);
  });

  it('leaves nothing behind when the baseline fails part-way (one transaction)', async () => {
    const db = connect(await freshDatabase());
    // A table the baseline creates, already there: its CREATE fails after the extensions and others.
    await sql`CREATE TABLE users (id integer)`.execute(db);

    await expect(migratePostgres(db)).rejects.toThrow(/relation "users" already exists/);

    expect(await currentVersion(db)).toBe(0);
    const tables = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`.execute(db);
    expect(tables.rows.map((r) => r.name)).toEqual(['users']);
  });
});
