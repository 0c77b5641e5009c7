/** Helpers for tests that talk to the sandbox over real HTTP (127.0.0.1 only). */
import {
  basicCredentials,
  startSandbox,
  stringifyAscii,
  type SandboxOptions,
  type SandboxServer,
} from '../../electron/sandbox/index';

export { startSandbox };
export type { SandboxServer };

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw JSON at the API edge, read by assertions
  json: any;
}

export interface RequestOptions {
  method?: string;
  /** A value is sent as JSON with \uXXXX escapes; a string is sent as is (UTF-8). */
  body?: unknown;
  headers?: Record<string, string>;
  /** false: send no Authentication header. */
  auth?: boolean;
}

/** A client bound to one sandbox: `api.get('/txns?limit=5')`, `api.post('/txns', body)`. */
export function sandboxClient(server: Pick<SandboxServer, 'url' | 'token' | 'secret'>) {
  async function request(path: string, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.auth !== false) headers.Authentication = basicCredentials(server.token, server.secret);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : stringifyAscii(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(server.url + path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }
  return {
    request,
    get: (path: string, options: Omit<RequestOptions, 'body' | 'method'> = {}) => request(path, options),
    post: (path: string, body: unknown, options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
      request(path, { ...options, method: 'POST', body }),
    /** Every object of a paged resource, the way the spec says a client must page (offset = page x limit, stop on a short page). */
    async all(path: string, limit = 100): Promise<unknown[]> {
      const objects: unknown[] = [];
      for (let page = 0; ; page++) {
        const separator = path.includes('?') ? '&' : '?';
        const reply = await request(`${path}${separator}limit=${limit}&offset=${page * limit}`);
        if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${reply.text}`);
        objects.push(...(reply.json.objects as unknown[]));
        if (reply.json.objects.length < limit) return objects;
      }
    },
  };
}

export type SandboxClient = ReturnType<typeof sandboxClient>;

/** A small, fixed-time sandbox: quick to start, the same data on every run. */
export async function startTestSandbox(
  options: SandboxOptions = {},
): Promise<{ server: SandboxServer; api: SandboxClient }> {
  const server = await startSandbox({
    now: '2026-03-10T20:00:00Z',
    ...options,
    scenario: { days: 20, dailyVolume: 40, ...options.scenario },
  });
  return { server, api: sandboxClient(server) };
}
