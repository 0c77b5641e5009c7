/**
 * The preload exposes the contract and nothing else: `window.recon.call(method, args)` for the
 * contract's method names and `window.recon.on(event, listener)` for its event names. No ipcRenderer,
 * no generic invoke.
 */
import { contextBridge, ipcRenderer } from 'electron';
// Names only: a sandboxed preload can load no npm package, so not contract.ts (zod).
import { isEventName, isMethodName } from '../../shared/contractNames';

const CALL_CHANNEL = 'recon:call';
const EVENT_CHANNEL = 'recon:event';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

ipcRenderer.on(EVENT_CHANNEL, (_event, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return;
  for (const listener of listeners.get(name) ?? []) listener(payload);
});

const api = {
  call(method: unknown, args: unknown): Promise<unknown> {
    if (!isMethodName(method)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'UNKNOWN_METHOD', message: `Unknown method ${String(method)}` },
      });
    }
    return ipcRenderer.invoke(CALL_CHANNEL, method, args);
  },
  on(event: unknown, listener: unknown): () => void {
    if (!isEventName(event) || typeof listener !== 'function') {
      throw new Error(`Unknown event ${String(event)}`);
    }
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    const wrapped: Listener = (payload) => (listener as Listener)(payload);
    set.add(wrapped);
    return () => set.delete(wrapped);
  },
};

export type PreloadApi = typeof api;

contextBridge.exposeInMainWorld('recon', api);
