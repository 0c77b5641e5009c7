/**
 * /events: the engine's events as a server-sent event stream. In team mode a stream lives only as
 * long as its session (issue 26 item 5): it closes when the user signs out (at once), when the
 * session expires by the server's clock (checked before every event and every second), and when
 * the user is disabled or their password reset, perhaps by `district-recon users` in another
 * process (the session is read again at most a second old before an event goes out, and every
 * second while none does). Sync progress, export file names and data-change notices therefore stop
 * with the session.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EngineEvents, EventName } from '../../shared/contract';

export interface StreamEngine {
  onAny(listener: <E extends EventName>(event: E, payload: EngineEvents[E]) => void): () => void;
}

export interface StreamSession {
  /** Whether the session still holds: signed in, the user enabled. Reads the database. */
  live(): Promise<boolean>;
  /** Whether the session has expired by the server's clock. Cheap: no database. */
  expired(): boolean;
}

/** How old the session's last reading may be when an event goes out. */
export const SESSION_RECHECK_MS = 1000;
/** While no event goes out, how often the session is read to close the stream of one that ended. */
const IDLE_RECHECK_MS = 5000;
const KEEP_ALIVE_MS = 15_000;

export interface EventStream {
  /** Ends the stream (the session ended). */
  end(): void;
}

/** Starts the stream on `res`; `session` is null for the launch token of plain browser mode. */
export function openEventStream(
  req: IncomingMessage,
  res: ServerResponse,
  engine: StreamEngine,
  session: StreamSession | null,
  onEnd: () => void = () => undefined,
): EventStream {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  let ended = false;
  let checkedAt = Date.now();
  // Events go out in order, each after the session is known to hold.
  let queue: Promise<void> = Promise.resolve();

  const holds = async (): Promise<boolean> => {
    if (!session) return true;
    if (session.expired()) return false;
    if (Date.now() - checkedAt < SESSION_RECHECK_MS) return true;
    const live = await session.live().catch(() => false);
    checkedAt = Date.now();
    return live;
  };
  const deliver = (text: string) => {
    queue = queue.then(async () => {
      if (ended) return;
      if (await holds()) {
        if (!ended) res.write(text);
      } else end();
    });
  };

  const unsubscribe = engine.onAny((event, payload) => {
    if (session?.expired()) return end();
    deliver(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const keepAlive = setInterval(() => deliver(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const recheck = session ? setInterval(() => deliver(''), IDLE_RECHECK_MS) : undefined;

  function end(): void {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    clearInterval(recheck);
    unsubscribe();
    onEnd();
    res.end();
  }
  req.on('close', end);
  return { end };
}
