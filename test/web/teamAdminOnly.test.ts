/**
 * What only an admin sees or reaches on a district server (issue 26 item 17): the data folder and
 * the database's address in app.info and app.status, and a connection test that cannot be pointed
 * at the server's own ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo, DatabaseStatus } from '../../shared/contract';
import { rpc, signIn, startTeamHost, type Session, type TeamHost } from '../helpers/teamHost';

let team: TeamHost;
let viewer: Session;
let approver: Session;
let admin: Session;
beforeAll(async () => {
  team = await startTeamHost({
    users: [
      ['Vi', 'viewer'],
      ['Ap', 'approver'],
      ['Root', 'admin'],
    ],
  });
  [viewer, approver, admin] = await Promise.all([
    signIn(team.host.port, 'Vi'),
    signIn(team.host.port, 'Ap'),
    signIn(team.host.port, 'Root'),
  ]);
}, 30_000);
afterAll(() => team.close());

const call = async <T>(session: Session, method: string, args: unknown = {}) => {
  const reply = await rpc(team.host.port, session, method, args);
  return { status: reply.status, result: reply.json.result as T, error: reply.json.error };
};

describe('where the data lives', () => {
  it('app.info names the data folder to an admin only', async () => {
    for (const session of [viewer, approver]) {
      const info = await call<AppInfo>(session, 'app.info');
      expect(info.status).toBe(200);
      expect(info.result.dataFolder).toBeNull();
      expect(info.result.version).toBe('9.9.9-test');
    }
    expect((await call<AppInfo>(admin, 'app.info')).result.dataFolder).toMatch(/recon-team-data-/);
  });

  it('app.status names the database to an admin only; the counts are for everyone', async () => {
    const seen = await call<DatabaseStatus>(viewer, 'app.status');
    expect(seen.result.database).toBeNull();
    expect(seen.result.counts.batches).toBeGreaterThan(0);
    expect(typeof (await call<DatabaseStatus>(admin, 'app.status')).result.database).toBe('string');
  });
});

describe('connection.test', () => {
  it('will not reach the server’s own ports, by any spelling of loopback, nor plain http', async () => {
    for (const url of [
      'http://127.0.0.1:5432/',
      'https://127.0.0.1:5432/',
      'https://localhost:22/',
      'https://[::1]:6379/',
      'https://[::ffff:127.0.0.1]:5432/',
      'https://2130706433:5432/',
      'https://169.254.169.254/latest/meta-data/',
      'http://service.district.example/',
    ]) {
      const reply = await call(admin, 'connection.test', { url });
      expect(reply.status, url).toBe(400);
      expect(reply.error!.message, url).toMatch(
        /^On a district server a connection test reaches only the configured service or an https address beyond this server; .* is neither\./,
      );
    }
  });

  it('still tests the configured service, wherever it is', async () => {
    const local = 'http://127.0.0.1:9/';
    expect(
      (await call(admin, 'connection.set', { url: local, token: 'tok-123456', secret: 'sec-123456' })).status,
    ).toBe(200);
    const reply = await call<{ ok: boolean }>(admin, 'connection.test', { url: local });
    expect(reply.status).toBe(200);
    expect(reply.result.ok).toBe(false);
  });
});
