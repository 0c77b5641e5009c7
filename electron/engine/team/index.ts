/**
 * Team mode's accounts, sessions and idempotency keys (DESIGN.md §11), offered to the hosts through
 * the engine's facade (`engine.team`). Time comes from the engine's clock, never from a client.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ContractError } from '../../../shared/contract';
import { isRole, type Role } from '../../../shared/contractRoles';
import { toIsoUtc, type Clock } from '../../../shared/time';
import type { Logger } from '../logger';
import type { ReadableDB, WritableDB } from '../store/work';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  renewIdempotencyLease,
  settleIdempotencyKey,
  deleteSession,
  findLiveSession,
  insertSession,
} from '../store/team';
import { disableUser, findUserByName, insertUser, listUsers, updatePasswordHash, type UserRow } from '../store/team';
import { DUMMY_HASH, MIN_PASSWORD_LENGTH, hashPassword, verifyPassword } from './passwords';

export { foldUserName } from '../store/team';

export interface TeamUser {
  id: number;
  name: string;
  role: Role;
  disabled: boolean;
  createdAt: string;
}

export interface SignedIn {
  user: TeamUser;
  /** The cookie's value: random, shown once, stored only as its SHA-256. */
  token: string;
  csrfToken: string;
  expiresAt: string;
}

export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'replay'; status: number; body: string }
  | { state: 'running'; since: string }
  | { state: 'mismatch'; method: string };

export interface TeamService {
  users: {
    add(input: { name: string; role: string; password: string }): Promise<TeamUser>;
    list(): Promise<TeamUser[]>;
    disable(name: string): Promise<void>;
    /** A new password (a reset by the admin); the user's sessions end. */
    setPassword(name: string, password: string): Promise<void>;
  };
  /** null when the name is unknown, the password wrong or the user disabled: the same answer, the same cost. */
  signIn(name: string, password: string): Promise<SignedIn | null>;
  session(token: string): Promise<Omit<SignedIn, 'token'> | null>;
  signOut(token: string): Promise<void>;
  idempotency: {
    /** `body` is the request in a canonical form: the same request always hashes the same. */
    claim(userId: number, key: string, method: string, body: string): Promise<IdempotencyClaim>;
    /** Keeps a running request's claim from lapsing; call every IDEMPOTENCY_RENEW_MS while it runs. */
    renew(userId: number, key: string): Promise<void>;
    settle(userId: number, key: string, status: number, body: string): Promise<void>;
    release(userId: number, key: string): Promise<void>;
  };
  /** Writes an `audit:` line to the server's log: repeated wrong passwords for one account. */
  reportSignInAlert(alert: { name: string; failures: number; addresses: number; minutes: number }): void;
  /** The engine's clock in epoch milliseconds, for anything a host must time (login attempts). */
  nowMs(): number;
}

// A working day and then some: a bookkeeper signs in once in the morning.
const SESSION_HOURS = 12;
const IDEMPOTENCY_HOURS = 24;
/**
 * A claim lapses this long after its last renewal. The server renews it every IDEMPOTENCY_RENEW_MS
 * while the request runs, so only a claim whose server died (kill -9, a lost machine) lapses, and a
 * retry a minute later runs instead of getting 409 for a day.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;
export const IDEMPOTENCY_RENEW_MS = 20_000;
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} .'@_-]{0,63}$/u;

/** What the team service uses: the users' and sessions' tables, the time, and the audit's log lines. */
export interface TeamDeps {
  store: { reader: ReadableDB; writer: WritableDB };
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
}

