/**
 * Four eyes in a deposit's detail (docs/team-mode.md "Roles"): a preparer marks it prepared, the
 * detail says who did, and with a separate approver required the Sign off button says why it waits.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contractRoles';
import type { Preparation } from '../../../shared/domain';
import { KeyboardHelp } from '../../../renderer/src/components/KeyboardHelp';
import { BatchesView } from '../../../renderer/src/views/batches/BatchesView';
import { fails, useFakeEngine, type FakeHandlers } from '../helpers/fakeClient';
import { useFakeTeamSession } from '../helpers/fakeTeamSession';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const signedInAs = (name: string, role: Role) => useFakeTeamSession({ name, role });
const prepared = (by: string, note: string | null = null): Preparation => ({
  by,
  at: '2026-03-07T15:00:00.000Z',
  note,
});

/** The words a disabled button points to with aria-describedby. */
const reasonOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

async function openBatch(handlers: FakeHandlers, separateApprover = true) {
  const engine = useFakeEngine({
    'settings.get': () => make.settings({ requireSeparateApprover: separateApprover }),
    ...handlers,
  });
  render(<BatchesView itemId="B100" />);
  await screen.findByRole('region', { name: 'Tie-out checks' });
  return engine;
}

describe('marking a deposit prepared', () => {
  it('a preparer marks it with a note (p key); a refusal is one line in the dialog, the note kept', async () => {
    signedInAs('Ben Ito', 'preparer');
    const engine = await openBatch({
      'batches.get': () => make.batchDetail(),
      'batches.prepare': fails('CONFLICT', 'Batch B100 is already signed off by Pat; there is nothing to prepare.'),
    });
    await screen.findByRole('button', { name: 'Mark prepared…' });
    expect(screen.queryByTestId('prepared-line')).not.toBeInTheDocument();
    await userEvent.keyboard('p');
    const dialog = screen.getByRole('dialog', { name: 'Mark batch B100 prepared?' });
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Slip matches');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark prepared' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Batch B100 is already signed off by Pat; there is nothing to prepare.');
    expect(alert.textContent).not.toContain('\n');
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveValue('Slip matches');

    engine.answer({ 'batches.prepare': () => make.batchDetail({ preparation: prepared('Ben Ito', 'Slip matches') }) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark prepared' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(engine.callsOf('batches.prepare').at(-1)).toEqual({ id: 'B100', note: 'Slip matches' });
    expect(screen.getByTestId('prepared-line')).toHaveTextContent(
      /^Prepared by Ben Ito on Mar 7, 2026.* \(Slip matches\)$/,
    );
    expect(screen.queryByRole('button', { name: 'Mark prepared…' })).not.toBeInTheDocument();
    // Prepared already: the key does nothing more.
    await userEvent.keyboard('p');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered to a viewer, nor once the deposit is signed off', async () => {
    signedInAs('Val Viewer', 'viewer');
    await openBatch({ 'batches.get': () => make.batchDetail() });
    await screen.findByText(/^Sign-off: Needs an approver/);
    expect(screen.queryByRole('button', { name: 'Mark prepared…' })).not.toBeInTheDocument();
    await userEvent.keyboard('p');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered on a signed-off deposit, which still says who prepared it', async () => {
    signedInAs('Pat Approver', 'approver');
    await openBatch({
      'batches.get': () =>
        make.batchDetail({ batch: make.batch({ reviewState: 'signed_off' }), preparation: prepared('Ben Ito') }),
    });
    await screen.findByRole('button', { name: 'Withdraw sign-off…' });
    expect(screen.getByTestId('prepared-line')).toHaveTextContent(/^Prepared by Ben Ito on Mar 7, 2026[^(]*$/);
    expect(screen.queryByRole('button', { name: 'Mark prepared…' })).not.toBeInTheDocument();
  });

  it('is listed among the keyboard shortcuts', () => {
    useFakeEngine({});
    render(<KeyboardHelp open onClose={() => undefined} />);
    const row = screen.getByRole('row', { name: /Mark the open batch prepared/ });
    expect(within(row).getByText('p')).toBeInTheDocument();
  });
});

describe('sign-off when the district requires a separate approver', () => {
  it('without a preparation, the Sign off button is disabled and says why; s opens nothing', async () => {
    signedInAs('Pat Approver', 'approver');
    await openBatch({ 'batches.get': () => make.batchDetail() });
    const button = await screen.findByRole('button', { name: 'Sign off…' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(reasonOf(button)).toMatch(/^Not prepared yet\. This district requires a preparer/);
    await userEvent.keyboard('s');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // An approver may prepare, for someone else to sign off.
    expect(screen.getByRole('button', { name: 'Mark prepared…' })).not.toBeDisabled();
  });

  it('the preparer cannot sign off what they prepared, whatever the case of the name', async () => {
    signedInAs('Pat Approver', 'approver');
    await openBatch({ 'batches.get': () => make.batchDetail({ preparation: prepared('pat approver') }) });
    const button = await screen.findByRole('button', { name: 'Sign off…' });
    await waitFor(() =>
      expect(reasonOf(button)).toBe(
        'You prepared this deposit. This district requires a different approver to sign it off.',
      ),
    );
    expect(button).toBeDisabled();
  });

  it('another approver signs off what someone else prepared', async () => {
    signedInAs('Ria Approver', 'approver');
    await openBatch({ 'batches.get': () => make.batchDetail({ preparation: prepared('Pat Approver', 'ok') }) });
    await screen.findByTestId('prepared-line');
    await userEvent.keyboard('s');
    expect(await screen.findByRole('dialog', { name: 'Sign off batch B100?' })).toBeInTheDocument();
    expect(screen.queryByText(/This district requires/)).not.toBeInTheDocument();
  });

  it('on single-user data the reviewer named in Settings is the one who prepared', async () => {
    useFakeTeamSession(null);
    await openBatch({
      'settings.get': () => make.settings({ requireSeparateApprover: true, reviewerName: 'Dana Ortiz' }),
      'batches.get': () => make.batchDetail({ preparation: prepared('Dana Ortiz') }),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign off…' })).toBeDisabled());
    expect(screen.getByText(/^You prepared this deposit/)).toBeInTheDocument();
  });

  it('with the setting off, nothing waits for a preparation', async () => {
    signedInAs('Pat Approver', 'approver');
    const engine = await openBatch({ 'batches.get': () => make.batchDetail() }, false);
    await waitFor(() => expect(engine.callsOf('settings.get').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Sign off…' })).not.toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark prepared…' })).not.toBeDisabled();
    expect(screen.queryByText(/This district requires/)).not.toBeInTheDocument();
  });
});
