/** The preload, with `electron` mocked: it exposes the contract (call, on) and nothing else. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES } from '../../shared/contract';

const exposed = new Map<string, unknown>();
const invoked: unknown[][] = [];
let eventListener: ((event: unknown, name: unknown, payload: unknown) => void) | null = null;

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => (invoked.push(args), { ok: true, result: 'reply' }),
    on: (_channel: string, listener: typeof eventListener) => (eventListener = listener),
  },
}));

interface Api {
  call(method: unknown, args: unknown): Promise<unknown>;
  on(event: unknown, listener: unknown): () => void;
}
let api: Api;

beforeAll(async () => {
  await import('../../electron/preload/index');
  api = exposed.get('recon') as Api;
});

describe('preload', () => {
  it('exposes exactly one object with call and on', () => {
    expect([...exposed.keys()]).toEqual(['recon']);
    expect(Object.keys(api).sort()).toEqual(['call', 'on']);
  });

  it('forwards contract methods over the one channel', async () => {
    expect(await api.call('app.info', {})).toEqual({ ok: true, result: 'reply' });
    expect(invoked).toEqual([['recon:call', 'app.info', {}]]);
  });

  it.each(['ipcRenderer.send', 'fs.readFile', '__proto__', 'constructor', 42])(
    'refuses %s without reaching main',
    async (method) => {
      const before = invoked.length;
      expect(await api.call(method, {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
      expect(invoked.length).toBe(before);
    },
  );

  it('delivers only contract events, and stops after unsubscribe', () => {
    expect(() => api.on('ipc-message', () => {})).toThrow(/Unknown event/);
    expect(() => api.on(EVENT_NAMES[0], 'not a function')).toThrow(/Unknown event/);
    const seen: unknown[] = [];
    const off = api.on('sync.progress', (payload: unknown) => seen.push(payload));
    eventListener!({ senderId: 0 }, 'sync.progress', { pages: 1 });
    eventListener!({ senderId: 0 }, 'data.changed', { scopes: [] });
    off();
    eventListener!({ senderId: 0 }, 'sync.progress', { pages: 2 });
    expect(seen).toEqual([{ pages: 1 }]);
  });
});
