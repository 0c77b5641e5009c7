import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OverviewView } from '../../../renderer/src/views/overview/OverviewView';
import { fails, never, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

// The provider listens to the engine's sync events, as in the app.
function renderOverview() {
  return render(<OverviewView />);
}

describe('Overview', () => {
  it('shows that it is loading while the engine answers', () => {
    useFakeEngine({ 'overview.get': never() });
    renderOverview();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the overview');
  });

  it('says every deposit is signed off when there are no new deposits', async () => {
    useFakeEngine({
      'overview.get': () =>
        make.overview({
          newDeposits: [],
          changesToReview: 0,
          latestChanges: [],
          dailyDeposits: [],
          lastRun: null,
          nextRunAt: null,
        }),
    });
    renderOverview();
    expect(await screen.findByText('Every deposit is signed off.')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Not scheduled')).toBeInTheDocument();
    expect(screen.getByText('No deposits in the chart’s period yet.'.replace('’', "'"))).toBeInTheDocument();
  });

  it('lists new deposits with money, verdicts and the difference, and draws the chart', async () => {
    useFakeEngine({ 'overview.get': () => make.overview() });
    renderOverview();
    const table = await screen.findByRole('table', { name: 'New deposits since the last sign-off' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // What needs attention comes first.
    expect(rows[1]).toHaveTextContent('Differs');
    expect(rows[1]).toHaveTextContent('($25.00)');
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '#/batches/B101');
    expect(rows[2]).toHaveTextContent('$1,234.56');
    expect(rows[2]).toHaveTextContent('Ties out');
    expect(screen.getByText('6')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Daily deposits by payment method/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    // Central time named on timestamps: 07:31 UTC is 1:31 AM CST.
    expect(screen.getByRole('region', { name: 'Sync' })).toHaveTextContent(
      'Last syncMar 7, 2026, 1:31 AM CT (finished)',
    );
    expect(screen.getByRole('region', { name: 'Sync' })).toHaveTextContent(
      'Next scheduled syncMar 8, 2026, 1:30 AM CT',
    );
  });

  it('shows the engine’s words when the overview cannot be read, and retries', async () => {
    const engine = useFakeEngine({
      'overview.get': fails('STORE', 'The local database could not be read. Restart District Recon.'),
    });
    renderOverview();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The local database could not be read. Restart District Recon.');
    expect(alert.textContent).not.toMatch(/at \w+ \(|Error:/);
    engine.answer({ 'overview.get': () => make.overview() });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('New deposits since the last sign-off')).toBeInTheDocument();
  });

  it('starts a sync, moves the progress bar with engine events, cancels, and refreshes when it finishes', async () => {
    const engine = useFakeEngine({
      'overview.get': () => make.overview(),
      'sync.start': () => ({ runId: 4, alreadyRunning: false }),
      'sync.cancel': () => ({ cancelled: true }),
      'sync.status': () => ({
        running: false,
        progress: null,
        lastRun: make.syncRun(),
        lastSuccessAt: null,
        nextRunAt: null,
      }),
    });
    renderOverview();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(engine.callsOf('sync.start')).toHaveLength(1);
    act(() =>
      engine.emit('sync.progress', {
        runId: 4,
        phase: 'transactions',
        pages: 3,
        rows: 600,
        fraction: 0.4,
        etaSeconds: 12,
        message: 'Day 3 of 7',
      }),
    );
    const bar = screen.getByRole('progressbar', { name: 'Syncing transactions' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    act(() =>
      engine.emit('sync.progress', {
        runId: 4,
        phase: 'batches',
        pages: 9,
        rows: 1800,
        fraction: 0.75,
        etaSeconds: 4,
        message: '',
      }),
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel sync' }));
    expect(engine.callsOf('sync.cancel')).toHaveLength(1);

    const before = engine.callsOf('overview.get').length;
    act(() => engine.emit('sync.finished', make.syncRun({ id: 4, status: 'cancelled' })));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(engine.callsOf('overview.get').length).toBeGreaterThan(before));
  });

  it('shows a failed sync in words where the sync panel is', async () => {
    const engine = useFakeEngine({
      'overview.get': () => make.overview(),
      'sync.start': () => ({ runId: 4, alreadyRunning: false }),
      'sync.status': () => ({ running: false, progress: null, lastRun: null, lastSuccessAt: null, nextRunAt: null }),
    });
    renderOverview();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    act(() =>
      engine.emit(
        'sync.finished',
        make.syncRun({ status: 'failed', error: 'The payment service refused the token. Check Settings.' }),
      ),
    );
    const panel = screen.getByRole('region', { name: 'Sync' });
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'The payment service refused the token. Check Settings.',
    );
  });
});
