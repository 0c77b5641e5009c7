/** Team-mode users (migration 009): added and disabled by `district-recon users`, never deleted. */
import type { Selectable } from 'kysely';
import type { Role } from '../../../../shared/contractRoles';
import type { ReadableDB, WritableDB } from '../work/handles';
import { execute, firstOf, runWrite } from '../work/work';
import type { UsersTable } from './teamSchema';

export type UserRow = Selectable<UsersTable>;

/**
 * One normalisation of a user's name, used for every match and every sign-in budget on both
 * databases (issue 26 item 7). SQLite's NOCASE folds ASCII only and PostgreSQL's citext folds by the
 * server's locale, so "ÉMILE" was Émile on one and a stranger on the other, and "ADMİN" signed in as
 * admin on PostgreSQL while the sign-in limit counted it as a second name. The key is computed here,
 * stored in users.name_key (migration 016), and the databases only compare it byte for byte.
 *
 * Compatibility forms (NFKC: ligatures, full-width letters), then case: upper then lower is full
 * case folding for the letters names use ("ß" and "SS" are "ss", "ς" is "σ"); a dot above i or j
 * is dropped, so the Turkish "İ" and "ı" are plain "i" as in every other language's sign-in form.
 * Runs of spaces are one space. Migration 016 keeps its own copy, as this was at that version (a
 * migration does what it did whatever the code does later): a change here needs a migration of its
 * own to key the stored names again, or existing users no longer match their own names.
 */
export function foldUserName(name: string): string {
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

/** The user whose name folds to what `name` folds to: the same match on both databases. */
export function findUserByName({ db }: ReadableDB, name: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('name_key', '=', foldUserName(name)).executeTakeFirst();
}

export function findUserById({ db }: ReadableDB, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUsers({ db }: ReadableDB): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('name').execute();
}

/** Adds a user; false when the name is taken (its folded key, or the name in the column's own collation). */
export async function insertUser(
  { db }: WritableDB,
  user: { name: string; role: Role; passwordHash: string; createdAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values({
      name: user.name,
      name_key: foldUserName(user.name),
      role: user.role,
      password_hash: user.passwordHash,
      created_at: user.createdAt,
    })
    // No conflict target: a clash on either unique index (name_key, or name's NOCASE/citext) means taken.
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Disables a user and ends their sessions in one transaction; false when there is no such user. */
export function disableUser(writer: WritableDB, name: string): Promise<boolean> {
  return runWrite(writer, function* (db) {
    const user = yield* firstOf(db.selectFrom('users').select('id').where('name_key', '=', foldUserName(name)));
    if (!user) return false;
    yield* execute(db.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id));
    yield* execute(db.deleteFrom('sessions').where('user_id', '=', user.id));
    return true;
  });
}

/** Replaces a user's password hash and ends their sessions; false when there is no such user. */
export function updatePasswordHash(writer: WritableDB, name: string, passwordHash: string): Promise<boolean> {
  return runWrite(writer, function* (db) {
    const user = yield* firstOf(db.selectFrom('users').select('id').where('name_key', '=', foldUserName(name)));
    if (!user) return false;
    yield* execute(db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id));
    yield* execute(db.deleteFrom('sessions').where('user_id', '=', user.id));
    return true;
  });
}
