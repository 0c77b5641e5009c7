import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BatchesView } from '../../../renderer/src/views/batches/BatchesView';
import { useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

describe('bulk sign-off (issue 30 item 5)', () => {
  it('with "Not signed off", signs off the listed deposits that tie out after one confirmation, naming those left', async () => {
    const engine = useFakeEngine({
      'payees.list': () => [make.payee()],
      'batches.list': () => ({
        rows: [
          make.batch({ id: 'B1', totalCents: 1000, revision: '1111111111111111' }),
          make.batch({ id: 'B2', totalCents: 2000, revision: '2222222222222222' }),
          make.batch({ id: 'B3', verdict: 'differs', differenceCents: 100 }),
        ],
        nextCursor: null,
      }),
      'batches.signOffMany': () => ({
        signed: ['B1'],
        signedCents: 1000,
        left: [
          {
            id: 'B2',
            school: 'Lincoln High Cafeteria',
            date: '2026-03-06',
            reason:
              'Lincoln High Cafeteria, the 03/06/2026 deposit (B2) changed after it was listed (it still ties out). Open it, review it, then sign it off.',
          },
        ],
      }),
    });
    render(<BatchesView itemId={null} />);
    await screen.findByRole('grid', { name: 'Batches' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Not signed off' }));
    await waitFor(() =>
      expect(engine.callsOf('batches.list').at(-1)).toMatchObject({ filter: { notSignedOff: true } }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign off the 2 listed that tie out…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign off these deposits' });
    expect(dialog).toHaveTextContent('Sign off 2 deposits, $30.00 in all?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off 2' }));
    await waitFor(() => expect(engine.callsOf('batches.signOffMany')).toHaveLength(1));
    // Each deposit goes with the revision of its checks as listed: the engine's guard for each.
    expect(engine.callsOf('batches.signOffMany')[0]).toEqual({
      deposits: [
        { id: 'B1', revision: '1111111111111111' },
        { id: 'B2', revision: '2222222222222222' },
      ],
    });
    expect(await screen.findByRole('list', { name: 'Deposits left' })).toHaveTextContent(
      'Lincoln High Cafeteria, the 03/06/2026 deposit (B2) changed after it was listed',
    );
  });

  it('sends the revisions the confirmation showed, even when the list is refreshed under it', async () => {
    const listed = (b2Revision: string) => ({
      rows: [
        make.batch({ id: 'B1', totalCents: 1000, revision: '1111111111111111' }),
        make.batch({ id: 'B2', totalCents: 2000, revision: b2Revision }),
      ],
      nextCursor: null,
    });
    const engine = useFakeEngine({
      'payees.list': () => [make.payee()],
      'batches.list': () => listed('2222222222222222'),
      'batches.signOffMany': () => ({ signed: ['B1', 'B2'], signedCents: 3000, left: [] }),
    });
    render(<BatchesView itemId={null} />);
    await screen.findByRole('grid', { name: 'Batches' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Not signed off' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign off the 2 listed that tie out…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign off these deposits' });

    // A sync re-checks B2 while the confirmation is open: the list is read again with its new revision.
    const reads = engine.callsOf('batches.list').length;
    engine.answer({ 'batches.list': () => listed('9999999999999999') });
    act(() => engine.emit('data.changed', { scopes: ['batches'] }));
    await waitFor(() => expect(engine.callsOf('batches.list').length).toBeGreaterThan(reads));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off 2' }));
    await waitFor(() => expect(engine.callsOf('batches.signOffMany')).toHaveLength(1));
    expect(engine.callsOf('batches.signOffMany')[0]).toEqual({
      deposits: [
        { id: 'B1', revision: '1111111111111111' },
        { id: 'B2', revision: '2222222222222222' },
      ],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Signed off 2, $30.00.');
  });

  it('leaves out of the selection a listed deposit whose checks were never computed (no revision)', async () => {
    const engine = useFakeEngine({
      'payees.list': () => [make.payee()],
      'batches.list': () => ({
        rows: [
          make.batch({ id: 'B1', totalCents: 1000, revision: '1111111111111111' }),
          make.batch({ id: 'B2', totalCents: 2000, revision: null }),
        ],
        nextCursor: null,
      }),
      'batches.signOffMany': () => ({ signed: ['B1'], signedCents: 1000, left: [] }),
    });
    render(<BatchesView itemId={null} />);
    await screen.findByRole('grid', { name: 'Batches' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Not signed off' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign off the 1 listed that tie out…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign off these deposits' });
    expect(dialog).toHaveTextContent('Sign off 1 deposit, $10.00 in all?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off 1' }));
    await waitFor(() => expect(engine.callsOf('batches.signOffMany')).toHaveLength(1));
    expect(engine.callsOf('batches.signOffMany')[0]).toEqual({
      deposits: [{ id: 'B1', revision: '1111111111111111' }],
    });
  });
});
