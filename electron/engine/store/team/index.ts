/**
 * Team mode: users, sessions, idempotency keys.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { claimIdempotencyKey, settleIdempotencyKey, renewIdempotencyLease, releaseIdempotencyKey } from './idempotency';
export type { IdempotencyRow } from './idempotency';
export { MAX_SESSIONS_PER_USER, insertSession, findLiveSession, deleteSession } from './sessions';
export type { SessionRow } from './sessions';
export type { UsersTable, SessionsTable, IdempotencyKeysTable, BatchPreparationsTable, TeamTables } from './teamSchema';
export {
  foldUserName,
  findUserByName,
  findUserById,
  listUsers,
  insertUser,
  disableUser,
  updatePasswordHash,
} from './users';
export type { UserRow } from './users';
