import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChangesView } from '../../../renderer/src/views/changes/ChangesView';
import { fails, never, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const feed = () => ({
  rows: [
    make.change({ id: 12 }),
    make.change({
      id: 11,
      kind: 'settled',
      fromStatus: 'Pending',
      toStatus: 'Settled',
      deltaCents: null,
      transactionId: 5002,
    }),
  ],
  nextCursor: null,
  unacknowledged: 2,
});

describe('Changes', () => {
  it('shows loading, then the feed since the last review', async () => {
    const engine = useFakeEngine({ 'changes.list': never() });
    render(<ChangesView />);
    expect(screen.getByText('Loading changes…')).toBeInTheDocument();
    engine.answer({ 'changes.list': feed });
    act(() => engine.emit('data.changed', { scopes: ['changes'] }));
    const grid = await screen.findByRole('grid', { name: 'Changes' });
    const rows = within(grid).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Refunded');
    expect(rows[1]).toHaveTextContent('Settled → Refunded');
    expect(rows[1]).toHaveTextContent('($15.00)');
    expect(screen.getByText('2 waiting for review')).toBeInTheDocument();
    expect(engine.callsOf('changes.list')[0]).toEqual({ unacknowledgedOnly: true, limit: 200 });
  });

  it('says there is nothing to review', async () => {
    useFakeEngine({ 'changes.list': () => ({ rows: [], nextCursor: null, unacknowledged: 0 }) });
    render(<ChangesView />);
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acknowledge all shown…' })).toBeDisabled();
  });

  it('shows the engine’s error in words', async () => {
    useFakeEngine({ 'changes.list': fails('STORE', 'Changes could not be read. Try again.') });
    render(<ChangesView />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Changes could not be read. Try again.');
  });

  it('filters by kind', async () => {
    const engine = useFakeEngine({ 'changes.list': feed });
    render(<ChangesView />);
    await screen.findByRole('grid');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Refunded');
    await waitFor(() =>
      expect(engine.callsOf('changes.list').at(-1)).toEqual({
        kinds: ['refunded'],
        unacknowledgedOnly: true,
        limit: 200,
      }),
    );
  });

  it('acknowledges one change, then all of them after confirming (a key)', async () => {
    const engine = useFakeEngine({ 'changes.list': feed, 'changes.acknowledge': () => ({ acknowledged: 1 }) });
    render(<ChangesView />);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge change 11 of transaction 5002' }));
    await waitFor(() => expect(engine.callsOf('changes.acknowledge')).toEqual([{ ids: [11] }]));
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('a');
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge these changes?' });
    expect(dialog).toHaveTextContent('2 changes will be marked as reviewed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge 2' }));
    await waitFor(() => expect(engine.callsOf('changes.acknowledge').at(-1)).toEqual({ upToId: 12 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the reason when acknowledging fails', async () => {
    useFakeEngine({
      'changes.list': feed,
      'changes.acknowledge': fails('STORE', 'The review could not be saved. Try again.'),
    });
    render(<ChangesView />);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge all shown…' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge 2' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The review could not be saved. Try again.');
  });
});
