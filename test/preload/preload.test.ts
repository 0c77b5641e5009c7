/** The preload, with `electron` mocked: it exposes the contract (call, on), the desktop host's few names, and nothing else. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES } from '../../shared/contract';

const exposed = new Map<string, unknown>();
const invoked: unknown[][] = [];
type ChannelListener = (event: unknown, name: unknown, payload: unknown) => void;
const channelListeners = new Map<string, ChannelListener>();
const eventListener: ChannelListener = (...args) => channelListeners.get('recon:event')!(...args);

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => (invoked.push(args), { ok: true, result: 'reply' }),
    on: (channel: string, listener: ChannelListener) => channelListeners.set(channel, listener),
  },
}));

interface Api {
  call(method: unknown, args: unknown): Promise<unknown>;
  on(event: unknown, listener: unknown): () => void;
}
let api: Api;
let desktop: Api;

beforeAll(async () => {
  await import('../../electron/preload/index');
  api = exposed.get('recon') as Api;
  desktop = exposed.get('reconDesktop') as Api;
});

describe('preload', () => {
  it('exposes the contract and the desktop host, each as call and on only', () => {
    expect([...exposed.keys()]).toEqual(['recon', 'reconDesktop']);
    expect(Object.keys(api).sort()).toEqual(['call', 'on']);
    expect(Object.keys(desktop).sort()).toEqual(['call', 'on']);
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
    eventListener({ senderId: 0 }, 'sync.progress', { pages: 1 });
    eventListener({ senderId: 0 }, 'data.changed', { scopes: [] });
    off();
    eventListener({ senderId: 0 }, 'sync.progress', { pages: 2 });
    expect(seen).toEqual([{ pages: 1 }]);
  });

  it('forwards only the desktop host names, on their own channel', async () => {
    const before = invoked.length;
    expect(await desktop.call('opening.status', {})).toEqual({ ok: true, result: 'reply' });
    expect(invoked.at(-1)).toEqual(['recon:desktop', 'opening.status', {}]);
    expect(await desktop.call('server.signIn', { url: 'https://recon.district.org' })).toEqual({
      ok: true,
      result: 'reply',
    });
    expect(invoked.at(-1)).toEqual(['recon:desktop', 'server.signIn', { url: 'https://recon.district.org' }]);
    for (const method of ['app.info', 'hasOwnProperty', '__proto__']) {
      expect(await desktop.call(method, {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    }
    expect(invoked.length).toBe(before + 2);
  });

  it('delivers only desktop events from the desktop channel, and contract events never there', () => {
    expect(() => desktop.on('sync.progress', () => {})).toThrow(/Unknown event/);
    const seen: unknown[] = [];
    const off = desktop.on('opening', (payload: unknown) => seen.push(payload));
    channelListeners.get('recon:desktop-event')!({ senderId: 0 }, 'opening', { done: 1, total: 2, secondsLeft: 1 });
    eventListener({ senderId: 0 }, 'opening', { done: 9, total: 9, secondsLeft: null });
    off();
    channelListeners.get('recon:desktop-event')!({ senderId: 0 }, 'opening', null);
    expect(seen).toEqual([{ done: 1, total: 2, secondsLeft: 1 }]);
  });
});
