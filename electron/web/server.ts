/**
 * The browser host: serves the built renderer and the contract on 127.0.0.1 only.
 * - Every request must name our own Host (127.0.0.1:PORT or localhost:PORT): defeats DNS rebinding.
 * - /rpc/<method> and /events need `Authorization: Bearer <token>`, a random per-launch token that
 *   reaches the page only through the URL fragment printed at launch (fragments are never sent to a
 *   server or written to its logs). A request with a foreign Origin is refused.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import { APP_CSP } from '../../shared/csp';
import { toErrorPayload, type ErrorCode, type EngineEvents, type EventName } from '../../shared/contract';

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
}

export interface WebHost {
  url: string;
  /** The URL to open, with the token in the fragment. */
  launchUrl: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;

export const CONTENT_SECURITY_POLICY = APP_CSP;

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

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  BAD_ARGUMENTS: 400,
  UNKNOWN_METHOD: 404,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOT_CONFIGURED: 409,
};

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const tokenBuffer = Buffer.from(`Bearer ${token}`);
  const staticRoot = resolve(options.staticDir);
  let port = 0;

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const authorised = (req: IncomingMessage) => {
    const header = Buffer.from(req.headers.authorization ?? '');
    return header.length === tokenBuffer.length && timingSafeEqual(header, tokenBuffer);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        sendJson(res, 500, { ok: false, error: { code: 'INTERNAL', message: 'The browser host failed.' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHosts().has(req.headers.host ?? '')) {
      return sendJson(res, 403, { ok: false, error: { code: 'FORBIDDEN', message: 'Wrong Host header.' } });
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) {
      return sendJson(res, 403, {
        ok: false,
        error: { code: 'FORBIDDEN', message: 'Requests from other sites are refused.' },
      });
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);

    if (url.pathname.startsWith('/rpc/')) {
      if (req.method !== 'POST')
        return sendJson(res, 405, { ok: false, error: { code: 'BAD_ARGUMENTS', message: 'Use POST.' } });
      if (!authorised(req))
        return sendJson(res, 401, { ok: false, error: { code: 'FORBIDDEN', message: 'Missing or wrong token.' } });
      const method = decodePath(url.pathname.slice('/rpc/'.length));
      if (method === null) return badPath(res);
      let args: unknown;
      try {
        const body = await readBody(req);
        args = body.length ? JSON.parse(body) : {};
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          // Answer, then drop the rest unread: the client sees 413, not a reset connection.
          res.setHeader('connection', 'close');
          sendJson(res, 413, { ok: false, error: { code: 'BAD_ARGUMENTS', message: error.message } });
          req.resume();
          return;
        }
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
      try {
        const result = await options.engine.callUnknown(method, args);
        return sendJson(res, 200, { ok: true, result });
      } catch (error) {
        const payload = toErrorPayload(error);
        return sendJson(res, STATUS_BY_CODE[payload.code] ?? 500, { ok: false, error: payload });
      }
    }

    if (url.pathname === '/events') {
      if (!authorised(req))
        return sendJson(res, 401, { ok: false, error: { code: 'FORBIDDEN', message: 'Missing or wrong token.' } });
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      const unsubscribe = options.engine.onAny((event, payload) => {
        res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
      });
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      req.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
      });
      return;
    }

    if (url.pathname.startsWith('/download/')) {
      if (!authorised(req))
        return sendJson(res, 401, { ok: false, error: { code: 'FORBIDDEN', message: 'Missing or wrong token.' } });
      const file = options.resolveDownload
        ? await options.resolveDownload(url.pathname.slice('/download/'.length))
        : null;
      if (!file) return sendJson(res, 404, { ok: false, error: { code: 'NOT_FOUND', message: 'No such export.' } });
      const info = await stat(file).catch(() => null);
      if (!info?.isFile())
        return sendJson(res, 404, { ok: false, error: { code: 'NOT_FOUND', message: 'The exported file is gone.' } });
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': info.size,
        'content-disposition': `attachment; filename="${basename(file).replace(/[^\w.-]/g, '_')}"`,
        'cache-control': 'no-store',
      });
      createReadStream(file).pipe(res);
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { ok: false, error: { code: 'BAD_ARGUMENTS', message: 'Method not allowed.' } });
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
    createReadStream(file).pipe(res);
  }

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolvePromise());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    launchUrl: `${url}/#token=${token}`,
    token,
    port,
    close: () =>
      new Promise<void>((resolvePromise) => {
        server.closeAllConnections();
        server.close(() => resolvePromise());
      }),
  };
}

class BodyTooLarge extends Error {}

function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

function badPath(res: ServerResponse): void {
  sendJson(res, 400, {
    ok: false,
    error: { code: 'BAD_ARGUMENTS', message: 'The path is not valid percent-encoding.' },
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const tooLarge = () => new BodyTooLarge(`The request body is larger than ${MAX_BODY_BYTES} bytes; send less.`);
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}
