/** The team-mode tables (migration 009) as kysely sees them; schema.ts folds them into Database. */
import type { Generated } from 'kysely';
import type { Role } from '../../../../shared/contractRoles';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** The name under store/users.ts foldUserName (migration 016): what sign-in matches. Null only
   *  for rows written around the store (tests of the schema itself). */
  name_key: string | null;
  role: Role;
  /** `scrypt$N$r$p$salt$hash` (base64url), see engine/team/passwords.ts. */
  password_hash: string;
  disabled: Generated<number>;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie's value: the value itself is never stored. */
  id_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  csrf_token: string;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  method: string;
  /** SHA-256 of the method and body: one key cannot stand for two different requests. */
  request_hash: string;
  /** The HTTP status answered; null while the first request runs. */
  status: number | null;
  response: string | null;
  created_at: string;
  /** Until when the claiming request is known to run (migration 016); a lapsed claim may be taken
   *  over. Null: held until answered, released or expired. */
  lease_until: string | null;
}

export interface BatchPreparationsTable {
  id: Generated<number>;
  batch_id: string;
  by: string;
  at: string;
  note: string | null;
  fingerprint: string;
}

export interface TeamTables {
  users: UsersTable;
  sessions: SessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  batch_preparations: BatchPreparationsTable;
}
