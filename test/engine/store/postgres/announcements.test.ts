/**
 * The listening connection's reconnect, stopped half way: a server closed while its listener was
 * reconnecting must leave no connection behind and must not be told to refetch everything (its
 * engine and store are gone by then; in the test run that call landed in another file's tests).
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { announcements } from '../../../../electron/engine/store/dialect/postgres/announcements';
import { describePostgres, testPool, usePostgresTestDatabase } from '../../../helpers/postgres';

/** A TCP relay to the test server that can hold new connections until let go. */
function holdingRelay(target: URL) {
  let holding = false;
  let ended = 0;
  const held: Socket[] = [];
  const relay = (socket: Socket) => {
    const upstream = createConnection(Number(target.port), target.hostname);
    socket.pipe(upstream).pipe(socket);
    let open = true;
    const close = () => {
      if (open) ended++;
      open = false;
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  };
  const server: Server = createServer((socket) => (holding ? held.push(socket) : relay(socket)));
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      ),
    hold: () => {
      holding = true;
    },
    heldCount: () => held.length,
    /** Relayed connections that have ended, either side. */
    endedCount: () => ended,
    letGo: () => {
      holding = false;
      for (const socket of held.splice(0)) relay(socket);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const waitFor = async (what: string, done: () => boolean | Promise<boolean>) => {
  for (let tries = 0; tries < 200; tries++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting until ${what}`);
};

describePostgres('announcements: a listener stopped while reconnecting', () => {
  const database = usePostgresTestDatabase();
  let admin: pg.Client;
  let pool: pg.Pool;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: database().url });
    await admin.connect();
    pool = testPool({ connectionString: database().url, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await admin?.end();
  });

  const listeners = async () =>
    Number(
      (
        await admin.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        )
      ).rows[0]!.n,
    );

  it('ends the connection it was making and does not report a reconnect', async () => {
    const target = new URL(database().url);
    const relay = holdingRelay(target);
    const port = await relay.listen();
    try {
      const heard: (readonly string[] | null)[] = [];
      const viaRelay = { connectionString: Object.assign(new URL(target.href), { port: String(port) }).href };
      const stop = await announcements(pool, viaRelay, 'server-a').listen((scopes) => heard.push(scopes));
      expect(await listeners()).toBe(1);

      relay.hold();
      await admin.query(
        `SELECT pg_terminate_backend(pid, 30000) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      );
      // The retry (after a second) reaches the relay and waits there; stop the listener meanwhile.
      await waitFor('the reconnect is held at the relay', () => relay.heldCount() === 1);
      await stop();
      relay.letGo();

      // The connection completes after the stop: it must be ended, not left listening. The first
      // relayed connection was ended by the terminate; the held one must end too.
      await waitFor('the reconnected connection is ended', () => relay.endedCount() === 2);
      expect(await listeners()).toBe(0);
      expect(heard).toEqual([]);
    } finally {
      relay.letGo();
      await relay.close();
    }
  }, 20_000);
});
