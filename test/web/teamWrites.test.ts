/** Team mode's writes over HTTP: the signed-in user and the server's clock are recorded; retries replay; four eyes. */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchDetail } from '../../shared/domain';
import { NOW, rpc, signIn, startTeamHost, type Session, type TeamHost } from '../helpers/teamHost';
import type { Role } from '../../shared/contractRoles';

let team: TeamHost;
let pat: Session;
let ria: Session;
let ben: Session;
let admin: Session;
beforeAll(async () => {
  team = await startTeamHost({
    users: Object.entries<Role>({ Pat: 'approver', Ria: 'approver', Ben: 'preparer', Root: 'admin' }),
  });
  [pat, ria, ben, admin] = await Promise.all([
    signIn(port(), 'Pat'),
    signIn(port(), 'Ria'),
    signIn(port(), 'Ben'),
    signIn(port(), 'Root'),
  ]);
}, 30_000);
afterAll(() => team.close());

const port = () => team.host.port;
const detail = (reply: { json: { result?: unknown } }) => reply.json.result as BatchDetail;

describe('who and when', () => {
  it('refuses a client-supplied "by"', async () => {
    const reply = await rpc(port(), pat, 'batches.signOff', { id: '730001', by: 'Someone Else' });
    expect(reply.status).toBe(403);
    expect(reply.json.error!.message).toContain('leave "by" out');
  });

  it('records the signed-in user and the server clock, whatever the client sends', async () => {
    const reply = await rpc(port(), pat, 'batches.signOff', { id: '730001', note: 'ok' });
    expect(reply.status).toBe(200);
    expect(detail(reply).history.at(-1)).toMatchObject({ action: 'sign_off', by: 'Pat', at: NOW });
    // A timestamp is not an argument any method takes: the strict schema refuses it.
    const stamped = await rpc(port(), pat, 'batches.unsign', {
      id: '730001',
      reason: 'redo',
      at: '1999-01-01T00:00:00Z',
    });
    expect(stamped.status).toBe(400);
  });

  it('a second sign-off is CONFLICT naming who signed', async () => {
    const reply = await rpc(port(), ria, 'batches.signOff', { id: '730001', note: 'ok' });
    expect(reply.status).toBe(409);
    expect(reply.json.error!.message).toContain('already signed off by Pat');
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored answer to a retry: the write happens once', async () => {
    const headers = { 'idempotency-key': 'prepare-730002-attempt' };
    const first = await rpc(port(), ben, 'batches.prepare', { id: '730002' }, headers);
    const retry = await rpc(port(), ben, 'batches.prepare', { id: '730002' }, headers);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers['idempotent-replay']).toBe('true');
    const rows = await team.engine.internals.store.reader.db
      .selectFrom('batch_preparations')
      .selectAll()
      .where('batch_id', '=', '730002')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('replays a refusal too: a retried sign-off does not turn into a CONFLICT', async () => {
    const headers = { 'idempotency-key': 'signoff-730003-once' };
    const first = await rpc(port(), ria, 'batches.signOff', { id: '730003', note: 'ok' }, headers);
    const retry = await rpc(port(), ria, 'batches.signOff', { id: '730003', note: 'ok' }, headers);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(detail(retry).history.filter((h) => h.action === 'sign_off')).toHaveLength(1);
  });

  it('the same key for a different request is 422; keys are per user', async () => {
    const headers = { 'idempotency-key': 'prepare-730002-attempt' };
    const other = await rpc(port(), ben, 'batches.prepare', { id: '730004' }, headers);
    expect(other.status).toBe(422);
    expect(other.json.error!.message).toContain('already used for a different request');
    const someoneElse = await rpc(port(), pat, 'batches.prepare', { id: '730002' }, headers);
    expect(someoneElse.status).toBe(200);
  });

  it('a key is remembered for 24 hours of the server clock', async () => {
    const headers = { 'idempotency-key': 'settings-notify-off' };
    const first = await rpc(port(), admin, 'settings.set', { patch: { notifyAfterSync: false } }, headers);
    expect(first.status).toBe(200);
    team.clock.advance({ hours: 25 });
    admin = await signIn(port(), 'Root');
    const later = await rpc(port(), admin, 'settings.set', { patch: { notifyAfterSync: true } }, headers);
    expect(later.status).toBe(200);
    expect(later.headers['idempotent-replay']).toBeUndefined();
    [pat, ria, ben] = await Promise.all([signIn(port(), 'Pat'), signIn(port(), 'Ria'), signIn(port(), 'Ben')]);
  });
});

describe('requireSeparateApprover', () => {
  it('needs a preparation of these checks by someone else', async () => {
    expect((await rpc(port(), admin, 'settings.set', { patch: { requireSeparateApprover: true } })).status).toBe(200);
    const unprepared = await rpc(port(), pat, 'batches.signOff', { id: '730004', note: 'ok' });
    expect(unprepared.status).toBe(409);
    expect(unprepared.json.error!.message).toContain('has not been prepared');

    expect((await rpc(port(), pat, 'batches.prepare', { id: '730004' })).status).toBe(200);
    const own = await rpc(port(), pat, 'batches.signOff', { id: '730004', note: 'ok' });
    expect(own.status).toBe(403);
    expect(own.json.error!.message).toContain('You prepared batch 730004');

    const other = await rpc(port(), ria, 'batches.signOff', { id: '730004', note: 'ok' });
    expect(other.status).toBe(200);
    expect(detail(other).history.at(-1)).toMatchObject({ action: 'sign_off', by: 'Ria' });
    await rpc(port(), admin, 'settings.set', { patch: { requireSeparateApprover: false } });
  });
});

describe('events', () => {
  it('reach every signed-in user: one signs off, the others hear data.changed', async () => {
    const streams = await Promise.all([ben, ria].map((session) => listen(session)));
    try {
      await Promise.all(streams.map((s) => s.connected));
      expect((await rpc(port(), pat, 'batches.prepare', { id: '730002' })).status).toBe(200);
      for (const stream of streams) await expect(stream.heard('data.changed')).resolves.toContain('"batches"');
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

function listen(session: Session) {
  let buffer = '';
  let onConnect: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (onConnect = resolve));
  const req = request({
    host: '127.0.0.1',
    port: port(),
    path: '/events',
    method: 'GET',
    headers: { host: `127.0.0.1:${port()}`, cookie: session.cookie },
  });
  const waiting: Array<() => void> = [];
  req.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.includes(': connected')) onConnect();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  req.on('error', () => undefined);
  req.end();
  return {
    connected,
    async heard(event: string): Promise<string> {
      for (;;) {
        const at = buffer.indexOf(`event: ${event}\n`);
        if (at >= 0) return buffer.slice(at, buffer.indexOf('\n\n', at));
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    close: () => req.destroy(),
  };
}
