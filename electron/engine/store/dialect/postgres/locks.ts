/**
 * Advisory lock keys, in PostgreSQL's two-int form: the first int says "District Recon" so no other
 * application on the same database can take ours by accident; the second says which lock.
 * Advisory locks are per database, so two districts' databases on one server do not meet.
 */
import { createHash } from 'node:crypto';

/** "RECO" as a 32-bit signed integer. */
const NAMESPACE = 0x5245434f;

export interface AdvisoryLock {
  namespace: number;
  key: number;
}

/** Held by migratePostgres for its transaction. Leadership keys are hashes, never 0. */
export const MIGRATION_LOCK: AdvisoryLock = { namespace: NAMESPACE, key: 0 };

export function leadershipLock(name: string): AdvisoryLock {
  const key = createHash('sha256').update(`leader:${name}`).digest().readInt32BE(0);
  return { namespace: NAMESPACE, key: key === 0 ? 1 : key };
}
