import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { hostSchedule } from '../../electron/main/schedule';
import { installCleanShutdown } from '../../electron/main/shutdown';
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState } from '../../electron/main/windowState';

describe('schedule hosting', () => {
  it('starts the schedule, restarts it after every resume, and stops it', async () => {
    const log: string[] = [];
    let started = 0;
    const start = async () => {
      const n = ++started;
      log.push(`start ${n}`);
      return { stop: () => log.push(`stop ${n}`) };
    };
    const power = new EventEmitter();
    const stop = hostSchedule(start, power, () => {});
    power.emit('resume');
    power.emit('resume');
    await vi.waitFor(() => expect(log).toEqual(['start 1', 'stop 1', 'start 2', 'stop 2', 'start 3']));
    stop();
    power.emit('resume');
    await vi.waitFor(() => expect(log.at(-1)).toBe('stop 3'));
    expect(power.listenerCount('resume')).toBe(0);
    expect(started).toBe(3);
  });

  it('reports a schedule that fails to start instead of crashing, and tries again on resume', async () => {
    const errors: unknown[] = [];
    const power = new EventEmitter();
    hostSchedule(
      () => Promise.reject(new Error('database locked')),
      power,
      (e) => errors.push(e),
    );
    power.emit('resume');
    await vi.waitFor(() => expect(errors).toHaveLength(2));
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
    expect(loadWindowState(path, screen)).toEqual({
      bounds: { x: 100, y: 50, width: 1400, height: 900 },
      maximized: true,
    });
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
