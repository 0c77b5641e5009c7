/**
 * The desktop host's own calls and events (shared/desktopHost.ts), through the preload's
 * `window.reconDesktop`. The browser has no such host: there `desktopHost.available()` is false and
 * the hooks report nothing.
 */
import { useEffect, useState } from 'react';
import type {
  DesktopEventName,
  DesktopEvents,
  DesktopMethodName,
  DesktopMethods,
  OpeningProgress,
} from '../../shared/desktopHost';
import type { ErrorPayload } from '../../shared/contract';
import { BridgeError } from './bridge';

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
};

/** The store's opening while it lasts (desktop only); null once open, or in the browser. */
export function useOpening(): OpeningProgress | null {
  const [progress, setProgress] = useState<OpeningProgress | null>(null);
  useEffect(() => {
    if (!desktopHost.available()) return;
    let heard = false;
    const stop = desktopHost.on('opening', (next) => {
      heard = true;
      setProgress(next);
    });
    // A page loaded after the opening began asks where it is; an event already heard is newer.
    desktopHost.call('opening.status', {}).then(
      (now) => {
        if (!heard) setProgress(now);
      },
      () => undefined,
    );
    return stop;
  }, []);
  return progress;
}
