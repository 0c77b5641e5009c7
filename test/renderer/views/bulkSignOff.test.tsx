import { screen, waitFor, within } from '@testing-library/react';
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
          make.batch({ id: 'B1', totalCents: 1000 }),
          make.batch({ id: 'B2', totalCents: 2000 }),
          make.batch({ id: 'B3', verdict: 'differs', differenceCents: 100 }),
        ],
        nextCursor: null,
      }),
      'batches.signOffMany': () => ({
        signed: ['B1'],
        signedCents: 1000,
        left: [{ id: 'B2', reason: 'Batch B2 changed since you opened it. Review it again, then sign off.' }],
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
    expect(engine.callsOf('batches.signOffMany')[0]).toEqual({ deposits: [{ id: 'B1' }, { id: 'B2' }] });
    expect(await screen.findByRole('list', { name: 'Deposits left' })).toHaveTextContent('Batch B2 changed since');
  });
});
