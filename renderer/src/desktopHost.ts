/**
 * The desktop host's own calls and events (shared/desktopHost.ts), through the preload's
 * `window.reconDesktop`: the store's opening, and whether the app works on this computer's data or
 * on a district server. The browser has no such host: there `desktopHost.available()` is false and
 * the hooks report nothing.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type {
  DesktopEventName,
  DesktopEvents,
  DesktopMethodName,
  DesktopMethods,
  OpeningProgress,
  ServerStatus,
} from '../../shared/desktopHost';
import type { ErrorPayload } from '../../shared/contract';
import { BridgeError } from './bridge';

/** Each host event has a status method answering the same question. */
type StatusMethod = `${DesktopEventName}.status`;

type Reply = { ok: true; result: unknown } | { ok: false; error: ErrorPayload };

export interface DesktopHostApi {
  call(method: string, args: unknown): Promise<Reply>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    reconDesktop?: DesktopHostApi;
  }
}

let override: DesktopHostApi | null | undefined;

/** For tests: stand in for the preload (null: no desktop host, as in the browser; undefined: the real one). */
export function setDesktopHost(next: DesktopHostApi | null | undefined): void {
  override = next;
  serverStatus.reset();
}

function api(): DesktopHostApi | null {
  return override !== undefined ? override : (window.reconDesktop ?? null);
}

export const desktopHost = {
  available(): boolean {
    return api() !== null;
  },
  async call<M extends DesktopMethodName>(
    method: M,
    args: DesktopMethods[M]['args'],
  ): Promise<DesktopMethods[M]['result']> {
    const host = api();
    if (!host) throw new BridgeError('UNKNOWN_METHOD', 'Only the desktop app can do this.');
    const reply = await host.call(method, args);
    if (!reply.ok) throw new BridgeError(reply.error.code, reply.error.message);
    return reply.result as DesktopMethods[M]['result'];
  },
  on<E extends DesktopEventName>(event: E, listener: (payload: DesktopEvents[E]) => void): () => void {
    const host = api();
    return host ? host.on(event, listener as (payload: unknown) => void) : () => {};
  },
  /**
   * Follows a fact the host both announces (`event`) and answers for (`event.status`): the answer
   * to one first question is dropped if an event came first, being older. Returns the unsubscribe.
   */
  follow<E extends DesktopEventName>(event: E, apply: (value: DesktopEvents[E]) => void): () => void {
    let heard = false;
    const stop = desktopHost.on(event, (next) => {
      heard = true;
      apply(next);
    });
    desktopHost.call(`${event}.status` as StatusMethod, {}).then(
      (now) => {
        if (!heard) apply(now as DesktopEvents[E]);
      },
      () => undefined,
    );
    return stop;
  },
};

/** The store's opening while it lasts (desktop only); null once open, or in the browser. */
export function useOpening(): OpeningProgress | null {
  const [progress, setProgress] = useState<OpeningProgress | null>(null);
  useEffect(() => {
    if (!desktopHost.available()) return;
    // A page loaded after the opening began asks where it is.
    return desktopHost.follow('opening', setProgress);
  }, []);
  return progress;
}

/**
 * Where the app works, shared by every component that shows it: one subscription to the host's
 * 'server' event and one first question, whoever asks first.
 */
const serverStatus = (() => {
  let current: ServerStatus | null = null;
  let stop: (() => void) | null = null;
  const subscribers = new Set<() => void>();
  const set = (next: ServerStatus) => {
    current = next;
    subscribers.forEach((notify) => notify());
  };
  return {
    subscribe(notify: () => void): () => void {
      subscribers.add(notify);
      if (!stop && desktopHost.available()) {
        stop = desktopHost.follow('server', set);
      }
      return () => subscribers.delete(notify);
    },
    get: () => current,
    /** The latest answer of a call that switched (it may arrive before or after the event). */
    set,
    reset() {
      stop?.();
      stop = null;
      current = null;
    },
  };
})();

/** Desktop only: this computer's data or a district server (null in the browser, or until known). */
export function useServerStatus(): ServerStatus | null {
  return useSyncExternalStore(serverStatus.subscribe, serverStatus.get, () => null);
}

/** After a sign-in or sign-out through desktopHost.call, show its answer at once. */
export function serverStatusChanged(status: ServerStatus): void {
  serverStatus.set(status);
}

/** One key per place the data comes from: this computer, or a user on a server. */
export function workplaceKey(status: ServerStatus | null): string {
  return status?.mode === 'server' ? `${status.url} ${status.name}` : 'local';
}

/** Every cached read belongs to the place it was read from: switching places reads everything anew. */
export function useReadsFollowWorkplace(status: ServerStatus | null): void {
  const client = useQueryClient();
  const key = workplaceKey(status);
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    void client.resetQueries();
  }, [client, key]);
}
