/** The desktop window while the store opens (issue 14): counted progress with an estimate, then the views. */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../renderer/src/App';
import { OpeningScreen, openingDetail } from '../../../renderer/src/components/OpeningScreen';
import { useFakeEngine, type FakeHandlers } from '../helpers/fakeClient';
import { clearFakeDesktopHost, useFakeDesktopHost } from '../helpers/fakeDesktopHost';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';
import type { OpeningProgress } from '../../../shared/desktopHost';

afterEach(clearFakeDesktopHost);

const answers: FakeHandlers = {
  'app.info': () => ({ version: '0.1.0', dataFolder: '/data', sandbox: false, host: 'electron', today: '2026-11-20' }),
  'sync.status': () => ({ running: false, progress: null, lastRun: null, lastSuccessAt: null, nextRunAt: null }),
  'overview.get': () => make.overview(),
};

describe('OpeningScreen', () => {
  // Rendered inside the app's data provider, which listens to the engine: a fake one, not the network.
  beforeEach(() => void useFakeEngine());

  it('counts the deposits checked with an estimate, as a progress bar', () => {
    render(<OpeningScreen progress={{ done: 1_200, total: 6_000, secondsLeft: 20 }} />);
    expect(screen.getByRole('heading', { name: 'Opening your data', level: 1 })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Opening your data' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('1,200 of 6,000 deposits checked, about 20 s left')).toBeInTheDocument();
    expect(screen.getByText(/checks each deposit once/)).toBeInTheDocument();
  });

  it('before anything is counted: an indeterminate bar and no numbers', () => {
    render(<OpeningScreen progress={{ done: 0, total: 0, secondsLeft: null }} />);
    const bar = screen.getByRole('progressbar', { name: 'Opening your data' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.queryByText(/deposits checked/)).not.toBeInTheDocument();
  });

  it.each([
    [{ done: 50, total: 6_000, secondsLeft: null }, '50 of 6,000 deposits checked'],
    [{ done: 3_000, total: 6_000, secondsLeft: 240 }, '3,000 of 6,000 deposits checked, about 4 min left'],
    [{ done: 6_000, total: 6_000, secondsLeft: null }, '6,000 of 6,000 deposits checked'],
  ])('words %o as %s', (progress, words) => {
    expect(openingDetail(progress)).toBe(words);
  });
});

describe('the app while the desktop opens its store', () => {
  it('shows the opening in place of the view, follows its steps, then shows the view', async () => {
    useFakeEngine(answers);
    const host = useFakeDesktopHost({ 'opening.status': () => ({ done: 0, total: 0, secondsLeft: null }) });
    render(<App />);
    expect(await screen.findByRole('progressbar', { name: 'Opening your data' })).toBeInTheDocument();
    expect(host.calls.filter((call) => call.method === 'opening.status')).toEqual([
      { method: 'opening.status', args: {} },
    ]);
    act(() => host.emit('opening', { done: 1_200, total: 6_000, secondsLeft: 20 }));
    expect(screen.getByText('1,200 of 6,000 deposits checked, about 20 s left')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Overview', level: 1 })).not.toBeInTheDocument();
    act(() => host.emit('opening', null));
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Opening your data' })).not.toBeInTheDocument();
  });

  it('a page loaded after the store opened goes straight to the view', async () => {
    useFakeEngine(answers);
    useFakeDesktopHost({ 'opening.status': () => null });
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Opening your data')).not.toBeInTheDocument();
  });

  it('an event heard before the status answer wins over the older answer', async () => {
    useFakeEngine(answers);
    let answer!: (progress: OpeningProgress | null) => void;
    const host = useFakeDesktopHost({ 'opening.status': () => new Promise((resolve) => (answer = resolve)) });
    render(<App />);
    act(() => host.emit('opening', { done: 10, total: 20, secondsLeft: 1 }));
    expect(screen.getByText('10 of 20 deposits checked, about 1 s left')).toBeInTheDocument();
    act(() => host.emit('opening', null));
    // The status asked before the open ended still said "opening"; it must not bring the screen back.
    await act(async () => answer({ done: 0, total: 0, secondsLeft: null }));
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Opening your data' })).not.toBeInTheDocument();
  });

  it('in the browser (no desktop host) there is no opening screen', async () => {
    useFakeEngine(answers);
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
  });
});
