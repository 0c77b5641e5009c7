import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BatchesView } from '../../../renderer/src/views/batches/BatchesView';
import { fails, never, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import { expectRowsToShow } from '../helpers/rows';
import * as make from '../helpers/fixtures';

const payees = () => [make.payee(), make.payee({ id: 2, name: 'Band Boosters' })];

describe('Batches list', () => {
  it('shows loading, then the batches with verdicts and money', async () => {
    const engine = useFakeEngine({ 'payees.list': payees, 'batches.list': never() });
    render(<BatchesView itemId={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading batches');
    engine.answer({
      'batches.list': () => ({
        rows: [make.batch(), make.batch({ id: 'B101', verdict: 'differs', differenceCents: 700 })],
        nextCursor: null,
      }),
    });
    act(() => engine.emit('data.changed', { scopes: ['batches'] }));
    const grid = await screen.findByRole('grid', { name: 'Batches' });
    const rows = expectRowsToShow(grid, { 1: ['B100', '$1,234.56', 'Ties out'], 2: ['Differs', '$7.00'] });
    expect(rows[2]).not.toHaveTextContent('+$7.00');
  });

  it('shows a long school name whole: in the cell for screen readers and in its tooltip, wrapped, not cut', async () => {
    const long = 'Thomas Jefferson Science and Technology Magnet High School';
    useFakeEngine({
      'payees.list': payees,
      'batches.list': () => ({ rows: [make.batch({ payeeName: long })], nextCursor: null }),
    });
    render(<BatchesView itemId={null} />);
    const grid = await screen.findByRole('grid', { name: 'Batches' });
    const name = within(grid).getByText(long);
    expect(name).toHaveAttribute('title', long);
    expect(name.classList.contains('cell-wrap')).toBe(true);
    expect(name.closest('[role=gridcell]')).toHaveTextContent(long);
  });

  it('says so when there are no batches, and when the filters match none', async () => {
    const engine = useFakeEngine({ 'payees.list': payees, 'batches.list': () => ({ rows: [], nextCursor: null }) });
    render(<BatchesView itemId={null} />);
    expect(await screen.findByText('No batches yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Tie-out'), 'differs');
    expect(await screen.findByText('No batches match these filters.')).toBeInTheDocument();
    expect(engine.callsOf('batches.list').at(-1)).toMatchObject({ filter: { verdicts: ['differs'] } });
  });

  it('filters by payee, method and Central date range through the engine', async () => {
    const engine = useFakeEngine({
      'payees.list': payees,
      'batches.list': () => ({ rows: [make.batch()], nextCursor: null }),
    });
    render(<BatchesView itemId={null} />);
    await screen.findByRole('grid');
    await userEvent.selectOptions(screen.getByLabelText('Payee'), 'Band Boosters');
    await userEvent.selectOptions(screen.getByLabelText('Method'), 'ACH');
    await userEvent.type(screen.getByLabelText('From (Central)'), '2026-03-01');
    await waitFor(() =>
      expect(engine.callsOf('batches.list').at(-1)).toMatchObject({
        filter: { payeeIds: [2], methods: ['ACH'], from: '2026-03-01' },
      }),
    );
  });

  it('shows the engine’s error where the list would be', async () => {
    useFakeEngine({
      'payees.list': payees,
      'batches.list': fails('STORE', 'The local database is busy. Try again in a moment.'),
    });
    render(<BatchesView itemId={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The local database is busy. Try again in a moment.');
  });

  it('moves with j/k and opens the batch with Enter, keyboard only', async () => {
    useFakeEngine({
      'payees.list': payees,
      'batches.list': () => ({ rows: [make.batch(), make.batch({ id: 'B101' })], nextCursor: null }),
    });
    render(<BatchesView itemId={null} />);
    await screen.findByRole('grid');
    await userEvent.keyboard('jj');
    const rows = screen.getAllByRole('row').slice(1);
    await waitFor(() => expect(rows[1]).toHaveFocus());
    await userEvent.keyboard('k');
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(window.location.hash).toBe('#/batches/B100');
  });

  it('/ focuses the first filter', async () => {
    useFakeEngine({ 'payees.list': payees, 'batches.list': () => ({ rows: [], nextCursor: null }) });
    render(<BatchesView itemId={null} />);
    await screen.findByText('No batches yet.');
    await userEvent.keyboard('/');
    expect(screen.getByLabelText('Payee')).toHaveFocus();
  });
});

describe('Batch detail', () => {
  const differing = () =>
    make.batchDetail({
      batch: make.batch({ id: 'B101', verdict: 'differs', differenceCents: -2500 }),
      checks: [
        make.check({
          name: 'count',
          expectedCents: 12,
          actualCents: 11,
          differenceCents: -1,
          passed: false,
          explanations: [{ kind: 'missing', transactionId: 5009, cents: 2500 }],
        }),
        make.check({
          name: 'total',
          expectedCents: 123456,
          actualCents: 120956,
          differenceCents: -2500,
          passed: false,
          explanations: [{ kind: 'missing', transactionId: 5009, cents: 2500 }],
        }),
      ],
    });

  it('shows loading, then each check with its difference in cents and the transactions that explain it', async () => {
    const engine = useFakeEngine({ 'batches.get': never() });
    render(<BatchesView itemId="B101" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the batch');
    engine.answer({ 'batches.get': differing });
    act(() => engine.emit('data.changed', { scopes: ['batches'] }));
    const checks = await screen.findByRole('region', { name: 'Tie-out checks' });
    const total = within(checks).getByRole('row', { name: /Total vs transactions/ });
    expect(total).toHaveTextContent('$1,234.56');
    expect(total).toHaveTextContent('$1,209.56');
    expect(total).toHaveTextContent('($25.00)');
    expect(total).toHaveTextContent('Fails');
    expect(within(total).getByRole('link', { name: 'Transaction 5009' })).toHaveAttribute(
      'href',
      '#/transactions/5009',
    );
    expect(total).toHaveTextContent('Missing from the batch');
  });

  it('says plainly when the batch does not exist', async () => {
    useFakeEngine({
      'batches.get': fails('NOT_FOUND', 'There is no batch B999 in the local copy. Sync, then try again.'),
    });
    render(<BatchesView itemId="B999" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no batch B999 in the local copy.');
  });

  it('signs off with a note after confirming (s key), and keeps the note when the engine refuses', async () => {
    const engine = useFakeEngine({
      'batches.get': () => make.batchDetail(),
      'batches.signOff': fails('CONFLICT', 'The batch changed while you were looking. Review it again.'),
    });
    render(<BatchesView itemId="B100" />);
    await screen.findByRole('region', { name: 'Tie-out checks' });
    await userEvent.keyboard('s');
    const dialog = screen.getByRole('dialog', { name: 'Sign off batch B100?' });
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Matched to bank deposit 3/7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The batch changed while you were looking.');
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveValue('Matched to bank deposit 3/7');

    const signed = make.batchDetail({
      batch: make.batch({ reviewState: 'signed_off' }),
      history: [
        {
          id: 1,
          batchId: 'B100',
          action: 'sign_off',
          by: 'Pat Reviewer',
          at: '2026-03-07T15:00:00.000Z',
          note: 'Matched to bank deposit 3/7',
          totalCents: 123456,
          feesCents: 3456,
          partialCents: 120000,
          totalCount: 12,
        },
      ],
    });
    engine.answer({ 'batches.signOff': () => signed });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(engine.callsOf('batches.signOff').at(-1)).toEqual({ id: 'B100', note: 'Matched to bank deposit 3/7' });
    const history = screen.getByRole('region', { name: 'Sign-off history' });
    expect(history).toHaveTextContent('Signed off by Pat Reviewer');
    expect(history).toHaveTextContent('Matched to bank deposit 3/7');
    expect(screen.getByRole('button', { name: 'Withdraw sign-off…' })).toBeInTheDocument();
  });

  it('withdraws a sign-off only with a reason', async () => {
    const engine = useFakeEngine({
      'batches.get': () => make.batchDetail({ batch: make.batch({ reviewState: 'signed_off' }) }),
      'batches.unsign': () => make.batchDetail(),
    });
    render(<BatchesView itemId="B100" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw sign-off…' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw sign-off' }));
    expect(engine.callsOf('batches.unsign')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason (required)'), 'Posted to the wrong period');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw sign-off' }));
    await waitFor(() =>
      expect(engine.callsOf('batches.unsign')).toEqual([{ id: 'B100', reason: 'Posted to the wrong period' }]),
    );
  });

  it('shows why a signed-off batch was re-opened', async () => {
    useFakeEngine({
      'batches.get': () =>
        make.batchDetail({
          batch: make.batch({ reviewState: 'reopened', reopenReason: 'Transaction 5001 was refunded after sign-off.' }),
        }),
    });
    render(<BatchesView itemId="B100" />);
    expect(
      await screen.findByText(/Re-opened after sign-off: Transaction 5001 was refunded after sign-off./),
    ).toBeInTheDocument();
  });
});
