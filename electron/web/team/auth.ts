/**
 * Team mode's sign-in: POST /auth/login (JSON, or the form of GET /login), POST /auth/logout,
 * GET /auth/me. A session lives in two cookies (cookies.ts); every /rpc POST must also carry the
 * session's CSRF token in X-CSRF-Token.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Engine } from '../../engine/engine';
import type { TeamUser } from '../../engine/team';
import { BodyTooLarge, readBody, refuse, refuseLargeBody, sendJson } from '../http';
import { cookieNames, readCookie, setCookies } from './cookies';
import { LoginLimiter } from './loginLimiter';
import { loginPage } from './loginPage';
import { LOOPBACK_PROXIES, proxyTrust, type ProxyTrust } from './proxy';

export interface TeamMode {
  engine: Pick<Engine, 'team' | 'callAs'>;
  /** Cookies are Secure: the server is reached over HTTPS (its own TLS, or the proxy's). */
  secure: boolean;
  /** Behind a reverse proxy: only what a trusted proxy forwards over HTTPS is answered. */
  behindProxy: boolean;
  /**
   * The proxies whose X-Forwarded-* headers count (IP addresses); default the loopback proxy on
   * this machine. Only with behindProxy.
   */
  trustedProxies?: readonly string[];
}

export interface Caller {
  user: TeamUser;
  csrfToken: string;
  expiresAt: string;
}

export interface TeamAuth {
  /** Answers /login and /auth/*; false for any other path. */
  route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** The signed-in user of this request, or null. */
  caller(req: IncomingMessage): Promise<Caller | null>;
  /** Whether the request carries the session's CSRF token in X-CSRF-Token. */
  csrfOk(req: IncomingMessage, caller: Caller): boolean;
  /** Which forwarded headers count (behind a proxy), and so whose address a request is. */
  proxy: ProxyTrust;
  /** The session cookie's value, to tell one session's event streams from another's. */
  sessionToken(req: IncomingMessage): string | null;
}

export interface TeamAuthHooks {
  /** A session was signed out on this server: its event streams close at once. */
  onSignOut?(sessionToken: string): void;
}

export function createTeamAuth(mode: TeamMode, hooks: TeamAuthHooks = {}): TeamAuth {
  const team = mode.engine.team;
  const names = cookieNames(mode.secure);
  const limiter = new LoginLimiter(
    () => team.nowMs(),
    (alert) => team.reportSignInAlert(alert),
  );
  const proxy = proxyTrust(mode.behindProxy ? (mode.trustedProxies ?? LOOPBACK_PROXIES) : null);

  const sessionToken = (req: IncomingMessage): string | null => {
    const token = readCookie(req, names.session);
    return token && token.length <= 100 ? token : null;
  };
  const caller = async (req: IncomingMessage): Promise<Caller | null> => {
    const token = sessionToken(req);
    if (!token) return null;
    const session = await team.session(token);
    return session ? { user: session.user, csrfToken: session.csrfToken, expiresAt: session.expiresAt } : null;
  };

  const csrfOk = (req: IncomingMessage, who: Caller): boolean => {
    const sent = Buffer.from(String(req.headers['x-csrf-token'] ?? ''));
    const expected = Buffer.from(who.csrfToken);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  };

  async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const fromForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    let name = '';
    let password = '';
    try {
      const body = await readBody(req);
      if (fromForm) {
        const form = new URLSearchParams(body);
        name = form.get('name') ?? '';
        password = form.get('password') ?? '';
      } else {
        const json = JSON.parse(body) as { name?: unknown; password?: unknown };
        name = typeof json.name === 'string' ? json.name : '';
        password = typeof json.password === 'string' ? json.password : '';
      }
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuseLargeBody(req, res, error);
      return refuse(res, 400, 'BAD_ARGUMENTS', 'Send {"name": ..., "password": ...} as JSON.');
    }
    const address = proxy.clientAddress(req);
    const wait = limiter.waitFor(name, address);
    if (wait) {
      const minutes = Math.ceil(wait.ms / 60_000);
      const seconds = Math.ceil(wait.ms / 1000);
      if (fromForm)
        return redirect(res, wait.scope === 'address' ? `/login?wait=${minutes}` : `/login?slowed=${seconds}`);
      const who = name.trim() || 'this name';
      return refuse(
        res,
        429,
        'FORBIDDEN',
        wait.scope === 'address'
          ? `Too many wrong passwords for ${who} from this computer. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask an admin to check your account.`
          : `Too many wrong passwords for ${who}: each try now waits. Try again in ${seconds} second${seconds === 1 ? '' : 's'}, or ask an admin to check your account.`,
        { 'retry-after': String(seconds) },
      );
    }
    const signedIn = name && password ? await team.signIn(name, password) : null;
    if (!signedIn) {
      limiter.fail(name, address);
      if (fromForm) return redirect(res, '/login?failed=1');
      return refuse(res, 401, 'FORBIDDEN', 'That name and password do not match an active user.');
    }
    limiter.succeed(name, address);
    const maxAgeSeconds = Math.max(0, Math.floor((Date.parse(signedIn.expiresAt) - team.nowMs()) / 1000));
    const cookies = setCookies(names, mode.secure, {
      session: signedIn.token,
      csrf: signedIn.csrfToken,
      maxAgeSeconds,
    });
    if (fromForm) return redirect(res, '/', cookies);
    sendJson(
      res,
      200,
      {
        ok: true,
        result: { user: publicUser(signedIn.user), csrfToken: signedIn.csrfToken, expiresAt: signedIn.expiresAt },
      },
      { 'set-cookie': cookies },
    );
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === '/login' && (req.method === 'GET' || req.method === 'HEAD')) {
      const page = loginPage(url.searchParams);
      res.writeHead(200, page.headers);
      res.end(page.html);
      return true;
    }
    if (!url.pathname.startsWith('/auth/')) return false;
    if (url.pathname === '/auth/login' && req.method === 'POST') {
      await login(req, res);
      return true;
    }
    if (url.pathname === '/auth/me' && req.method === 'GET') {
      const who = await caller(req);
      if (!who) refuse(res, 401, 'FORBIDDEN', 'Not signed in.');
      else sendJson(res, 200, { ok: true, result: { user: publicUser(who.user), csrfToken: who.csrfToken } });
      return true;
    }
    if (url.pathname === '/auth/logout' && req.method === 'POST') {
      const token = readCookie(req, names.session);
      const who = await caller(req);
      if (who && !csrfOk(req, who)) {
        refuse(res, 403, 'FORBIDDEN', 'Sign-out needs the X-CSRF-Token header of your session.');
        return true;
      }
      if (who && token) {
        await team.signOut(token);
        hooks.onSignOut?.(token);
      }
      sendJson(
        res,
        200,
        { ok: true, result: { signedOut: true } },
        { 'set-cookie': setCookies(names, mode.secure, null) },
      );
      return true;
    }
    refuse(res, 404, 'NOT_FOUND', 'Not found.');
    return true;
  }

  return { route, caller, csrfOk, proxy, sessionToken };
}

export function publicUser(user: TeamUser): { name: string; role: string } {
  return { name: user.name, role: user.role };
}

function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  res.writeHead(303, { location, 'cache-control': 'no-store', ...(cookies.length ? { 'set-cookie': cookies } : {}) });
  res.end();
}
