/**
 * A signed-in session on a district server (`district-recon serve`, DESIGN.md §11), spoken from the
 * main process: the same contract the browser uses (POST /rpc/<method>, the server's events on
 * GET /events), with the session cookie and the CSRF token held in this object only, never on disk
 * and never in the page. Writes carry an Idempotency-Key, so the one retry after a dropped
 * connection cannot do anything twice.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import {
  ContractError,
  isEventName,
  isMethodName,
  METHOD_ROLES,
  toErrorPayload,
  type EventName,
} from '../../shared/contract';
import { isRole, type Role } from '../../shared/contractRoles';
import { httpSend, httpStream, unreachable, Unreachable, type HttpReply } from './serverHttp';

export interface SignInRequest {
  origin: URL;
  name: string;
  password: string;
  /** Trusted roots for https (serverHttp.systemCertificates); undefined: Node's own. */
  ca?: string[];
}

export type EventListener = (event: EventName, payload: unknown) => void;

export interface DistrictSession {
  readonly url: string;
  readonly user: { name: string; role: Role };
  /** False once the server refused the session (it expired, was signed out there, the user disabled). */
  readonly signedIn: boolean;
  callUnknown(method: unknown, args: unknown): Promise<unknown>;
  /** The server's pushed events while the session lasts. */
  onAny(listener: EventListener): () => void;
  /** Called once when the server ends the session. */
  onEnded(listener: () => void): void;
  /** Tells the server the session is over (best effort) and stops the event stream. */
  signOut(): Promise<void>;
}

const SESSION_COOKIE = /^(?:__Host-)?recon_session$/;

function parseJson(reply: HttpReply): { ok?: unknown; result?: unknown; error?: unknown } | null {
  try {
    const json: unknown = JSON.parse(reply.text);
    return json && typeof json === 'object' ? (json as { ok?: unknown }) : null;
  } catch {
    return null;
  }
}

function notDistrictRecon(origin: URL, status: number): ContractError {
  return new ContractError(
    'NETWORK',
    `${origin.host} did not answer as a District Recon server (HTTP ${status}). Check the address.`,
  );
}

/** The session cookie's name=value from a login answer's Set-Cookie lines. */
function sessionCookie(reply: HttpReply): string | null {
  for (const line of reply.headers['set-cookie'] ?? []) {
    const pair = line.split(';')[0]!.trim();
    const at = pair.indexOf('=');
    if (at > 0 && SESSION_COOKIE.test(pair.slice(0, at)) && pair.length > at + 1) return pair;
  }
  return null;
}

export async function signInToServer(request: SignInRequest): Promise<DistrictSession> {
  const { origin, ca } = request;
  const login = await httpSend(new URL('/auth/login', origin), {
    method: 'POST',
    body: JSON.stringify({ name: request.name, password: request.password }),
    ca,
  });
  const json = parseJson(login);
  if (!json) throw notDistrictRecon(origin, login.status);
  if (login.status !== 200 || json.ok !== true) {
    const payload = toErrorPayload(json.error);
    if (payload.code === 'INTERNAL') throw notDistrictRecon(origin, login.status);
    throw new ContractError(payload.code, payload.message);
  }
  const result = json.result as { user?: { name?: unknown; role?: unknown }; csrfToken?: unknown } | undefined;
  const cookie = sessionCookie(login);
  const csrf = result?.csrfToken;
  const name = result?.user?.name;
  const role = result?.user?.role;
  if (!cookie || typeof csrf !== 'string' || typeof name !== 'string' || !isRole(role)) {
    throw notDistrictRecon(origin, login.status);
  }
  const session = openSession(origin, { cookie, csrf, user: { name, role } }, ca);
  // Events from the moment the app switches are not missed: the server subscribes the stream
  // before it answers. A proxy that holds the stream back costs a few seconds here, nothing more.
  await Promise.race([session.streaming, new Promise((resolve) => setTimeout(resolve, STREAM_WAIT_MS).unref())]);
  return session;
}

/** How long a sign-in waits for the event stream to open. */
export const STREAM_WAIT_MS = 5_000;

