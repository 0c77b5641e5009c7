/**
 * The users' side of team.bench.ts: signed-in HTTP calls timed to the last byte on a kept
 * connection, the held event stream, deterministic choices, and percentile summaries.
 */
import { Agent, request } from 'node:http';

/** Deterministic choices, so two runs browse alike. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (n: number) => +n.toFixed(1);
  return {
    calls: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

export interface Session {
  cookie: string;
  csrf: string;
}

/**
 * One POST with a keep-alive agent (a browser tab keeps its connection); the time to the last byte.
 * A kept connection the server closed as the request went out is retried once, as browsers do; the
 * time then includes the first attempt.
 */
export async function post(
  port: number,
  agent: Agent,
  path: string,
  body: unknown,
  session?: Session,
): Promise<{ status: number; text: string; ms: number; setCookie: string[] }> {
  const t0 = performance.now();
  try {
    return await postOnce(port, agent, path, body, session, t0);
  } catch (error) {
    if ((error as { reusedSocket?: boolean }).reusedSocket !== true) throw error;
    return postOnce(port, agent, path, body, session, t0);
  }
}

function postOnce(
  port: number,
  agent: Agent,
  path: string,
  body: unknown,
  session: Session | undefined,
  t0: number,
): Promise<{ status: number; text: string; ms: number; setCookie: string[] }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          host: `127.0.0.1:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text,
            ms: performance.now() - t0,
            setCookie: (res.headers['set-cookie'] as string[] | undefined) ?? [],
          }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(Object.assign(error, { reusedSocket: req.reusedSocket && error.code === 'ECONNRESET' })),
    );
    req.end(payload);
  });
}

/** The app's event stream for one user, held open; counts the events pushed to it. */
export function eventStream(port: number, session: Session): { events: () => number; close: () => void } {
  let events = 0;
  const req = request(
    { host: '127.0.0.1', port, path: '/events', headers: { host: `127.0.0.1:${port}`, cookie: session.cookie } },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (events += chunk.match(/^event: /gm)?.length ?? 0));
      res.on('error', () => undefined);
    },
  );
  req.on('error', () => undefined);
  req.end();
  return { events: () => events, close: () => req.destroy() };
}
