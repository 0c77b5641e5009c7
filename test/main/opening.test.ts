/**
 * The first open of a big store (issue 14): the window opens at once and shows how far the opening's
 * checks got, with an estimate, on the page (desktop events) and on the taskbar; contract calls made
 * meanwhile wait for the store. The main process is booted with `electron` mocked over a real store
 * file written without checks, as an older version leaves it.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./helpers/fakeElectron')).fakeElectronModule());

import { appExit, emitApp, fake, FakeBrowserWindow, resetFakeElectron } from './helpers/fakeElectron';
import { trackOpening, STEP_MS } from '../../electron/main/opening';
import type { IpcReply } from '../../electron/main/ipc';
import type { OpeningProgress } from '../../shared/desktopHost';
import { createTestDb } from '../helpers/db';
import { addBatch, seedDistrict } from '../engine/reconcile/fixtures';

type Call = (event: unknown, method: unknown, args?: unknown) => Promise<IpcReply>;
const APP = 'app://district-recon/index.html';
const top = (url: string) => ({ senderFrame: { url, parent: null } });

describe('trackOpening', () => {
  function tracked() {
    let clock = 0;
    const page: Array<OpeningProgress | null> = [];
    const taskbar: number[] = [];
    const opening = trackOpening(
      { page: (progress) => page.push(progress), taskbar: (fraction) => taskbar.push(fraction) },
      () => clock,
    );
    return { opening, page, taskbar, advance: (ms: number) => (clock += ms) };
  }

  it('starts as opening with nothing counted, then counts with an estimate at the rate so far', () => {
    const { opening, page, taskbar, advance } = tracked();
    expect(opening.current()).toEqual({ done: 0, total: 0, secondsLeft: null });
    advance(2_000);
    opening.onOpenProgress(1_200, 6_000);
    // 1,200 in 2 s: the other 4,800 take about 8 s.
    expect(page).toEqual([{ done: 1_200, total: 6_000, secondsLeft: 8 }]);
    expect(taskbar).toEqual([0.2]);
    expect(opening.current()).toEqual({ done: 1_200, total: 6_000, secondsLeft: 8 });
  });

  it('sends a few steps a second, not every slice, but always the last, then clears page and taskbar', () => {
    const { opening, page, taskbar, advance } = tracked();
    advance(10);
    opening.onOpenProgress(50, 200);
    advance(20);
    opening.onOpenProgress(100, 200);
    advance(STEP_MS);
    opening.onOpenProgress(150, 200);
    advance(5);
    opening.onOpenProgress(200, 200);
    expect(page.map((step) => step?.done)).toEqual([50, 150, 200]);
    expect(taskbar).toEqual([0.25, 0.75, 1]);
    opening.finish();
    opening.finish();
    expect(page.at(-1)).toBeNull();
    expect(taskbar.at(-1)).toBe(-1);
    expect(page.filter((step) => step === null)).toHaveLength(1);
    expect(opening.current()).toBeNull();
    // A late report after the end changes nothing.
    opening.onOpenProgress(200, 200);
    expect(page.at(-1)).toBeNull();
  });

  it('an open with nothing to check leaves the taskbar alone', () => {
    const { opening, page, taskbar } = tracked();
    opening.finish();
    expect(page).toEqual([null]);
    expect(taskbar).toEqual([]);
  });
});

describe('the desktop app opening a store that lacks its checks', () => {
  const DEPOSITS = 600;

  it(
    'opens the window first, shows the checks counting up on the page and the taskbar, and answers calls once open',
    { timeout: 90_000 },
    async () => {
      const store = await createTestDb({ file: true });
      await seedDistrict(store.db);
      for (let i = 0; i < DEPOSITS; i++) {
        await addBatch(store.db, {
          id: `9${String(i).padStart(5, '0')}`,
          payeeId: 1,
          date: '2026-03-04',
          transactions: [{ id: 7000 + i, amountCents: 100 + i }],
        });
      }
      await store.close();

      resetFakeElectron();
      fake.userData = store.folder!;
      await import('../../electron/main/index');
      fake.ready();
      await vi.waitFor(() => expect(fake.ipcHandlers.has('recon:desktop')).toBe(true), { interval: 1 });

      const call = fake.ipcHandlers.get('recon:call') as unknown as Call;
      const desktop = fake.ipcHandlers.get('recon:desktop') as unknown as Call;
      // Asked while the store opens: the page learns where the opening is; a contract call waits.
      const early = await desktop(top(APP), 'opening.status', {});
      expect(early).toMatchObject({ ok: true, result: { done: expect.any(Number), total: expect.any(Number) } });
      const info = call(top(APP), 'overview.get', {});

      await vi.waitFor(() => expect(fake.timeline).toContain('send recon:desktop-event opening'), {
        timeout: 60_000,
        interval: 20,
      });
      const window = FakeBrowserWindow.created[0]!;
      await vi.waitFor(
        () => {
          const steps = window.webContents.sent.filter((message) => message.channel === 'recon:desktop-event');
          expect(steps.at(-1)?.args).toEqual(['opening', null]);
        },
        { timeout: 60_000, interval: 20 },
      );

      const steps = window.webContents.sent
        .filter((message) => message.channel === 'recon:desktop-event')
        .map((message) => message.args[1] as OpeningProgress | null);
      const counted = steps.filter((step): step is OpeningProgress => step !== null);
      // The window was loading the app before the first step reached it.
      expect(fake.timeline.indexOf(`load ${APP}`)).toBeLessThan(
        fake.timeline.indexOf('send recon:desktop-event opening'),
      );
      expect(counted.length).toBeGreaterThan(0);
      // Every deposit of the district lacked its checks: the seeded ones and the 600.
      const total = counted[0]!.total;
      expect(total).toBeGreaterThanOrEqual(DEPOSITS);
      expect(counted.every((step) => step.total === total)).toBe(true);
      expect(counted.at(-1)).toMatchObject({ done: total, total });
      expect(counted.map((step) => step.done)).toEqual([...counted.map((step) => step.done)].sort((a, b) => a - b));
      // The taskbar followed it, then its bar was removed.
      expect(window.progressBar.at(-1)).toBe(-1);
      expect(window.progressBar.slice(0, -1).every((fraction) => fraction > 0 && fraction <= 1)).toBe(true);
      expect(window.progressBar.at(-2)).toBe(1);

      // The call made during the opening was answered from the opened store, checks and all.
      const overview = await info;
      expect(overview.ok).toBe(true);
      expect(overview).toMatchObject({ ok: true, result: { routine: { deposits: { count: total } } } });
      expect(await desktop(top(APP), 'opening.status', {})).toEqual({ ok: true, result: null });

      // The desktop channel answers only the app's top frame, and only its own names.
      expect(await desktop(top('https://evil.example/'), 'opening.status', {})).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      });
      expect(await desktop(top(APP), 'app.info', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });

      emitApp('before-quit', { preventDefault() {} });
      await vi.waitFor(() => expect(appExit).toHaveBeenCalledWith(0), { timeout: 30_000 });
    },
  );
});
