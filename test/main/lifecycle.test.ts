import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { hostSchedule } from '../../electron/main/schedule';
import { installCleanShutdown } from '../../electron/main/shutdown';
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState } from '../../electron/main/windowState';

describe('schedule hosting', () => {
  it('starts the schedule, catches up at start-up and again after every resume, and stops', async () => {
    const log: string[] = [];
    const schedule = {
      start: () => log.push('start'),
      stop: () => log.push('stop'),
      catchUp: async () => log.push('catchUp'),
    };
    const power = new EventEmitter();
    const stop = hostSchedule(schedule, power, () => {});
    expect(log).toEqual(['start', 'catchUp']);
    power.emit('resume');
    expect(log).toEqual(['start', 'catchUp', 'stop', 'start', 'catchUp']);
    stop();
    power.emit('resume');
    expect(log.at(-1)).toBe('stop');
    expect(power.listenerCount('resume')).toBe(0);
  });

  it('reports a catch-up that fails instead of crashing', async () => {
    const errors: unknown[] = [];
    hostSchedule({ start() {}, stop() {}, catchUp: () => Promise.reject(new Error('offline')) }, new EventEmitter(), (e) => errors.push(e));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
  });
});

describe('clean shutdown', () => {
  function fakeApp() {
    const emitter = new EventEmitter();
    return { on: emitter.on.bind(emitter), emitter, exit: vi.fn() };
  }

  it('holds the quit until close() finishes, then exits once', async () => {
    const app = fakeApp();
    let finish!: () => void;
    const close = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    installCleanShutdown(app, close);
    const first = { preventDefault: vi.fn() };
    app.emitter.emit('before-quit', first);
    app.emitter.emit('before-quit', { preventDefault: vi.fn() });
    expect(first.preventDefault).toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(app.exit).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(0));
    expect(app.exit).toHaveBeenCalledTimes(1);
  });

  it('exits after the timeout when close() hangs', async () => {
    const app = fakeApp();
    installCleanShutdown(app, () => new Promise<void>(() => {}), { timeoutMs: 20 });
    app.emitter.emit('before-quit', { preventDefault() {} });
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(0));
  });
});

describe('window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  const file = () => join(mkdtempSync(join(tmpdir(), 'recon-ws-')), 'window-state.json');

  it('remembers size, position and maximised', () => {
    const path = file();
    saveWindowState(path, { bounds: { x: 100, y: 50, width: 1400.4, height: 900 }, maximized: true });
    expect(loadWindowState(path, screen)).toEqual({ bounds: { x: 100, y: 50, width: 1400, height: 900 }, maximized: true });
  });

  it('starts centred (no x/y) when the saved place is on a monitor no longer attached', () => {
    const path = file();
    saveWindowState(path, { bounds: { x: 3000, y: 0, width: 1200, height: 800 }, maximized: false });
    expect(loadWindowState(path, screen)).toEqual({ bounds: { width: 1200, height: 800 }, maximized: false });
  });

  it('falls back to the default for a missing or damaged file', () => {
    const path = file();
    expect(loadWindowState(path, screen)).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(path, '{"bounds":{"x":"a"}}');
    expect(loadWindowState(path, screen)).toEqual(DEFAULT_WINDOW_STATE);
    expect(readFileSync(path, 'utf8')).toContain('"a"');
  });
});