export function createTeamService(ctx: TeamDeps): TeamService {
  const { reader, writer } = ctx.store;
  const now = () => ctx.clock.now();
  const hoursFromNow = (hours: number) => toIsoUtc(now().add({ hours }));
  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

  return {
    users: {
      async add({ name, role, password }) {
        const trimmed = name.trim();
        if (!NAME.test(trimmed)) {
          throw new ContractError(
            'BAD_ARGUMENTS',
            `A user name is 1 to 64 letters, digits, spaces or . ' @ _ - and starts with a letter or digit; got ${JSON.stringify(name)}.`,
          );
        }
        if (!isRole(role)) {
          throw new ContractError(
            'BAD_ARGUMENTS',
            `The role must be viewer, preparer, approver or admin; got ${JSON.stringify(role)}.`,
          );
        }
        checkPassword(password);
        const createdAt = toIsoUtc(now());
        const added = await insertUser(writer, {
          name: trimmed,
          role,
          passwordHash: await hashPassword(password),
          createdAt,
        });
        if (!added)
          throw new ContractError('CONFLICT', `There is already a user named ${trimmed} (names ignore case).`);
        return toUser((await findUserByName(writer, trimmed))!);
      },
      list: async () => (await listUsers(reader)).map(toUser),
      async setPassword(name, password) {
        checkPassword(password);
        if (!(await updatePasswordHash(writer, name.trim(), await hashPassword(password)))) {
          throw new ContractError(
            'NOT_FOUND',
            `There is no user named ${name.trim()}. "district-recon users list" shows who there is.`,
          );
        }
      },
      async disable(name) {
        if (!(await disableUser(writer, name.trim()))) {
          throw new ContractError(
            'NOT_FOUND',
            `There is no user named ${name.trim()}. "district-recon users list" shows who there is.`,
          );
        }
      },
    },
    async signIn(name, password) {
      const row = await findUserByName(reader, name.trim());
      // The hash is checked even for an unknown or disabled user, so timing does not say which names exist.
      const matches = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
      if (!row || !matches || row.disabled) return null;
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      const expiresAt = hoursFromNow(SESSION_HOURS);
      await insertSession(writer, {
        id_hash: hashOf(token),
        user_id: row.id,
        created_at: toIsoUtc(now()),
        expires_at: expiresAt,
        csrf_token: csrfToken,
      });
      return { user: toUser(row), token, csrfToken, expiresAt };
    },
    async session(token) {
      const found = await findLiveSession(reader, hashOf(token), toIsoUtc(now()));
      if (!found) return null;
      return { user: toUser(found.user), csrfToken: found.session.csrf_token, expiresAt: found.session.expires_at };
    },
    signOut: (token) => deleteSession(writer, hashOf(token)),
    idempotency: {
      async claim(userId, key, method, body) {
        const requestHash = createHash('sha256').update(method).update('\0').update(body).digest('hex');
        const existing = await claimIdempotencyKey(
          writer,
          {
            userId,
            key,
            method,
            requestHash,
            createdAt: toIsoUtc(now()),
            leaseUntil: toIsoUtc(now().add({ seconds: IDEMPOTENCY_LEASE_SECONDS })),
          },
          hoursFromNow(-IDEMPOTENCY_HOURS),
        );
        if (!existing) return { state: 'claimed' };
        if (existing.request_hash !== requestHash) return { state: 'mismatch', method: existing.method };
        if (existing.status === null || existing.response === null)
          return { state: 'running', since: existing.created_at };
        return { state: 'replay', status: existing.status, body: existing.response };
      },
      renew: (userId, key) =>
        renewIdempotencyLease(writer, userId, key, toIsoUtc(now().add({ seconds: IDEMPOTENCY_LEASE_SECONDS }))),
      settle: (userId, key, status, body) => settleIdempotencyKey(writer, userId, key, status, body),
      release: (userId, key) => releaseIdempotencyKey(writer, userId, key),
    },
    reportSignInAlert({ name, failures, addresses, minutes }) {
      ctx.logger.warn(
        `audit: ${failures} wrong passwords for the account ${JSON.stringify(name)} within ${minutes} minutes, from ${addresses} address${addresses === 1 ? '' : 'es'}; its sign-in is slowed. Check with the user; "district-recon users disable" stops the account.`,
      );
    },
    nowMs: () => now().epochMilliseconds,
  };
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > 1024) {
    throw new ContractError('BAD_ARGUMENTS', `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

function toUser(row: UserRow): TeamUser {
  return { id: row.id, name: row.name, role: row.role, disabled: row.disabled === 1, createdAt: row.created_at };
}