function openSession(
  origin: URL,
  secrets: { cookie: string; csrf: string; user: { name: string; role: Role } },
  ca: string[] | undefined,
): DistrictSession & { streaming: Promise<void> } {
  let signedIn = true;
  const endedListeners: Array<() => void> = [];
  const listeners = new Set<EventListener>();
  let stream: { stop(): void; streaming: Promise<void> } | null = null;
  const where = origin.host;

  const end = () => {
    if (!signedIn) return;
    signedIn = false;
    stream?.stop();
    stream = null;
    endedListeners.forEach((listener) => listener());
  };
  const ended = () =>
    new ContractError(
      'FORBIDDEN',
      `Your session on ${where} has ended. Sign in again in Settings, or go back to this computer’s data there.`,
    );
  const headers = (extra: Record<string, string> = {}) => ({
    cookie: secrets.cookie,
    'x-csrf-token': secrets.csrf,
    ...extra,
  });

  async function rpc(method: string, args: unknown): Promise<unknown> {
    if (!signedIn) throw ended();
    const write = isMethodName(method) && METHOD_ROLES[method] !== 'viewer';
    const key: Record<string, string> = write ? { 'idempotency-key': randomUUID() } : {};
    const url = new URL(`/rpc/${encodeURIComponent(method)}`, origin);
    const body = JSON.stringify(args ?? {});
    let reply: HttpReply;
    try {
      reply = await httpSend(url, { method: 'POST', headers: headers(key), body, ca, idleMs: 10 * 60_000 });
    } catch (error) {
      // A connection dropped mid-request: once more with the same key, which the server answers
      // from its record if the first attempt got through.
      if (!(error instanceof Unreachable) || error.reason !== 'ECONNRESET') throw error;
      reply = await httpSend(url, { method: 'POST', headers: headers(key), body, ca, idleMs: 10 * 60_000 });
    }
    if (reply.status === 401) {
      end();
      throw ended();
    }
    const json = parseJson(reply);
    if (!json || (json.ok !== true && json.ok !== false)) {
      throw new ContractError(
        'NETWORK',
        `${where} answered HTTP ${reply.status} instead of District Recon. Try again, or ask whoever runs the server.`,
      );
    }
    if (json.ok === true) return json.result;
    const payload = toErrorPayload(json.error);
    throw new ContractError(payload.code, payload.message);
  }

  /** Export on a server: the server writes the file; it is then downloaded to the chosen path. */
  async function exportTo(args: Record<string, unknown>): Promise<unknown> {
    const { file, overwrite: _overwrite, ...rest } = args;
    const result = (await rpc('export.glBatches', rest)) as {
      downloadPath: string | null;
      record: { file: string };
    };
    if (typeof file !== 'string' || !result.downloadPath) return result;
    const source = new URL(result.downloadPath, origin);
    // The session cookie goes to this server only, whatever address its answer names.
    if (source.origin !== origin.origin) throw notDistrictRecon(origin, 200);
    const partial = `${file}.part-${randomUUID()}`;
    try {
      const res = await httpStream(source, { method: 'GET', headers: headers(), ca });
      if (res.statusCode !== 200) {
        res.resume();
        throw new ContractError(
          'EXPORT',
          `The export was written on ${where} (record ${JSON.stringify(result.record.file)}) but could not be downloaded (HTTP ${res.statusCode}). Export again.`,
        );
      }
      await pipeline(res, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error instanceof ContractError ? error : unreachable(origin, error);
    }
    return { ...result, downloadPath: null, record: { ...result.record, file } };
  }

  function startStream(): { stop(): void; streaming: Promise<void> } {
    let stopped = false;
    let current: { destroy(): void } | null = null;
    let opened!: () => void;
    const streaming = new Promise<void>((resolve) => (opened = resolve));
    const run = async () => {
      for (let attempt = 0; !stopped; attempt++) {
        try {
          const res = await httpStream(new URL('/events', origin), {
            method: 'GET',
            headers: { cookie: secrets.cookie, accept: 'text/event-stream' },
            ca,
          });
          current = res;
          if (stopped) break;
          if (res.statusCode === 401) {
            res.resume();
            end();
            return;
          }
          if (res.statusCode === 200) {
            attempt = 0;
            opened();
            await readEvents(res);
          } else {
            res.resume();
          }
        } catch {
          // The server restarted or the network blipped: reconnect with a growing pause.
        }
        if (stopped) break;
        await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** attempt)));
      }
    };
    const readEvents = async (res: AsyncIterable<Buffer | string>) => {
      let buffer = '';
      for await (const chunk of res) {
        buffer += chunk.toString();
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          dispatch(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    };
    void run();
    return {
      streaming,
      stop() {
        stopped = true;
        current?.destroy();
      },
    };
  }

  function dispatch(frame: string): void {
    let event = '';
    let data = '';
    for (const line of frame.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (!isEventName(event) || !data) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    for (const listener of [...listeners]) listener(event, payload);
  }

  stream = startStream();
  return {
    streaming: stream.streaming,
    url: origin.origin,
    user: secrets.user,
    get signedIn() {
      return signedIn;
    },
    callUnknown(method, args) {
      if (!isMethodName(method))
        return Promise.reject(new ContractError('UNKNOWN_METHOD', `Unknown method ${JSON.stringify(method)}`));
      if (method === 'export.glBatches' && args && typeof args === 'object')
        return exportTo(args as Record<string, unknown>);
      return rpc(method, args);
    },
    onAny(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEnded(listener) {
      endedListeners.push(listener);
    },
    async signOut() {
      const wasSignedIn = signedIn;
      signedIn = false;
      stream?.stop();
      stream = null;
      if (!wasSignedIn) return;
      await httpSend(new URL('/auth/logout', origin), {
        method: 'POST',
        headers: headers(),
        body: '{}',
        ca,
        idleMs: 5_000,
      });
    },
  };
}
