/**
 * The preload exposes the contract and the desktop host's few calls, nothing else:
 * `window.recon.call(method, args)` for the contract's method names and `window.recon.on(event,
 * listener)` for its event names; `window.reconDesktop` the same for shared/desktopHost.ts's names
 * (the store's opening). No ipcRenderer, no generic invoke.
 */
import { contextBridge, ipcRenderer } from 'electron';
// Names only: a sandboxed preload can load no npm package, so not contract.ts (zod).
import { isEventName, isMethodName } from '../../shared/contractNames';
import { isDesktopEventName, isDesktopMethodName } from '../../shared/desktopHost';

const CALL_CHANNEL = 'recon:call';
const EVENT_CHANNEL = 'recon:event';
const DESKTOP_CALL_CHANNEL = 'recon:desktop';
const DESKTOP_EVENT_CHANNEL = 'recon:desktop-event';

type Listener = (payload: unknown) => void;

/** One IPC listener per event channel, fanned out to the page's listeners by event name. */
function eventHub(channel: string) {
  const listeners = new Map<string, Set<Listener>>();
  ipcRenderer.on(channel, (_event, name: unknown, payload: unknown) => {
    if (typeof name !== 'string') return;
    for (const listener of listeners.get(name) ?? []) listener(payload);
  });
  return (event: string, listener: unknown): (() => void) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    const wrapped: Listener = (payload) => (listener as Listener)(payload);
    set.add(wrapped);
    return () => set.delete(wrapped);
  };
}

function unknownMethod(method: unknown) {
  return Promise.resolve({ ok: false, error: { code: 'UNKNOWN_METHOD', message: `Unknown method ${String(method)}` } });
}

/** `call` and `on` for one table of names: a name not in it never reaches IPC. */
function namedApi(names: {
  isMethod(method: unknown): boolean;
  isEvent(event: unknown): event is string;
  callChannel: string;
  eventChannel: string;
}) {
  const listen = eventHub(names.eventChannel);
  return {
    call(method: unknown, args: unknown): Promise<unknown> {
      if (!names.isMethod(method)) return unknownMethod(method);
      return ipcRenderer.invoke(names.callChannel, method, args);
    },
    on(event: unknown, listener: unknown): () => void {
      if (!names.isEvent(event) || typeof listener !== 'function') {
        throw new Error(`Unknown event ${String(event)}`);
      }
      return listen(event, listener);
    },
  };
}

const api = namedApi({
  isMethod: isMethodName,
  isEvent: isEventName,
  callChannel: CALL_CHANNEL,
  eventChannel: EVENT_CHANNEL,
});

const desktopApi = namedApi({
  isMethod: isDesktopMethodName,
  isEvent: isDesktopEventName,
  callChannel: DESKTOP_CALL_CHANNEL,
  eventChannel: DESKTOP_EVENT_CHANNEL,
});

export type PreloadApi = typeof api;
export type DesktopPreloadApi = typeof desktopApi;

contextBridge.exposeInMainWorld('recon', api);
contextBridge.exposeInMainWorld('reconDesktop', desktopApi);
