/**
 * `serve --behind-proxy` (issue 26 item 3): forwarded headers count only on connections from the
 * proxies it trusts (--trusted-proxy, by default the proxy on this machine), anything reaching the
 * server around the proxy is refused, and without --trusted-proxy it listens on loopback only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost } from '../../electron/web/server';
import { parseTrustedProxies } from '../../electron/web/team/proxy';
import { PASSWORD, send, startTeamHost, type TeamHost } from '../helpers/teamHost';

const PROXY = '127.0.0.2';
let team: TeamHost;
beforeAll(async () => {
  team = await startTeamHost({ users: [['Dee', 'viewer']], behindProxy: true, trustedProxies: [PROXY] });
}, 30_000);
afterAll(() => team.close());

const login = (password: string, from: string, headers: Record<string, string>) =>
  send(team.host.port, '/auth/login', {
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: 'Dee', password }),
    localAddress: from,
  });

describe('forwarded headers from the trusted proxy only', () => {
  it('refuses a client that reaches the server around the proxy, whatever headers it writes', async () => {
    const direct = await login(PASSWORD, '127.0.0.1', { 'x-forwarded-proto': 'https', 'x-forwarded-for': PROXY });
    expect(direct.status).toBe(403);
    expect(direct.json.error!.message).toBe(
      'This server sits behind an HTTPS proxy (--behind-proxy) and answers only its trusted proxy (--trusted-proxy): connect through the proxy.',
    );
    expect((await login(PASSWORD, PROXY, { 'x-forwarded-proto': 'https' })).status).toBe(200);
  });

  it('counts guesses by the address the proxy saw: what the client wrote into X-Forwarded-For does not rotate it', async () => {
    for (let i = 0; i < 5; i++) {
      const guess = await login(`guess ${i}`, PROXY, {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': `10.0.${i}.1, 203.0.113.7`,
      });
      expect(guess.status).toBe(401);
    }
    const rotated = await login(PASSWORD, PROXY, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '10.9.9.9, 203.0.113.7',
    });
    expect(rotated.status).toBe(429);
    expect(rotated.json.error!.message).toContain('from this computer');
  });
});

describe('where it listens', () => {
  it('behind a proxy, listens beyond loopback only when told which proxy to trust', async () => {
    const mode = { engine: team.engine, secure: true, behindProxy: true };
    await expect(
      startWebHost({ engine: team.engine, staticDir: '/nonexistent', bind: '0.0.0.0', team: mode }),
    ).rejects.toThrow(
      /^Behind a proxy the server listens on loopback only: to listen on 0\.0\.0\.0, name the proxy with --trusted-proxy ADDR\[,ADDR\]\.$/,
    );
  });

  it('reads --trusted-proxy as IP addresses, refusing a name in one line', () => {
    expect(parseTrustedProxies('10.0.0.5, ::ffff:10.0.0.6,[::1]')).toEqual(['10.0.0.5', '10.0.0.6', '::1']);
    expect(() => parseTrustedProxies('proxy.district.example')).toThrow(
      /^--trusted-proxy takes IP addresses separated by commas; "proxy\.district\.example" is not one/,
    );
  });
});
