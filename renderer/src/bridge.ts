/**
 * The only place the renderer talks to the engine. In Electron the preload's `window.recon` carries
 * calls over one IPC channel; in browser mode calls are POSTed to the web host with the per-launch
 * token. Both reply `{ok, result}` or `{ok: false, error}`; errors become BridgeError with a message
 * a bookkeeper can read.
 */
import type {
  EngineClient,
  EngineEvents,
  ErrorPayload,
  EventName,
  MethodArgs,
  MethodName,
  MethodResult,
} from '../../shared/contract';
import { readEventFrame } from '../../shared/eventFrames';

export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  constructor(
    readonly code: ErrorPayload['code'] | 'OFFLINE',
    message: string,
  ) {
    super(message);
  }
}

type Reply = { ok: true; result: unknown } | { ok: false; error: ErrorPayload };

interface PreloadApi {
  call(method: string, args: unknown): Promise<Reply>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    recon?: PreloadApi;
  }
}

function unwrap<T>(reply: Reply): T {
  if (reply.ok) return reply.result as T;
  throw new BridgeError(reply.error.code, reply.error.message);
}

function electronClient(api: PreloadApi): EngineClient {
  return {
    call: async (method, args) => unwrap(await api.call(method, args ?? {})),
    on: (event, listener) => api.on(event, listener as (payload: unknown) => void),
  };
}

const TOKEN_KEY = 'district-recon-token';

/** Takes the token from the launch URL's fragment once, keeps it for this tab only. */
function takeToken(): string {
  const match = /(?:^#|&)token=([\w-]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname + '#/overview');
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

/**
 * On a district server (team mode) there is no launch token: the session is a cookie the browser
 * sends by itself, and every call carries the session's CSRF token, which the server leaves in a
 * cookie the page may read (the session cookie itself it may not).
 */
export function csrfHeader(): Record<string, string> {
  const match = /(?:^|;\s*)(?:__Host-)?recon_csrf=([\w-]+)/.exec(document.cookie);
  return match?.[1] ? { 'x-csrf-token': match[1] } : {};
}

function webClient(): EngineClient {
  const token = takeToken();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let streaming = false;

  async function stream(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch('/events', { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok || !response.body) throw new Error(String(response.status));
        attempt = 0;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            dispatch(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // The host restarted or the network blipped: reconnect with a growing pause.
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** attempt)));
    }
  }

  function dispatch(text: string): void {
    const frame = readEventFrame(text);
    if (!frame) return;
    const payload: unknown = JSON.parse(frame.data);
    for (const listener of listeners.get(frame.event) ?? []) listener(payload);
  }

  return {
    async call(method, args) {
      let response: Response;
      try {
        response = await fetch(`/rpc/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...csrfHeader() },
          body: JSON.stringify(args ?? {}),
        });
      } catch {
        throw new BridgeError('OFFLINE', 'District Recon’s local service is not answering. Is the app still running?');
      }
      if (response.status === 401) {
        // Team mode: the session ended, and the server names its sign-in page.
        const signIn = response.headers.get('x-sign-in');
        if (signIn === '/login') window.location.assign(signIn);
        throw new BridgeError(
          'FORBIDDEN',
          'This browser tab is not signed in to District Recon. Open the link printed when the app started.',
        );
      }
      return unwrap(await response.json());
    },
    on(event, listener) {
      if (!streaming) {
        streaming = true;
        void stream();
      }
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}

let client: EngineClient | null = null;

function getClient(): EngineClient {
  client ??= window.recon ? electronClient(window.recon) : webClient();
  return client;
}

/** For tests: replace the transport. */
export function setBridgeClient(next: EngineClient | null): void {
  client = next;
}

export const bridge = {
  call<M extends MethodName>(method: M, args?: MethodArgs<M>): Promise<MethodResult<M>> {
    return getClient().call(method, args);
  },
  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void {
    return getClient().on(event, listener);
  },
  /** Browser mode: fetch an exported file with the token and hand it to the browser as a download. */
  async download(path: string, fileName: string): Promise<void> {
    const token = sessionStorage.getItem(TOKEN_KEY) ?? '';
    const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new BridgeError('NOT_FOUND', 'The exported file could not be downloaded.');
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
  isElectron(): boolean {
    return Boolean(window.recon);
  },
};
