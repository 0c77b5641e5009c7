/**
 * Sessions and what hangs on them (issue 26 items 5 and 18): a session's /events streams close when
 * it is signed out, disabled or expires, and carry nothing after; a user keeps the newest 20
 * sessions; a request whose body trickles in is cut off long before Node's 300 s.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_RECHECK_MS } from '../../electron/web/eventStream';
import { REQUEST_TIMEOUT_MS } from '../../electron/web/server';
import { MAX_SESSIONS_PER_USER } from '../../electron/engine/store/team';
import { rpc, send, signIn, startTeamHost, type Session, type TeamHost } from '../helpers/teamHost';

let team: TeamHost;
let pat: Session;
beforeAll(async () => {
  team = await startTeamHost({
    users: [
      ['Pat', 'approver'],
      ['Ana', 'viewer'],
      ['Cy', 'viewer'],
      ['Dot', 'viewer'],
      ['Many', 'viewer'],
    ],
  });
  pat = await signIn(port(), 'Pat');
}, 30_000);
afterAll(() => team.close());

const port = () => team.host.port;

interface Stream {
  connected: Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  text(): string;
  close(): void;
}

function listen(session: Session): Stream {
  let buffer = '';
  let onConnect: () => void = () => undefined;
  let onEnd: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (onConnect = resolve));
  const ended = new Promise<void>((resolve) => (onEnd = resolve));
  const req = request({
    host: '127.0.0.1',
    port: port(),
    path: '/events',
    method: 'GET',
    headers: { host: `127.0.0.1:${port()}`, cookie: session.cookie },
  });
  req.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.includes(': connected')) onConnect();
    });
    res.on('end', onEnd);
    res.on('close', onEnd);
  });
  req.on('error', () => undefined);
  req.end();
  return { connected, ended, text: () => buffer, close: () => req.destroy() };
}

/** Whether `promise` settles within `ms`. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

/** A write by Pat: every stream still open hears data.changed. */
async function somethingChanges(): Promise<void> {
  expect((await rpc(port(), pat, 'batches.prepare', { id: '730002' })).status).toBe(200);
}

describe('/events lives as long as its session', () => {
  it('a stream hears events while its session holds', async () => {
    const stream = listen(await signIn(port(), 'Ana'));
    await stream.connected;
    await somethingChanges();
    await expect.poll(() => stream.text()).toContain('event: data.changed');
    stream.close();
  });

  it('sign-out closes the session’s streams at once', async () => {
    const session = await signIn(port(), 'Ana');
    const stream = listen(session);
    await stream.connected;
    const out = await send(port(), '/auth/logout', {
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(out.status).toBe(200);
    expect(await within(stream.ended, 2000)).toBe(true);
  });

  it('a disabled user’s stream closes and carries nothing more', async () => {
    const stream = listen(await signIn(port(), 'Cy'));
    await stream.connected;
    await team.engine.team.users.disable('Cy');
    // The session is read again when it is older than SESSION_RECHECK_MS.
    await new Promise((resolve) => setTimeout(resolve, SESSION_RECHECK_MS + 100));
    await somethingChanges();
    expect(await within(stream.ended, 2000)).toBe(true);
    expect(stream.text()).not.toContain('event: data.changed');
  });

  it('an expired session’s stream closes and carries nothing more', async () => {
    const stream = listen(await signIn(port(), 'Dot'));
    await stream.connected;
    team.clock.advance({ hours: 12, minutes: 1 });
    pat = await signIn(port(), 'Pat');
    await somethingChanges();
    expect(await within(stream.ended, 2000)).toBe(true);
    expect(stream.text()).not.toContain('event: data.changed');
  });
});

describe('sessions per user', () => {
  // Each sign-in is a deliberate scrypt check (cheaper for seeded users: teamHost.ts); 22 of them.
  it(`keeps the newest ${MAX_SESSIONS_PER_USER}: the oldest end as new ones start`, { timeout: 120_000 }, async () => {
    const sessions: Session[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) {
      team.clock.advance({ seconds: 1 });
      sessions.push(await signIn(port(), 'Many'));
    }
    const [many] = (await team.engine.team.users.list()).filter((user) => user.name === 'Many');
    const rows = await team.engine.internals.store.reader.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', many!.id)
      .execute();
    expect(rows).toHaveLength(MAX_SESSIONS_PER_USER);
    for (const session of sessions.slice(0, 2)) expect((await rpc(port(), session, 'app.info')).status).toBe(401);
    for (const session of sessions.slice(2)) expect((await rpc(port(), session, 'app.info')).status).toBe(200);
  });
});

describe('slow requests', () => {
  it('a minute at most for a request to arrive, well before Node’s 300 s', () => {
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });

  it('cuts off a body that trickles in', async () => {
    const slow = await startTeamHost({ requestTimeoutMs: 500 });
    try {
      const socket = connect(slow.host.port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => undefined);
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1:${slow.host.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      const trickle = setInterval(() => socket.write(' '), 100);
      const cutOff = await within(closed, 3000);
      clearInterval(trickle);
      socket.destroy();
      expect(cutOff).toBe(true);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await slow.close();
    }
  });
});
