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

/** Where the link named `name` inside `container` goes. */
const hrefOf = (container: HTMLElement, name: string | RegExp) =>
  within(container).getByRole('link', { name }).getAttribute('href');

describe('Overview', () => {
  it('shows that it is loading while the engine answers', () => {
    useFakeEngine({ 'overview.get': never() });
    renderOverview();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the overview');
  });

  it('empty: one line says nothing needs the bookkeeper, and that every deposit is signed off', async () => {
    useFakeEngine({
      'overview.get': () =>
        make.overview({
          newDeposits: [],
          changesToReview: 0,
          latestChanges: [],
          dailyDeposits: [],
          lastRun: null,
          nextRunAt: null,
          needsYou: make.needsYou(),
          routine: make.routine(),
        }),
    });
    renderOverview();
    const needsYou = await screen.findByRole('region', { name: 'Needs you' });
    expect(needsYou).toHaveTextContent('Nothing needs you');
    expect(within(needsYou).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText(/Every deposit is signed off/)).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Not scheduled')).toBeInTheDocument();
    expect(screen.getByText('No deposits in the chart’s period yet.'.replace('’', "'"))).toBeInTheDocument();
  });

  it('during a sync (the first one above all) never says every deposit is signed off', async () => {
    useFakeEngine({
      'overview.get': () =>
        make.overview({
          newDeposits: [],
          dailyDeposits: [],
          lastRun: make.syncRun({ status: 'running', finishedAt: null }),
          needsYou: make.needsYou(),
          routine: make.routine(),
        }),
    });
    renderOverview();
    expect(await screen.findByText(/A sync is running: its deposits appear here/)).toBeInTheDocument();
    expect(screen.queryByText(/Every deposit is signed off/)).toBeNull();
  });

  it('all routine: nothing needs you, the routine news is one folded line that opens to the deposits', async () => {
    useFakeEngine({
      'overview.get': () =>
        make.overview({
          needsYou: make.needsYou(),
          routine: make.routine({
            deposits: { count: 12, cents: 712345, batches: [make.batch()] },
            changes: [{ kind: 'settled', count: 40 }],
          }),
        }),
    });
    renderOverview();
    expect(await screen.findByText(/Nothing needs you/)).toBeInTheDocument();
    const routine = screen.getByRole('region', { name: 'Routine news' });
    const summary = within(routine).getByText(/new deposits/);
    expect(summary).toHaveTextContent('12 new deposits, all tie out, $7,123.45 · 40 sales settled as expected');
    // Folded until asked for.
    const details = routine.querySelector('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    const table = within(routine).getByRole('table', { name: 'New deposits that tie out' });
    expect(within(table).getByRole('link')).toHaveAttribute('href', '#/batches/B100');
    expect(within(routine).getByText('And 11 more:', { exact: false })).toBeInTheDocument();
    expect(hrefOf(routine, 'Settled: 40 to acknowledge')).toBe('#/changes/settled');
  });

  it('needs action: leads with every action item, most serious first, each a link to its detail', async () => {
    const reversal = (kind: 'refund' | 'return', transactionId: number, amountCents: number) => ({
      changeId: transactionId,
      transactionId,
      kind,
      date: '2026-03-08',
      period: '2026-03',
      seenAt: '2026-03-08T07:31:00.000Z',
      amountCents,
      payeeId: 1,
      payeeName: 'Lincoln High Cafeteria',
      paymentMethod: 'CC' as const,
      batchId: 'B100',
      batchDate: '2026-03-06',
      lines: [],
      exportId: null,
    });
    useFakeEngine({
      'overview.get': () =>
        make.overview({
          needsYou: make.needsYou({
            differs: {
              count: 1,
              cents: 2500,
              batches: [make.batch({ id: 'B101', verdict: 'differs', differenceCents: -2500 })],
            },
            reopened: {
              count: 1,
              cents: 0,
              batches: [make.batch({ id: 'B090', reviewState: 'reopened', reopenReason: 'Transactions changed: 77' })],
            },
            reversals: {
              count: 6,
              totalCents: 9000,
              byKind: {
                refund: { count: 5, cents: 5000 },
                return: { count: 1, cents: 4000 },
                void: { count: 0, cents: 0 },
              },
              latest: [reversal('return', 7001, 4000), reversal('refund', 7002, 1000)],
            },
            attention: [
              { kind: 'declined', count: 2, changeKinds: ['declined', 'first_seen'], transactionIds: [8001, 8002] },
            ],
            bankLines: { unmatched: 3, suggested: 1 },
          }),
          routine: make.routine({ deposits: { count: 12, cents: 712345, batches: [make.batch()] } }),
        }),
    });
    renderOverview();
    const region = await screen.findByRole('region', { name: 'Needs you' });
    const items = within(region)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('needs-you-item'));
    expect(items.map((li) => li.className.replace('needs-you-item needs-you-', ''))).toEqual([
      'differs',
      'reopened',
      'reversals',
      'declined',
      'bank',
    ]);
    expect(items[0]).toHaveTextContent('1 deposit differs · $25.00 off in all');
    expect(hrefOf(items[0]!, '1 deposit differs')).toBe('#/batches/B101');
    expect(items[1]).toHaveTextContent('Transactions changed: 77');
    expect(items[2]).toHaveTextContent(
      '6 reversals since the last review, $90.00 · 5 refunds $50.00 · 1 ACH return $40.00',
    );
    expect(hrefOf(items[2]!, /ACH return \$40\.00 · transaction 7001/)).toBe('#/transactions/7001');
    expect(items[2]).toHaveTextContent('and 4 more');
    expect(hrefOf(items[3]!, '2 declined sales')).toBe('#/changes/declined');
    expect(items[4]).toHaveTextContent('4 bank lines not matched yet · 1 with a suggested deposit');
    expect(region).toHaveTextContent('14 to look at');
    // The routine line says some deposits are not among those that tie out.
    expect(screen.getByText(/12 new deposits tie out, \$7,123\.45/)).toBeInTheDocument();
    // Every action item comes before the routine news in the page.
    const routine = screen.getByRole('region', { name: 'Routine news' });
    expect(region.compareDocumentPosition(routine) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // n opens the most serious item; j moves through the links.
    await userEvent.keyboard('j');
    expect(document.activeElement).toHaveAttribute('href', '#/batches/B101');
    await userEvent.keyboard('n');
    expect(window.location.hash).toBe('#/batches/B101');
  });

  // Issue 25: a fee under $1.00 is stored as sent and shown here as an anomaly (DESIGN.md §4).
  it('anomalies: one item says what they are and opens them in Changes', async () => {
    useFakeEngine({
      'overview.get': () =>
        make.overview({
          needsYou: make.needsYou({
            attention: [{ kind: 'anomaly', count: 3, changeKinds: ['anomaly'], transactionIds: [9001, 9002, 9003] }],
          }),
        }),
    });
    renderOverview();
    const region = await screen.findByRole('region', { name: 'Needs you' });
    const item = within(region)
      .getAllByRole('listitem')
      .find((li) => li.classList.contains('needs-you-anomaly'))!;
    expect(item).toHaveTextContent(
      "3 sales with an anomaly · an unexpected change, or an amount outside the service's rule",
    );
    expect(hrefOf(item, '3 sales with an anomaly')).toBe('#/changes/anomaly');
    expect(hrefOf(item, 'Transaction 9001')).toBe('#/transactions/9001');
  });

  it('draws the chart and tells the last and next sync in Central time', async () => {
    useFakeEngine({ 'overview.get': () => make.overview() });
    renderOverview();
    const chart = await screen.findByRole('img', { name: /Daily deposits by payment method/ });
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
    expect(await screen.findByRole('region', { name: 'Needs you' })).toBeInTheDocument();
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
