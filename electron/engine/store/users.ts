/** Team-mode users (migration 009): added and disabled by `district-recon users`, never deleted. */
import type { Selectable } from 'kysely';
import type { Role } from '../../../shared/contractRoles';
import type { ReadableDB, WritableDB } from './handles';
import { execute, firstOf, runWrite } from './work';
import type { UsersTable } from './teamSchema';

export type UserRow = Selectable<UsersTable>;

export function findUserByName({ db }: ReadableDB, name: string): Promise<UserRow | undefined> {
  // The column's NOCASE collation (citext on PostgreSQL) makes this match "Ana" for "ana".
  return db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();
}

export function findUserById({ db }: ReadableDB, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUsers({ db }: ReadableDB): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('name').execute();
}

/** Adds a user; false when the name is taken (any case). */
export async function insertUser(
  { db }: WritableDB,
  user: { name: string; role: Role; passwordHash: string; createdAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values({ name: user.name, role: user.role, password_hash: user.passwordHash, created_at: user.createdAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Disables a user and ends their sessions in one transaction; false when there is no such user. */
export function disableUser(writer: WritableDB, name: string): Promise<boolean> {
  return runWrite(writer, function* (db) {
    const user = yield* firstOf(db.selectFrom('users').select('id').where('name', '=', name));
    if (!user) return false;
    yield* execute(db.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id));
    yield* execute(db.deleteFrom('sessions').where('user_id', '=', user.id));
    return true;
  });
}

/** Replaces a user's password hash and ends their sessions; false when there is no such user. */
export function updatePasswordHash(writer: WritableDB, name: string, passwordHash: string): Promise<boolean> {
  return runWrite(writer, function* (db) {
    const user = yield* firstOf(db.selectFrom('users').select('id').where('name', '=', name));
    if (!user) return false;
    yield* execute(db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id));
    yield* execute(db.deleteFrom('sessions').where('user_id', '=', user.id));
    return true;
  });
}
