/** Issue 30 item 5: the reviewer's name asked at the first sign-off, and signing a list off in a row. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BatchesView } from '../../../renderer/src/views/batches/BatchesView';
import { useFilters } from '../../../renderer/src/state/filters';
import { useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const signed = () => make.batchDetail({ batch: make.batch({ reviewState: 'signed_off' }) });

describe('signing off', () => {
  it('asks the reviewer’s name at the first sign-off on a single-user install, keeps it, then signs', async () => {
    const engine = useFakeEngine({
      'batches.get': () => make.batchDetail(),
      'settings.get': () => make.settings({ reviewerName: '' }),
      'settings.set': (args) => make.settings({ reviewerName: args.patch.reviewerName ?? '' }),
      'batches.signOff': signed,
    });
    render(<BatchesView itemId="B100" />);
    await screen.findByRole('region', { name: 'Tie-out checks' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign off…' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign off batch B100?' });
    const name = await within(dialog).findByLabelText('Your name, as the reviewer');
    expect(name).toHaveFocus();
    // Required: nothing is signed without a name.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    expect(engine.callsOf('batches.signOff')).toHaveLength(0);
    // Enter in the name confirms, as in every dialog.
    await userEvent.type(name, 'Dana Whitfield{Enter}');
    await waitFor(() => expect(engine.callsOf('batches.signOff')).toHaveLength(1));
    expect(engine.callsOf('settings.set')).toEqual([{ patch: { reviewerName: 'Dana Whitfield' } }]);
  });

  it('asks nothing once Settings names the reviewer; Ctrl+Enter in the note confirms', async () => {
    const engine = useFakeEngine({
      'batches.get': () => make.batchDetail(),
      'settings.get': () => make.settings({ reviewerName: 'Pat Reviewer' }),
      'batches.signOff': signed,
    });
    render(<BatchesView itemId="B100" />);
    await screen.findByRole('region', { name: 'Tie-out checks' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign off…' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign off batch B100?' });
    expect(within(dialog).queryByLabelText('Your name, as the reviewer')).not.toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByLabelText('Note (optional)'),
      'Bank 3/7{Enter}line two{Control>}{Enter}{/Control}',
    );
    await waitFor(() =>
      expect(engine.callsOf('batches.signOff')).toEqual([{ id: 'B100', note: 'Bank 3/7\nline two' }]),
    );
  });

  it('working down the Not signed off list, a sign-off opens the next deposit of it', async () => {
    act(() => useFilters.getState().set('batches', { notSignedOff: true, verdicts: ['ties_out'] }));
    const engine = useFakeEngine({
      'batches.get': () => make.batchDetail(),
      'settings.get': () => make.settings({ reviewerName: 'Pat Reviewer' }),
      'batches.signOff': signed,
      'batches.list': () => ({ rows: [make.batch({ id: 'B099' })], nextCursor: null }),
    });
    render(<BatchesView itemId="B100" />);
    await screen.findByRole('region', { name: 'Tie-out checks' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign off…' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign off batch B100?' });
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Then open the next deposit not signed off' })
        .checked,
    ).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    await waitFor(() => expect(window.location.hash).toBe('#/batches/B099'));
    expect(engine.callsOf('batches.list').at(-1)).toEqual({
      filter: { notSignedOff: true, verdicts: ['ties_out'] },
      limit: 2,
    });
  });
});
