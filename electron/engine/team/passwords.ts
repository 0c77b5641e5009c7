/**
 * Password hashing for team mode: scrypt from node:crypto. scrypt rather than argon2 because it
 * ships with Node: argon2 would be a native module to build for every platform and Electron ABI we
 * package (better-sqlite3 already costs us that once). N=2^15, r=8, p=1 is OWASP's scrypt floor;
 * about 50 ms and 32 MiB per check, which is also what makes guessing expensive.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
// scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is exactly that, with no room for overhead.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** scrypt's cost: N (CPU and memory), r (block size), p (parallelism). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * `scrypt$N$r$p$salt$hash`, salt and hash in base64url: the parameters travel with the hash. The
 * engine always hashes at the floor; a test seeding users whose passwords are not its subject may
 * ask for less, and their checks then cost that much (verifyPassword reads the cost from the hash).
 */
export async function hashPassword(password: string, cost: ScryptCost = { N, r: R, p: P }): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison; a malformed stored hash verifies nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== KEY_BYTES) return false;
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

/** A hash of nothing anyone knows: an unknown user name costs the same scrypt as a known one. */
export const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_BYTES).toString('base64url')}`;

export const MIN_PASSWORD_LENGTH = 12;
