import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withLeadership, type Leadership } from '../../../../electron/engine/store/dialect';
import { describePostgres, testPool, usePostgresTestDatabase } from '../../../helpers/postgres';

function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describePostgres('withLeadership', () => {
  const database = usePostgresTestDatabase();
  /** Two district servers: each has its own pool. */
  let serverA: pg.Pool;
  let serverB: pg.Pool;
  let admin: pg.Pool;
  /**
   * What the pools reported of their idle connections. A district server's pool listens for these
   * (store/postgres/open.ts), as a pool must: without a listener, a socket error that reaches a
   * released connection (the killed leader's, late on a loaded machine) crashes the process.
   */
  const idleErrors: string[] = [];

  beforeAll(() => {
    const serverPool = () => {
      return testPool({ connectionString: database().url }, (error) => idleErrors.push(error.message));
    };
    serverA = serverPool();
    serverB = serverPool();
    admin = serverPool();
  });

  afterAll(async () => {
    await Promise.all([serverA?.end(), serverB?.end(), admin?.end()]);
  });

  it('lets one caller lead; a second, on another server or the same one, gets null at once', async () => {
    const release = gate();
    const started = gate();
    const leading = withLeadership(serverA, 'nightly-sync', async () => {
      started.open();
      await release.opened;
      return 'synced';
    });
    await started.opened;

    const t0 = Date.now();
    expect(await withLeadership(serverB, 'nightly-sync', async () => 'twice')).toBeNull();
    expect(await withLeadership(serverA, 'nightly-sync', async () => 'twice')).toBeNull();
    expect(Date.now() - t0).toBeLessThan(2_000);
    // Another name is another lock.
    expect(await withLeadership(serverB, 'statement-import', async () => 'other')).toBe('other');

    release.open();
    expect(await leading).toBe('synced');
    // Released on finish: the next night's caller leads.
    expect(await withLeadership(serverB, 'nightly-sync', async () => 'next night')).toBe('next night');
  });

  it("releases the lock when the leader's work throws", async () => {
    await expect(
      withLeadership(serverA, 'nightly-sync', async () => {
        throw new Error('service down');
      }),
    ).rejects.toThrow('service down');
    expect(await withLeadership(serverB, 'nightly-sync', async () => 'ran')).toBe('ran');
  });

  it("frees the lock when the leader's connection is killed, and tells the leader it lost it", async () => {
    const started = gate();
    let signal: AbortSignal | undefined;
    const leading = withLeadership(serverA, 'nightly-sync', async (leadership: Leadership) => {
      signal = leadership.signal;
      started.open();
      await new Promise((resolve) => leadership.signal.addEventListener('abort', resolve, { once: true }));
      return 'stopped at a safe point';
    });
    await started.opened;
    expect(await withLeadership(serverB, 'nightly-sync', async () => 'twice')).toBeNull();

    const killed = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(killed.rows).toHaveLength(1);
    // With a timeout, pg_terminate_backend waits until the backend has exited (and so freed its
    // locks); without one it returns once signalled, and server B could ask while the lock is still held.
    await admin.query('SELECT pg_terminate_backend($1, 30000)', [killed.rows[0]!.pid]);

    expect(await leading).toBe('stopped at a safe point');
    expect(signal!.aborted).toBe(true);
    expect(String(signal!.reason)).toMatch(/Leadership of nightly-sync was lost/);
    expect(await withLeadership(serverB, 'nightly-sync', async () => 'took over')).toBe('took over');
    // The dead connection was not returned to server A's pool: it leads again normally.
    expect(await withLeadership(serverA, 'nightly-sync', async () => 'A again')).toBe('A again');
    // Only the killed connection ever failed, if its socket reported anything after its release.
    for (const message of idleErrors) expect(message).toMatch(/terminat|ECONNRESET|EPIPE|closed/i);
  });
});
