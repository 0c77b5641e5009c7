/**
 * Idempotency keys after a crash (issue 26 item 4): a claim whose server died mid-request is
 * released once its lease lapses, and the retry runs; the same JSON spelt with other whitespace
 * under the same key is the same request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc, send, signIn, startTeamHost, type Session, type TeamHost } from '../helpers/teamHost';

let team: TeamHost;
let ben: Session;
beforeAll(async () => {
  team = await startTeamHost({ users: [['Ben', 'preparer']] });
  ben = await signIn(team.host.port, 'Ben');
}, 30_000);
afterAll(() => team.close());

const preparations = (batchId: string) =>
  team.engine.internals.store.reader.db
    .selectFrom('batch_preparations')
    .selectAll()
    .where('batch_id', '=', batchId)
    .execute();

describe('a key claimed by a server that died', () => {
  it('answers 409 while the claim may still be running, then lets the retry run once the lease lapses', async () => {
    const key = 'prepare-730003-crashed';
    const [user] = await team.engine.team.users.list();
    // What a server killed mid-request leaves behind: the claim, never settled, never renewed.
    const claimed = await team.engine.team.idempotency.claim(
      user!.id,
      key,
      'batches.prepare',
      JSON.stringify({ id: '730003' }),
    );
    expect(claimed).toEqual({ state: 'claimed' });

    const early = await rpc(team.host.port, ben, 'batches.prepare', { id: '730003' }, { 'idempotency-key': key });
    expect(early.status).toBe(409);
    expect(early.json.error!.message).toContain('has not finished');

    team.clock.advance({ minutes: 2 });
    const retry = await rpc(team.host.port, ben, 'batches.prepare', { id: '730003' }, { 'idempotency-key': key });
    expect(retry.status).toBe(200);
    expect(await preparations('730003')).toHaveLength(1);
    // And it is now an answered key like any other: a second retry replays it.
    const replay = await rpc(team.host.port, ben, 'batches.prepare', { id: '730003' }, { 'idempotency-key': key });
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.text).toBe(retry.text);
  });
});

describe('the same request spelt differently', () => {
  it('is a replay, not 422, when only whitespace and key order differ', async () => {
    const call = (body: string) =>
      send(team.host.port, '/rpc/batches.prepare', {
        headers: {
          'content-type': 'application/json',
          cookie: ben.cookie,
          'x-csrf-token': ben.csrf,
          'idempotency-key': 'prepare-730004-spaced',
        },
        body,
      });
    const first = await call('{"id":"730004","note":"checked"}');
    expect(first.status).toBe(200);
    const spaced = await call('{\n  "note" : "checked",\n  "id" : "730004"\n}\n');
    expect(spaced.status).toBe(200);
    expect(spaced.headers['idempotent-replay']).toBe('true');
    expect(spaced.text).toBe(first.text);
    expect(await preparations('730004')).toHaveLength(1);
    // A different value is still a different request.
    const other = await call('{"id":"730004","note":"checked twice"}');
    expect(other.status).toBe(422);
  });
});
