/** Team-mode sessions (migration 009): keyed by the SHA-256 of the cookie, so the table holds no usable id. */
import type { Selectable } from 'kysely';
import type { ReadableDB, WritableDB } from '../work/handles';
import { execute, rowsOf, runWrite } from '../work/work';
import type { SessionsTable } from './teamSchema';
import type { UserRow } from './users';

export type SessionRow = Selectable<SessionsTable>;

/**
 * Live sessions a user may hold (a browser per desk and a script or two): beyond this a new sign-in
 * ends the oldest, so 400 sign-ins leave 20 sessions, not 400 (issue 26 item 18).
 */
export const MAX_SESSIONS_PER_USER = 20;

export async function insertSession(writer: WritableDB, session: SessionRow): Promise<void> {
  await runWrite(writer, function* (db) {
    // Expired sessions go when a new one starts: no timer, and the table stays as small as its users.
    yield* execute(db.deleteFrom('sessions').where('expires_at', '<=', session.created_at));
    yield* execute(db.insertInto('sessions').values(session));
    // The new session is the newest whatever the clock says; of the others the newest 19 stay.
    const surplus = yield* rowsOf(
      db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', session.user_id)
        .where('id_hash', '!=', session.id_hash)
        .orderBy('created_at', 'desc')
        .orderBy('id_hash')
        .offset(MAX_SESSIONS_PER_USER - 1)
        .limit(1_000_000),
    );
    if (surplus.length > 0) {
      yield* execute(
        db.deleteFrom('sessions').where(
          'id_hash',
          'in',
          surplus.map((row) => row.id_hash),
        ),
      );
    }
  });
}

/** The live session and its user at `now`; undefined when unknown, expired or the user is disabled. */
export async function findLiveSession(
  { db }: ReadableDB,
  idHash: string,
  now: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id_hash',
      's.user_id',
      's.created_at',
      's.expires_at',
      's.csrf_token',
      'u.id',
      'u.name',
      'u.name_key',
      'u.role',
      'u.password_hash',
      'u.disabled',
      'u.created_at as user_created_at',
    ])
    .where('s.id_hash', '=', idHash)
    .where('s.expires_at', '>', now)
    .where('u.disabled', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    session: {
      id_hash: row.id_hash,
      user_id: row.user_id,
      created_at: row.created_at,
      expires_at: row.expires_at,
      csrf_token: row.csrf_token,
    },
    user: {
      id: row.id,
      name: row.name,
      name_key: row.name_key,
      role: row.role,
      password_hash: row.password_hash,
      disabled: row.disabled,
      created_at: row.user_created_at,
    },
  };
}

export async function deleteSession({ db }: WritableDB, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}
