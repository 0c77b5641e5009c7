/** The HTTP server: node:http on 127.0.0.1, faults first, then authentication, routing, the handler. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAuthentication } from './auth';
import { ServiceError } from './errors';
import type { FaultDecision, FaultInjector } from './faults';
import { parseJsonBody, readBody } from './json';
import { catchUp } from './processor';
import { matchRoute, type RouteResponse } from './routes';
import type { SandboxState } from './state';
import type { Json } from './views';

export interface HttpHost {
  state: () => SandboxState;
  nowMs: () => number;
  token: string;
  secret: string;
  faults: FaultInjector;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function errorBody(code: string, message: string): Json {
  return { error: code, message };
}

async function handle(
  host: HttpHost,
  request: IncomingMessage,
): Promise<RouteResponse & { headers?: Record<string, string> }> {
  try {
    checkAuthentication(request.headers, host.token, host.secret);
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    const matched = matchRoute(url.pathname);
    if (!matched) throw new ServiceError(404, 'NOT_FOUND', `No resource at ${url.pathname}`);
    const method = request.method ?? 'GET';
    const handler = method === 'GET' || method === 'POST' ? matched.route.methods[method] : undefined;
    if (!handler) {
      const allow = Object.keys(matched.route.methods).join(', ');
      throw new ServiceError(
        405,
        'METHOD_NOT_ALLOWED',
        `${method} is not expected on ${matched.route.path} (allowed: ${allow})`,
        { Allow: allow },
      );
    }
    const state = host.state();
    // Counted before the body is read: a body refused for raw non-ASCII was still sent.
    if (method === 'POST') state.postsReceived++;
    const body = method === 'POST' ? parseJsonBody(await readBody(request)) : undefined;
    const nowMs = host.nowMs();
    catchUp(state, nowMs);
    return handler({ state, nowMs, params: url.searchParams, body, pathId: matched.pathId });
  } catch (error) {
    if (error instanceof ServiceError)
      return { status: error.status, body: errorBody(error.code, error.message), headers: error.headers };
    const message = error instanceof Error ? error.message : String(error);
    return { status: 500, body: errorBody('SERVER_ERROR', `Internal server error: ${message}`) };
  }
}

function send(
  response: ServerResponse,
  status: number,
  text: string | null,
  headers: Record<string, string> = {},
): void {
  if (text === null) {
    response.writeHead(status, headers);
    response.end();
    return;
  }
  const bytes = Buffer.from(text, 'utf8');
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(bytes.length),
    ...headers,
  });
  response.end(bytes);
}

async function serve(host: HttpHost, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const decision: FaultDecision = host.faults.decide(request.method ?? 'GET', request.url ?? '/');
  if (decision.latencyMs > 0) await delay(decision.latencyMs);
  switch (decision.fault) {
    case 'reset':
      request.socket.destroy();
      return;
    case 'timeout': {
      const timer = setTimeout(() => request.socket.destroy(), host.faults.current.hangMs);
      request.socket.once('close', () => clearTimeout(timer));
      request.resume();
      return;
    }
    case 'server_error':
      request.resume();
      send(
        response,
        decision.status,
        JSON.stringify(errorBody('SERVER_ERROR', 'Temporary server error (injected fault)')),
      );
      return;
    case 'rate_limit':
      request.resume();
      send(response, 429, JSON.stringify(errorBody('RATE_LIMITED', 'Too many requests (injected fault)')), {
        'Retry-After': String(host.faults.current.retryAfterSeconds),
      });
      return;
    default:
      break;
  }

  const result = await handle(host, request);
  // The write is applied above; only its answer is lost or late.
  if (decision.fault === 'lost_answer') {
    response.destroy();
    return;
  }
  if (decision.fault === 'late_answer') {
    const late = host.faults.current.lateAnswerMs;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, late);
      response.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (response.destroyed || response.writableEnded) return;
  }
  let body = result.body;
  if (decision.changePage && result.paged && result.paging && result.status === 200) {
    body = {
      offset: result.paging.offset,
      limit: result.paging.limit,
      objects: result.paged({ ...result.paging, offset: result.paging.offset + 1 }),
    };
  }
  if (body === undefined) {
    send(response, result.status, null, result.headers);
    return;
  }
  const text = JSON.stringify(body);
  if (decision.fault === 'malformed') {
    send(response, 200, `${text.slice(0, Math.max(1, Math.floor(text.length / 2)))}<html>proxy error</html>`);
    return;
  }
  if (decision.fault === 'truncate') {
    const bytes = Buffer.from(text, 'utf8');
    response.writeHead(result.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(bytes.length),
    });
    response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => response.destroy());
    return;
  }
  send(response, result.status, text, result.headers);
}

export function createHttpServer(host: HttpHost): Server {
  const server = createServer((request, response) => {
    serve(host, request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        send(
          response,
          500,
          JSON.stringify(errorBody('SERVER_ERROR', error instanceof Error ? error.message : String(error))),
        );
      } else {
        response.destroy();
      }
    });
  });
  server.keepAliveTimeout = 5_000;
  return server;
}

export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
