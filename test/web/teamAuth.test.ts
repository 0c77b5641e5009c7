/** Team mode's sign-in over HTTP: cookies and their flags, CSRF, sign-out, the login rate limit, the sign-in page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost } from '../../electron/web/server';
import { PASSWORD, rpc, send, signIn, startTeamHost, type TeamHost } from '../helpers/teamHost';
import type { Role } from '../../shared/contractRoles';

let team: TeamHost;
let proxied: TeamHost;
beforeAll(async () => {
  team = await startTeamHost({
    users: Object.entries<Role>({ Ana: 'viewer', Ben: 'preparer', Cy: 'viewer', Gone: 'approver' }),
  });
  proxied = await startTeamHost({ users: [['Dee', 'viewer']], behindProxy: true });
}, 30_000);
afterAll(async () => {
  await team.close();
  await proxied.close();
});

const port = () => team.host.port;

describe('sign-in', () => {
  it('sets an httpOnly, SameSite=Strict session cookie and a readable CSRF cookie; no Secure on loopback HTTP', async () => {
    const session = await signIn(port(), 'ana');
    const [sessionCookie, csrfCookie] = session.setCookie;
    expect(sessionCookie).toMatch(/^recon_session=[\w-]{40,};/);
    expect(sessionCookie).toContain('HttpOnly');
    expect(sessionCookie).toContain('SameSite=Strict');
    expect(sessionCookie).toContain('Path=/');
    expect(sessionCookie).not.toContain('Secure');
    expect(csrfCookie).toMatch(/^recon_csrf=[\w-]{40,};/);
    expect(csrfCookie).not.toContain('HttpOnly');
    const me = await send(port(), '/auth/me', { method: 'GET', headers: { cookie: session.cookie } });
    expect(me.json.result).toMatchObject({ user: { name: 'Ana', role: 'viewer' }, csrfToken: session.csrf });
  });

  it('behind a proxy: Secure __Host- cookies, and only what the proxy received over HTTPS is answered', async () => {
    const p = proxied.host.port;
    const plain = await send(p, '/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Dee', password: PASSWORD }),
    });
    expect(plain.status).toBe(403);
    expect(plain.json.error!.message).toContain('HTTPS');
    const session = await signIn(p, 'Dee', PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(session.setCookie[0]).toMatch(/^__Host-recon_session=.*; Secure$/);
    expect(session.setCookie[1]).toMatch(/^__Host-recon_csrf=.*; Secure$/);
  });

  it('refuses a wrong password, an unknown name and a disabled user with the same words', async () => {
    const wrong = (name: string, password: string) =>
      send(port(), '/auth/login', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, password }),
      });
    await team.engine.team.users.disable('Gone');
    for (const reply of [
      await wrong('Cy', 'not the password'),
      await wrong('Nobody', PASSWORD),
      await wrong('Gone', PASSWORD),
    ]) {
      expect(reply.status).toBe(401);
      expect(reply.json.error!.message).toBe('That name and password do not match an active user.');
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
  });

  it('limits failures: after 5 for a name from one address, the 6th is 429 in words, even with the right password', async () => {
    const attempt = (password: string) =>
      send(port(), '/auth/login', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ben', password }),
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess ${i}`)).status).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.json.error!.message).toMatch(/Too many wrong passwords for Ben .* Try again in 15 minutes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    // The window is the engine's clock: 15 minutes on, the right password works again.
    team.clock.advance({ minutes: 16 });
    expect((await attempt(PASSWORD)).status).toBe(200);
  });
});

describe('calls need the session and its CSRF token', () => {
  it('401 without a session, 403 without or with a wrong CSRF token, 200 with both', async () => {
    const session = await signIn(port(), 'Ana');
    const noSession = await send(port(), '/rpc/app.info', { body: '{}' });
    expect(noSession.status).toBe(401);
    expect(noSession.headers['x-sign-in']).toBe('/login');
    const noCsrf = await send(port(), '/rpc/app.info', { headers: { cookie: session.cookie }, body: '{}' });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.json.error!.message).toContain('X-CSRF-Token');
    const wrongCsrf = await rpc(
      port(),
      { ...session, csrf: session.csrf.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      'app.info',
    );
    expect(wrongCsrf.status).toBe(403);
    // The launch token of plain browser mode means nothing here.
    const bearer = await send(port(), '/rpc/app.info', { headers: { authorization: 'Bearer ' }, body: '{}' });
    expect(bearer.status).toBe(401);
    expect((await rpc(port(), session, 'app.info')).status).toBe(200);
  });

  it('a password reset ends the sessions of that user', async () => {
    const session = await signIn(port(), 'Cy');
    await team.engine.team.users.setPassword('Cy', 'a brand new passphrase');
    expect((await rpc(port(), session, 'app.info')).status).toBe(401);
    await signIn(port(), 'Cy', 'a brand new passphrase');
  });

  it('sign-out ends the session on the server, not only in the browser', async () => {
    const session = await signIn(port(), 'Ana');
    const out = await send(port(), '/auth/logout', {
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(out.status).toBe(200);
    expect((out.headers['set-cookie'] as string[])[0]).toContain('Max-Age=0');
    expect((await rpc(port(), session, 'app.info')).status).toBe(401);
  });

  it('a session expires after 12 hours of the server clock', async () => {
    const session = await signIn(port(), 'Ana');
    team.clock.advance({ hours: 12, minutes: 1 });
    expect((await rpc(port(), session, 'app.info')).status).toBe(401);
  });

  it('a foreign Origin is refused, even signed in', async () => {
    const session = await signIn(port(), 'Ana');
    const reply = await rpc(port(), session, 'app.info', {}, { origin: 'https://evil.example' });
    expect(reply.status).toBe(403);
  });
});

describe('pages', () => {
  it('sends the app to /login until signed in; the sign-in page has a form and no script', async () => {
    const app = await send(port(), '/', { method: 'GET' });
    expect(app.status).toBe(303);
    expect(app.headers.location).toBe('/login');
    const page = await send(port(), '/login', { method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post" action="/auth/login">');
    expect(page.text).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const session = await signIn(port(), 'Ana');
    const signedIn = await send(port(), '/', { method: 'GET', headers: { cookie: session.cookie } });
    expect(signedIn.status).toBe(200);
  });

  it('the form signs in and sends the browser to the app', async () => {
    const reply = await send(port(), '/auth/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Ana', password: PASSWORD }).toString(),
    });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/');
    expect(reply.headers['set-cookie']).toHaveLength(2);
  });
});

describe('listening', () => {
  it('refuses plain HTTP beyond loopback in one line', async () => {
    await expect(
      startWebHost({
        engine: team.engine,
        staticDir: '/nonexistent',
        bind: '0.0.0.0',
        team: { engine: team.engine, secure: false, behindProxy: false },
      }),
    ).rejects.toThrow(
      /^Plain HTTP is for loopback only: to listen on 0\.0\.0\.0, give --tls-cert and --tls-key, or --behind-proxy\.$/,
    );
  });
});
