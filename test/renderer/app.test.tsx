import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { useFakeEngine, type FakeHandlers } from './helpers/fakeClient';
import { render } from './helpers/render';
import * as make from './helpers/fixtures';

const engineAnswers = (sandbox: boolean): FakeHandlers => ({
  'app.info': () => ({ version: '0.1.0', dataFolder: '/data', sandbox, host: 'web', today: '2026-11-20' }),
  'sync.status': () => ({ running: false, progress: null, lastRun: null, lastSuccessAt: null, nextRunAt: null }),
  'overview.get': () => make.overview(),
  'payees.list': () => [make.payee()],
  'batches.list': () => ({ rows: [make.batch()], nextCursor: null }),
});

describe('App shell', () => {
  it('shows the sandbox badge when the data is demo data', async () => {
    useFakeEngine(engineAnswers(true));
    render(<App />);
    expect(await screen.findByText('Sandbox data')).toBeInTheDocument();
  });

  it('has no sandbox badge on real data', async () => {
    useFakeEngine(engineAnswers(false));
    render(<App />);
    await screen.findByText('v0.1.0');
    expect(screen.queryByText('Sandbox data')).not.toBeInTheDocument();
  });

  it('switches views with number keys and lists every key in the ? overlay', async () => {
    useFakeEngine(engineAnswers(false));
    render(<App />);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    await userEvent.keyboard('2');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Batches', level: 1 })).toBeInTheDocument());
    expect(
      within(screen.getByRole('navigation', { name: 'Views' })).getByRole('link', { name: 'Batches' }),
    ).toHaveAttribute('aria-current', 'page');

    await userEvent.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const key of ['/', 'j / k', 'Enter', 's', 'e', '?', '1', '7']) {
      expect(within(help).getByText(key, { selector: 'kbd' })).toBeInTheDocument();
    }
    // Page shortcuts are held while the overlay is open.
    await userEvent.keyboard('1');
    expect(screen.getByRole('heading', { name: 'Batches', level: 1 })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('moves the focus ring with the number keys when it is on the view list, and lists n', async () => {
    useFakeEngine(engineAnswers(false));
    render(<App />);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Views' });
    within(nav).getByRole('link', { name: 'Overview' }).focus();
    await userEvent.keyboard('4');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Transactions', level: 1 })).toBeInTheDocument());
    expect(within(nav).getByRole('link', { name: 'Transactions' })).toHaveFocus();
    await userEvent.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('n', { selector: 'kbd' })).toBeInTheDocument();
  });

  it('shows a "Syncing" indicator in the header while a sync runs', async () => {
    const engine = useFakeEngine(engineAnswers(false));
    render(<App />);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    act(() =>
      engine.emit('sync.progress', {
        runId: 1,
        phase: 'payees',
        pages: 0,
        rows: 0,
        fraction: 0.05,
        etaSeconds: null,
        message: '',
      }),
    );
    expect(screen.getByText('Syncing…')).toBeInTheDocument();
  });
});
