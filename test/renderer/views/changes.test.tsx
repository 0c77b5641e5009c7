import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChangeGroup, ChangeKind } from '../../../shared/domain';
import { ChangesView } from '../../../renderer/src/views/changes/ChangesView';
import { useFilters } from '../../../renderer/src/state/filters';
import { fails, never, useFakeEngine, type FakeHandlers } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import { itShowsTheEnginesError } from '../helpers/sharedCases';
import * as make from '../helpers/fixtures';

const refunded = make.change({ id: 12 });
const settled = make.change({
  id: 11,
  kind: 'settled',
  fromStatus: 'Pending',
  toStatus: 'Settled',
  deltaCents: null,
  transactionId: 5002,
  batchId: 'B200',
});

const GROUPS: ChangeGroup[] = [
  { kind: 'refunded', count: 1, newestId: 12, action: true },
  { kind: 'settled', count: 40, newestId: 11, action: false },
];

/** changes.list answers each kind with its own rows, everything with both. */
function list(args: { kinds?: ChangeKind[] }) {
  const rows = [refunded, settled].filter((c) => !args.kinds || args.kinds.includes(c.kind));
  return { rows, nextCursor: null, unacknowledged: 41 };
}

/** The engine with the two groups and their changes; `acknowledge` answers changes.acknowledge. */
const withGroups = (acknowledge?: FakeHandlers['changes.acknowledge']) =>
  useFakeEngine({ 'changes.groups': () => GROUPS, 'changes.list': list, 'changes.acknowledge': acknowledge });

