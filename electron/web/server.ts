/**
 * The browser host: serves the built renderer and the contract on 127.0.0.1 only.
 * - Every request must name our own Host (127.0.0.1:PORT or localhost:PORT): defeats DNS rebinding.
 * - /rpc/<method> and /events need `Authorization: Bearer <token>`, a random per-launch token that
 *   reaches the page only through the URL fragment printed at launch (fragments are never sent to a
 *   server or written to its logs). A request with a foreign Origin is refused.
 * - Team mode (`district-recon serve`, DESIGN.md §11): users sign in instead (team/auth.ts), each
 *   /rpc call passes the role gate (team/gate.ts), and the server may listen beyond loopback, but
 *   only over TLS (then with HSTS) or behind an HTTPS proxy: plain HTTP stays on loopback. Behind a
 *   proxy it listens beyond loopback only when told which proxies to trust (team/proxy.ts).
 * - A request must arrive whole within REQUEST_TIMEOUT_MS: a client that trickles its body is cut
 *   off long before Node's default of 300 s.
 */
import { constants, createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { isIP } from 'node:net';
import { pipeline } from 'node:stream';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import { APP_CSP } from '../../shared/csp';
import { toErrorPayload, type EngineEvents, type EventName } from '../../shared/contract';
import { openEventStream, type EventStream } from './eventStream';
import {
  BodyTooLarge,
  badPath,
  bodyLimitOf,
  decodePath,
  okText,
  readBody,
  refuse,
  refuseLargeBody,
  sendJson,
  sendText,
} from './http';
import { createTeamAuth, type Caller, type TeamMode } from './team/auth';
import { STATUS_BY_CODE, roleRefusal, teamCall } from './team/gate';

export interface WebEngine {
  callUnknown(method: unknown, args: unknown): Promise<unknown>;
  onAny(listener: <E extends EventName>(event: E, payload: EngineEvents[E]) => void): () => void;
}

export interface WebHostOptions {
  engine: WebEngine;
  /** The built renderer (out/web). */
  staticDir: string;
  port?: number;
  /** Fixed only in tests; otherwise random per launch. */
  token?: string;
  /** Maps a download id to a file the engine wrote (exports). */
  resolveDownload?: (id: string) => Promise<string | null>;
  /** Team mode: signed-in users instead of the launch token. */
  team?: TeamMode;
  /** The address to listen on; 127.0.0.1 unless team mode says otherwise. */
  bind?: string;
  /** Team mode over HTTPS (node:https) with this certificate and key (PEM). */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** How long a request may take to arrive whole; REQUEST_TIMEOUT_MS unless a test says otherwise. */
  requestTimeoutMs?: number;
}

export interface WebHost {
  url: string;
  /** The URL to open, with the token in the fragment. */
  launchUrl: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

export const CONTENT_SECURITY_POLICY = APP_CSP;

/**
 * A request (headers and body) must arrive within a minute: enough for the largest statement on a
 * district's network (200 MB at 30 Mbit/s), and a slow-body client holds a connection for a fifth of
 * Node's default 300 s. Headers alone get 15 s.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
export const HEADERS_TIMEOUT_MS = 15_000;
/** HTTPS only from now on, for a year, in the browsers that have seen the server once over TLS. */
export const HSTS = 'max-age=31536000';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Loopback addresses: the only ones plain HTTP may listen on. */
export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const team = options.team;
  const bind = options.bind ?? '127.0.0.1';
  if (!isLoopback(bind) && !options.tls && !team?.behindProxy) {
    throw new Error(
      `Plain HTTP is for loopback only: to listen on ${bind}, give --tls-cert and --tls-key, or --behind-proxy.`,
    );
  }
  if (!isLoopback(bind) && team?.behindProxy && !team.trustedProxies?.length) {
    throw new Error(
      `Behind a proxy the server listens on loopback only: to listen on ${bind}, name the proxy with --trusted-proxy ADDR[,ADDR].`,
    );
  }
  const token = team ? '' : (options.token ?? randomBytes(32).toString('base64url'));
  const tokenBuffer = Buffer.from(`Bearer ${token}`);
  // Each session's open event streams, so a sign-out closes them at once.
  const streamsBySession = new Map<string, Set<EventStream>>();
  const teamAuth = team
    ? createTeamAuth(team, {
        onSignOut: (sessionToken) => {
          for (const stream of streamsBySession.get(sessionToken) ?? []) stream.end();
        },
      })
    : null;
  const staticRoot = resolve(options.staticDir);
  const scheme = options.tls || team?.behindProxy ? 'https' : 'http';
  // Loopback without a proxy: only our own Host names (defeats DNS rebinding). Elsewhere the Host is
  // the server's public name, and the Origin must match it.
  const fixedHosts = isLoopback(bind) && !team?.behindProxy;
  let port = 0;

  const hostOk = (host: string) =>
    fixedHosts ? host === `127.0.0.1:${port}` || host === `localhost:${port}` : host.length > 0;
  const originOk = (origin: string, host: string) =>
    fixedHosts
      ? origin === `${scheme}://127.0.0.1:${port}` || origin === `${scheme}://localhost:${port}`
      : origin === `${scheme}://${host}`;

  const authorised = (req: IncomingMessage) => {
    const header = Buffer.from(req.headers.authorization ?? '');
    return header.length === tokenBuffer.length && timingSafeEqual(header, tokenBuffer);
  };

  /** The launch token, or (team mode) the signed-in user; answers 401 itself when neither. */
  const signedIn = async (req: IncomingMessage, res: ServerResponse): Promise<Caller | true | null> => {
    if (!teamAuth) {
      if (authorised(req)) return true;
      refuse(res, 401, 'FORBIDDEN', 'Missing or wrong token.');
      return null;
    }
    const caller = await teamAuth.caller(req);
    if (!caller) {
      refuse(res, 401, 'FORBIDDEN', 'Not signed in, or the session ended. Sign in again at /login.', {
        'x-sign-in': '/login',
      });
    }
    return caller;
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        sendJson(res, 500, { ok: false, error: { code: 'INTERNAL', message: 'The browser host failed.' } });
      else res.destroy();
    });
  };
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const timeouts = {
    requestTimeout,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
    // Node looks for overdue requests this often (30 s by default, which would double the limit).
    connectionsCheckingInterval: Math.min(1000, requestTimeout),
  };
  const server: Server = options.tls
    ? createTlsServer({ cert: options.tls.cert, key: options.tls.key, ...timeouts }, onRequest)
    : createServer(timeouts, onRequest);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (options.tls) res.setHeader('strict-transport-security', HSTS);
    const host = req.headers.host ?? '';
    if (!hostOk(host)) return refuse(res, 403, 'FORBIDDEN', 'Wrong Host header.');
    const origin = req.headers.origin;
    if (origin !== undefined && !originOk(origin, host)) {
      return refuse(res, 403, 'FORBIDDEN', 'Requests from other sites are refused.');
    }
    if (team?.behindProxy && !teamAuth!.proxy.fromProxy(req)) {
      return refuse(
        res,
        403,
        'FORBIDDEN',
        'This server sits behind an HTTPS proxy (--behind-proxy) and answers only its trusted proxy (--trusted-proxy): connect through the proxy.',
      );
    }
    if (team?.behindProxy && req.headers['x-forwarded-proto'] !== 'https') {
      return refuse(
        res,
        403,
        'FORBIDDEN',
        'This server sits behind an HTTPS proxy (--behind-proxy) and answers only what the proxy received over HTTPS.',
      );
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (teamAuth && (await teamAuth.route(req, res, url))) return;

    if (url.pathname.startsWith('/rpc/')) {
      if (req.method !== 'POST')
        return sendJson(res, 405, { ok: false, error: { code: 'BAD_ARGUMENTS', message: 'Use POST.' } });
      const who = await signedIn(req, res);
      if (!who) return;
      if (who !== true && !teamAuth!.csrfOk(req, who)) {
        return refuse(
          res,
          403,
          'FORBIDDEN',
          'Missing or wrong X-CSRF-Token: send the token /auth/me gives your session.',
        );
      }
      const method = decodePath(url.pathname.slice('/rpc/'.length));
      if (method === null) return badPath(res);
      const refusal = who === true ? null : roleRefusal(who, method);
      if (refusal) {
        res.setHeader('connection', 'close');
        refuse(res, 403, 'FORBIDDEN', refusal);
        req.resume();
        return;
      }
      let args: unknown;
      let body: string;
      try {
        body = await readBody(req, bodyLimitOf(method));
        args = body.length ? JSON.parse(body) : {};
      } catch (error) {
        if (error instanceof BodyTooLarge) return refuseLargeBody(req, res, error);
        return sendJson(res, 400, {
          ok: false,
          error: { code: 'BAD_ARGUMENTS', message: 'The request body is not valid JSON.' },
        });
      }
      if (
        method === 'export.glBatches' &&
        args !== null &&
        typeof args === 'object' &&
        ('file' in args || 'overwrite' in args)
      ) {
        return sendJson(res, 403, {
          ok: false,
          error: {
            code: 'FORBIDDEN',
            message:
              'In browser mode District Recon picks the export file itself, in its exports folder; leave "file" out.',
          },
        });
      }
      if (team && who !== true) {
        const key = req.headers['idempotency-key'];
        return teamCall(team, res, who, method, args, typeof key === 'string' ? key : undefined);
      }
      try {
        const result = await options.engine.callUnknown(method, args);
        return sendText(res, 200, okText(result));
      } catch (error) {
        const payload = toErrorPayload(error);
        return sendJson(res, STATUS_BY_CODE[payload.code] ?? 500, { ok: false, error: payload });
      }
    }

    if (url.pathname === '/events') {
      const who = await signedIn(req, res);
      if (!who) return;
      if (who === true || !teamAuth || !team) {
        openEventStream(req, res, options.engine, null);
        return;
      }
      const sessionToken = teamAuth.sessionToken(req)!;
      const expiresAtMs = Date.parse(who.expiresAt);
      const streams = streamsBySession.get(sessionToken) ?? new Set<EventStream>();
      streamsBySession.set(sessionToken, streams);
      const stream = openEventStream(
        req,
        res,
        options.engine,
        {
          live: async () => (await teamAuth.caller(req)) !== null,
          expired: () => team.engine.team.nowMs() >= expiresAtMs,
        },
        () => {
          streams.delete(stream);
          if (streams.size === 0) streamsBySession.delete(sessionToken);
        },
      );
      streams.add(stream);
      return;
    }

    if (url.pathname.startsWith('/download/')) {
      if (!(await signedIn(req, res))) return;
      const file = options.resolveDownload
        ? await options.resolveDownload(url.pathname.slice('/download/'.length))
        : null;
      if (!file) return sendJson(res, 404, { ok: false, error: { code: 'NOT_FOUND', message: 'No such export.' } });
      // Opened without following a link or waiting on a pipe: what stands at the export's name now is
      // served only if it is still a regular file, not whatever a link put there points to.
      const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
        () => null,
      );
      const info = await handle?.stat().catch(() => null);
      if (!handle || !info?.isFile()) {
        await handle?.close();
        return sendJson(res, 404, { ok: false, error: { code: 'NOT_FOUND', message: 'The exported file is gone.' } });
      }
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': info.size,
        'content-disposition': `attachment; filename="${basename(file).replace(/[^\w.-]/g, '_')}"`,
        'cache-control': 'no-store',
      });
      // pipeline, not pipe: a browser that cancels the download destroys the response, and the file
      // must close then rather than wait, paused, for the garbage collector.
      pipeline(handle.createReadStream(), res, () => undefined);
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { ok: false, error: { code: 'BAD_ARGUMENTS', message: 'Method not allowed.' } });
    }
    // Team mode: the app's pages wait for a sign-in; its scripts and styles are no secret.
    if (teamAuth && !extname(url.pathname) && !(await teamAuth.caller(req))) {
      res.writeHead(303, { location: '/login', 'cache-control': 'no-store' });
      res.end();
      return;
    }
    return serveStatic(url.pathname, res);
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const decoded = decodePath(pathname);
    if (decoded === null) return badPath(res);
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    let file = join(staticRoot, relative);
    if (!file.startsWith(staticRoot + sep) && file !== staticRoot) {
      return sendJson(res, 403, { ok: false, error: { code: 'FORBIDDEN', message: 'Outside the app.' } });
    }
    let info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      // The app is one page: unknown paths get index.html, but a missing asset stays a 404.
      if (extname(relative))
        return sendJson(res, 404, { ok: false, error: { code: 'NOT_FOUND', message: 'Not found.' } });
      file = join(staticRoot, 'index.html');
      info = await stat(file).catch(() => null);
      if (!info?.isFile()) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The renderer is not built. Run: npm run build:web');
        return;
      }
    }
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': extname(file) === '.html' ? 'no-store' : 'public, max-age=3600',
    });
    pipeline(createReadStream(file), res, () => undefined);
  }

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bind, () => resolvePromise());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const shownHost = isIP(bind) === 6 ? `[${bind}]` : bind;
  const url = `${scheme}://${shownHost}:${port}`;

  return {
    url,
    launchUrl: team ? `${url}/login` : `${url}/#token=${token}`,
    token,
    port,
    close: () =>
      new Promise<void>((resolvePromise) => {
        server.closeAllConnections();
        server.close(() => resolvePromise());
      }),
  };
}
