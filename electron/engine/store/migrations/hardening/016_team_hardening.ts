import { sql, type Kysely } from 'kysely';

/**
 * Frozen. Issue 26, the team server's second hardening round.
 *
 * - users.name_key: the name under one normalisation (store/team/users.ts foldUserName, copied below as it was
 *   at this version), matched byte for byte on both databases; SQLite's NOCASE and PostgreSQL's
 *   citext disagreed beyond ASCII. Filled here for existing users. Should two existing names fold to
 *   one key (possible only on SQLite: "Émile" and "émile"), the later user's key gets "#id" appended:
 *   that user signs in by the new name an admin gives them, and nothing is lost.
 * - idempotency_keys.lease_until: a claim is held while its request runs (the server renews the
 *   lease); a claim whose lease lapsed belongs to a request that can no longer be running (its
 *   server died), so a retry takes it over instead of getting 409 for 24 hours. Claims still
 *   unanswered from before this version get a lease that has already lapsed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('name_key', 'text').execute();
  const users = await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const user of users as Array<{ id: number; name: string }>) {
    let key = foldUserName(user.name);
    if (taken.has(key)) key = `${key}#${user.id}`;
    taken.add(key);
    await db.updateTable('users').set({ name_key: key }).where('id', '=', user.id).execute();
  }
  await sql`CREATE UNIQUE INDEX users_folded_name ON users (name_key)`.execute(db);
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'text').execute();
  await sql`UPDATE idempotency_keys SET lease_until = created_at WHERE status IS NULL`.execute(db);
}

function foldUserName(name: string): string {
  return name
    .normalize('NFKC')
    .trim()
    .replace(/\s+/gu, ' ')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFD')
    .replace(/(?<=[ij])\u0307/gu, '')
    .normalize('NFC');
}
