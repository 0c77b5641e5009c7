import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DistrictStatus, MonthStatus } from '../../../shared/contract';
import { DistrictView } from '../../../renderer/src/views/district/DistrictView';
import { MonthView } from '../../../renderer/src/views/month/MonthView';
import { fails, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const figures = {
  deposits: 12,
  signedOff: 10,
  bankMatched: 11,
  inTransit: 1,
  depositCents: 1_234_500,
  bankMatchedCents: 1_200_000,
  inTransitCents: 34_500,
  differenceCents: 0,
  pendingApprovals: 0,
};

function monthStatus(overrides: Partial<MonthStatus> = {}): MonthStatus {
  return make.monthStatus({
    checklist: [
      {
        item: 'deposits_signed_off',
        title: 'Every deposit signed off (one that differs, with its difference explained)',
        met: false,
        open: 7,
        firstOpen: [
          { label: 'Deposit 730001 of 10/02/2026: not signed off', link: { view: 'batches', itemId: '730001' } },
          { label: 'Deposit 730003 of 10/03/2026: not signed off', link: { view: 'batches', itemId: '730003' } },
        ],
      },
      {
        item: 'suggestions_decided',
        title: "Every suggested bank line of the school's deposits decided",
        met: false,
        open: 1,
        firstOpen: [
          { label: 'Bank line of 10/06/2026 ($40.00): suggested, not decided', link: { view: 'bank', itemId: '77' } },
        ],
      },
      { item: 'no_unknown_writes', title: 'No refund, void or collection in doubt', met: true, open: 0, firstOpen: [] },
    ],
    figures,
    daysPastDeadline: 3,
    ...overrides,
  });
}

describe('the Month view', () => {
  beforeEach(() => {
    window.location.hash = '#/month/1?month=2026-10';
  });

  it('puts the checklist first, each open thing a link to where it is fixed', async () => {
    const engine = useFakeEngine({
      'payees.list': () => [make.payee({ id: 1, name: 'Lincoln High Athletics' })],
      'month.status': () => monthStatus(),
    });
    render(<MonthView itemId="1" />);
    const checklist = await screen.findByRole('heading', { name: /Checklist: Open \(2 items open\)/ });
    const panel = checklist.closest('section')!;
    expect(within(panel).getByRole('link', { name: 'Deposit 730001 of 10/02/2026: not signed off' })).toHaveAttribute(
      'href',
      '#/batches/730001',
    );
    expect(within(panel).getByRole('link', { name: /Bank line of 10\/06\/2026/ })).toHaveAttribute('href', '#/bank/77');
    expect(panel).toHaveTextContent('and 5 more');
    expect(panel).toHaveTextContent('No refund, void or collection in doubt (done)');
    expect(engine.callsOf('month.status').at(-1)).toEqual({ month: '2026-10', payeeId: 1 });
    // Open: closing is offered but cannot be pressed.
    expect(screen.getByRole('button', { name: 'Close the month' })).toBeDisabled();
  });

  it('closes a ready month, and shows the refusal in the engine words', async () => {
    const engine = useFakeEngine({
      'payees.list': () => [make.payee({ id: 1 })],
      'month.status': () => monthStatus({ state: 'ready', checklist: [] }),
      'month.close': fails('CONFLICT', 'Cannot close 2026-10 of Lincoln High Athletics: 1 checklist item is open.'),
    });
    render(<MonthView itemId="1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Close the month' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot close 2026-10 of Lincoln High Athletics');
    expect(engine.callsOf('month.close')).toEqual([{ month: '2026-10', payeeId: 1 }]);
  });

  it('drops the preparer\'s "Submitted" banner once an approver elsewhere has closed the month', async () => {
    let current = monthStatus({ state: 'ready', checklist: [] });
    const engine = useFakeEngine({
      'payees.list': () => [make.payee({ id: 1 })],
      'month.status': () => current,
      'month.submit': () => {
        current = monthStatus({ state: 'submitted', checklist: [], submittedBy: 'ben' });
        return current;
      },
    });
    render(<MonthView itemId="1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit for approval' }));
    // As the engine does after every write: month.submit changes 'month'.
    act(() => engine.emit('data.changed', { scopes: ['month'] }));
    await screen.findByRole('heading', { name: 'Checklist: Submitted' });
    expect(screen.getByText('Submitted for an approver to close.')).toBeInTheDocument();
    // Ana closes it in her own browser; the engine tells every page the month changed.
    current = monthStatus({
      state: 'closed',
      checklist: [],
      submittedBy: 'ben',
      closedBy: 'ana',
      closedAt: '2026-11-10T15:00:00.000Z',
    });
    act(() => engine.emit('data.changed', { scopes: ['month'] }));
    await screen.findByRole('heading', { name: 'Checklist: Closed' });
    expect(screen.getByText('Closed by ana, submitted by ben.')).toBeInTheDocument();
    expect(screen.queryByText('Submitted for an approver to close.')).toBeNull();
  });

  it('re-opens a closed month only with a reason', async () => {
    const engine = useFakeEngine({
      'payees.list': () => [make.payee({ id: 1 })],
      'month.status': () =>
        monthStatus({
          state: 'closed',
          checklist: [],
          closedBy: 'carol',
          closedAt: '2026-11-10T15:00:00.000Z',
          selfApproved: true,
        }),
      'month.reopen': () => monthStatus({ state: 'ready', checklist: [] }),
    });
    render(<MonthView itemId="1" />);
    expect(await screen.findByText(/Closed by carol \(self-approved/)).toBeInTheDocument();
    const reopen = screen.getByRole('button', { name: 'Re-open' });
    expect(reopen).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Why re-open it'), 'A late deposit slip');
    await userEvent.click(reopen);
    await waitFor(() =>
      expect(engine.callsOf('month.reopen')).toEqual([{ month: '2026-10', payeeId: 1, reason: 'A late deposit slip' }]),
    );
  });
});

describe('the District view', () => {
  beforeEach(() => {
    window.location.hash = '#/month?month=2026-10';
  });

  it('lists the schools most behind first, each a link to its month', async () => {
    const district: DistrictStatus = {
      month: '2026-10',
      deadline: '2026-11-15',
      rows: [
        {
          ...figures,
          payeeId: 2,
          payeeName: 'Food Services',
          state: 'open',
          daysPastDeadline: 3,
          openItems: 2,
          closedBy: null,
        },
        {
          ...figures,
          payeeId: 1,
          payeeName: 'Lincoln High Athletics',
          state: 'closed',
          daysPastDeadline: 0,
          openItems: 0,
          closedBy: 'carol',
        },
      ],
      district: {
        item: 'district_lines_decided',
        title: 'Bank lines that belong to no school matched or explained',
        met: true,
        open: 0,
        firstOpen: [],
      },
    };
    const engine = useFakeEngine({ 'month.district': () => district });
    render(<DistrictView />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Food ServicesOpen3');
    expect(within(rows[1]!).getByRole('link', { name: 'Food Services' })).toHaveAttribute(
      'href',
      '#/month/2?month=2026-10',
    );
    expect(rows[2]).toHaveTextContent('Lincoln High AthleticsClosed0');
    expect(screen.getByText(/1 of 2 schools closed/)).toBeInTheDocument();
    expect(engine.callsOf('month.district')).toEqual([{ month: '2026-10' }]);
  });

  it("opens on the month before the engine's today, not the browser's", async () => {
    window.location.hash = '#/month';
    // The engine's clock (a district server's, or a test's) is in March 2026, whatever the browser's date.
    const engine = useFakeEngine({
      'app.info': () => ({ version: '0.1.0', dataFolder: null, sandbox: true, host: 'web', today: '2026-03-12' }),
      'month.district': ({ month }) => ({
        month,
        deadline: '2026-03-15',
        rows: [],
        district: {
          item: 'district_lines_decided',
          title: 'Bank lines of no school',
          met: true,
          open: 0,
          firstOpen: [],
        },
      }),
    });
    render(<DistrictView />);
    await waitFor(() => expect(screen.getByLabelText('Month')).toHaveValue('2026-02'));
    await waitFor(() => expect(engine.callsOf('month.district')).toEqual([{ month: '2026-02' }]));
    expect(await screen.findByText(/0 of 0 schools closed/)).toBeInTheDocument();
  });
});

describe("the Month view's default month", () => {
  it("is the month before the engine's today", async () => {
    window.location.hash = '#/month/1';
    const engine = useFakeEngine({
      'app.info': () => ({ version: '0.1.0', dataFolder: null, sandbox: true, host: 'web', today: '2026-01-05' }),
      'payees.list': () => [make.payee({ id: 1 })],
      'month.status': ({ month }) => monthStatus({ month }),
    });
    render(<MonthView itemId="1" />);
    await screen.findByRole('heading', { name: /Checklist: Open/ });
    expect(screen.getByLabelText('Month', { selector: 'input' })).toHaveValue('2025-12');
    expect(engine.callsOf('month.status')).toEqual([{ month: '2025-12', payeeId: 1 }]);
  });
});
