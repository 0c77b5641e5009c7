/**
 * One leader among any number of district servers (the nightly sync runs once, not on each):
 * a session advisory lock held on a dedicated connection for as long as the work runs. PostgreSQL
 * frees it when that connection ends, so a server that dies or loses its network hands leadership
 * on without anyone cleaning up.
 */
import type { Pool, PoolClient } from 'pg';
import { leadershipLock } from './locks';

export interface Leadership {
  /**
   * Aborted when the lock's connection drops: another server may lead from then on, so long work
   * should stop at its next safe point (its writes are transactions; a half-done run is redone).
   */
  signal: AbortSignal;
}

/**
 * Runs `work` if no other caller, in this process or another server, leads `name` right now;
 * otherwise returns null at once (it never waits for the lock).
 */
export async function withLeadership<T>(
  pool: Pool,
  name: string,
  work: (leadership: Leadership) => Promise<T>,
): Promise<T | null> {
  const lock = leadershipLock(name);
  const client = await pool.connect();
  const lost = new AbortController();
  const onLost = (error?: Error) => {
    if (!lost.signal.aborted)
      lost.abort(new Error(`Leadership of ${name} was lost: ${error?.message ?? 'the database connection closed'}.`));
  };
  // Without an 'error' listener, a checked-out client whose connection drops crashes the process.
  client.on('error', onLost);
  client.on('end', onLost);
  let destroy = false;
  try {
    const { rows } = await client.query<{ led: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS led', [
      lock.namespace,
      lock.key,
    ]);
    if (!rows[0]?.led) return null;
    try {
      return await work({ signal: lost.signal });
    } finally {
      destroy = !(await unlock(client, lock.namespace, lock.key, lost.signal));
    }
  } catch (error) {
    destroy = true;
    throw error;
  } finally {
    // A connection whose unlock failed is closed rather than pooled: closing it frees the lock.
    const closing = destroy || lost.signal.aborted;
    // A closed connection keeps its listeners: a killed backend's socket can still report an error
    // after the release (seen on a loaded machine), and with no listener that crashes the process.
    if (!closing) {
      client.off('error', onLost);
      client.off('end', onLost);
    }
    client.release(closing);
  }
}

async function unlock(client: PoolClient, namespace: number, key: number, lost: AbortSignal): Promise<boolean> {
  if (lost.aborted) return false;
  try {
    const { rows } = await client.query<{ unlocked: boolean }>('SELECT pg_advisory_unlock($1, $2) AS unlocked', [
      namespace,
      key,
    ]);
    return rows[0]?.unlocked === true;
  } catch {
    return false;
  }
}