describe('Changes', () => {
  it('shows loading, then the groups: action kinds open first, routine kinds folded', async () => {
    const engine = useFakeEngine({ 'changes.groups': never(), 'changes.list': list });
    render(<ChangesView />);
    expect(screen.getByText('Loading changes…')).toBeInTheDocument();
    engine.answer({ 'changes.groups': () => GROUPS });
    act(() => engine.emit('data.changed', { scopes: ['changes'] }));
    const action = await screen.findByRole('region', { name: 'Needs a look' });
    const routine = screen.getByRole('region', { name: 'Routine' });
    expect(action.compareDocumentPosition(routine) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(action).getByRole('button', { name: 'Refunded 1 change' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(routine).getByRole('button', { name: 'Settled 40 changes' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const grid = await within(action).findByRole('grid', { name: 'Refunded changes' });
    const rows = within(grid).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Settled → Refunded');
    expect(rows[1]).toHaveTextContent('($15.00)');
    expect(screen.getByText('41 waiting for review')).toBeInTheDocument();
    expect(engine.callsOf('changes.list')).toEqual([{ kinds: ['refunded'], unacknowledgedOnly: true, limit: 200 }]);
  });

  it('links each change to its transaction and its deposit', async () => {
    withGroups();
    render(<ChangesView />);
    const grid = await screen.findByRole('grid', { name: 'Refunded changes' });
    expect(within(grid).getByRole('link', { name: 'Transaction 5001' })).toHaveAttribute('href', '#/transactions/5001');
    const deposit = within(grid).getByRole('link', { name: 'Deposit B100 of transaction 5001' });
    expect(deposit).toHaveAttribute('href', '#/batches/B100');
    // The deposit link goes to the deposit, not to the row's transaction.
    await userEvent.click(deposit);
    expect(window.location.hash).toBe('#/batches/B100');
  });

  it('acknowledges a whole group with its count in the confirmation, as far as that count', async () => {
    const engine = withGroups(() => ({ acknowledged: 40 }));
    render(<ChangesView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge 40 settled…' }));
    const dialog = screen.getByRole('dialog', { name: 'Acknowledge this group?' });
    expect(dialog).toHaveTextContent('40 “Settled” changes will be marked as reviewed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge 40' }));
    await waitFor(() => expect(engine.callsOf('changes.acknowledge')).toEqual([{ kinds: ['settled'], upToId: 11 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the group a link named (#/changes/settled), even a routine one', async () => {
    withGroups();
    render(<ChangesView focus="settled" />);
    const toggle = await screen.findByRole('button', { name: 'Settled 40 changes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveFocus();
    expect(await screen.findByRole('grid', { name: 'Settled changes' })).toBeInTheDocument();
  });

  it('says there is nothing to review', async () => {
    useFakeEngine({ 'changes.groups': () => [], 'changes.list': list });
    render(<ChangesView />);
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acknowledge all shown…' })).toBeDisabled();
  });

  itShowsTheEnginesError(() => <ChangesView />, 'changes.groups', 'Changes could not be read. Try again.');

  it('lists one kind as a flat feed when chosen, and acknowledges one change, then that kind (a key)', async () => {
    const engine = withGroups(() => ({ acknowledged: 1 }));
    render(<ChangesView />);
    await screen.findByRole('region', { name: 'Needs a look' });
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Settled');
    const grid = await screen.findByRole('grid', { name: 'Changes' });
    await waitFor(() =>
      expect(engine.callsOf('changes.list').at(-1)).toEqual({
        kinds: ['settled'],
        unacknowledgedOnly: true,
        limit: 200,
      }),
    );
    await userEvent.click(within(grid).getByRole('button', { name: 'Acknowledge change 11 of transaction 5002' }));
    await waitFor(() => expect(engine.callsOf('changes.acknowledge')).toEqual([{ ids: [11] }]));
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('a');
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge these changes?' });
    expect(dialog).toHaveTextContent('40 changes of kind “Settled” will be marked as reviewed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge 40' }));
    await waitFor(() =>
      expect(engine.callsOf('changes.acknowledge').at(-1)).toEqual({ kinds: ['settled'], upToId: 11 }),
    );
    act(() => useFilters.getState().set('changes', { kinds: [] }));
  });

  it('keeps the dialog open with the reason when acknowledging everything fails', async () => {
    withGroups(fails('STORE', 'The review could not be saved. Try again.'));
    render(<ChangesView />);
    await screen.findByRole('region', { name: 'Needs a look' });
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge all shown…' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge 41' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The review could not be saved. Try again.');
  });

  it('lists the first sync’s reversals apart, with the Overview’s count, and never acknowledges them with the rest', async () => {
    const baseline = make.change({ id: 3, transactionId: 4001, batchId: 'B050' });
    const acknowledge = () => ({ acknowledged: 41 });
    const engine = useFakeEngine({
      'changes.groups': () => GROUPS,
      'changes.list': (args) =>
        args.beforeDistrictRecon ? { rows: [baseline], nextCursor: null, unacknowledged: 1 } : list(args),
      'changes.acknowledge': acknowledge,
      'overview.get': () =>
        make.overview({
          needsYou: make.needsYou({
            reversals: { ...make.needsYou().reversals, count: 1, beforeDistrictRecon: 628 },
          }),
        }),
    });
    render(<ChangesView />);
    const apart = await screen.findByRole('region', { name: 'Before District Recon' });
    const toggle = within(apart).getByRole('button', { name: '628 refunds and returns found by the first sync' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The count waiting for review is the groups' (41), not 41 + 628.
    expect(screen.getByText('41 waiting for review')).toBeInTheDocument();
    expect(within(apart).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    const grid = await within(apart).findByRole('grid', { name: 'Changes before District Recon' });
    expect(within(grid).getByRole('link', { name: 'Transaction 4001' })).toBeInTheDocument();
    expect(engine.callsOf('changes.list')).toContainEqual({
      beforeDistrictRecon: true,
      unacknowledgedOnly: true,
      limit: 200,
    });
    // Acknowledging all shown goes up to the newest change counted; the engine leaves the baseline out of it.
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge all shown…' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Acknowledge 41' }));
    await waitFor(() => expect(engine.callsOf('changes.acknowledge')).toEqual([{ upToId: 12 }]));
  });
});
