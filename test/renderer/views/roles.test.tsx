/**
 * On a district server the page offers only what the signed-in role may do (shared/contractRoles.ts);
 * single-user mode (no session) offers everything, as before team mode.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contractRoles';
import { BankView } from '../../../renderer/src/views/bank/BankView';
import { BatchesView } from '../../../renderer/src/views/batches/BatchesView';
import { ChangesView } from '../../../renderer/src/views/changes/ChangesView';
import { ChartOfAccountsView } from '../../../renderer/src/views/chart-of-accounts/ChartOfAccountsView';
import { GlBatchesView } from '../../../renderer/src/views/gl-batches/GlBatchesView';
import { SettingsView } from '../../../renderer/src/views/settings/SettingsView';
import { clearFakeDesktopHost, useFakeDesktopHost } from '../helpers/fakeDesktopHost';
import { useFakeEngine } from '../helpers/fakeClient';
import { useFakeTeamSession } from '../helpers/fakeTeamSession';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';
import { bankLine, bankLineDetail } from '../helpers/bankFixtures';

const signedInAs = (role: Role | null) => useFakeTeamSession(role ? { name: `A ${role}`, role } : null);

describe('a deposit’s sign-off', () => {
  const openBatch = async (signed = false) => {
    useFakeEngine({
      'batches.get': () => make.batchDetail(signed ? { batch: make.batch({ reviewState: 'signed_off' }) } : {}),
    });
    render(<BatchesView itemId="B100" />);
    await screen.findByRole('region', { name: 'Tie-out checks' });
  };

  it.each(['viewer', 'preparer'] as const)('is not offered to a %s, who is told who signs off', async (role) => {
    signedInAs(role);
    await openBatch();
    expect(await screen.findByText(`Sign-off: Needs an approver; you are signed in as a ${role}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign off…' })).not.toBeInTheDocument();
  });

  it('nor its withdrawal to a preparer', async () => {
    signedInAs('preparer');
    await openBatch(true);
    await screen.findByText(/^Sign-off: Needs an approver/);
    expect(screen.queryByRole('button', { name: 'Withdraw sign-off…' })).not.toBeInTheDocument();
  });

  it.each(['approver', 'admin', null] as const)('is offered to %s (null: single-user)', async (role) => {
    signedInAs(role);
    await openBatch();
    expect(await screen.findByRole('button', { name: 'Sign off…' })).toBeInTheDocument();
    expect(screen.queryByText(/Needs an approver/)).not.toBeInTheDocument();
  });

  it('follows the desktop’s role on a district server too', async () => {
    useFakeDesktopHost({
      'opening.status': () => null,
      'server.status': () => ({
        mode: 'server',
        url: 'https://recon.district.org',
        name: 'Ben Ito',
        role: 'preparer',
        signedIn: true,
      }),
    });
    try {
      await openBatch();
      expect(await screen.findByText(/^Sign-off: Needs an approver/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Sign off…' })).not.toBeInTheDocument();
    } finally {
      clearFakeDesktopHost();
    }
  });
});

describe('changes', () => {
  const engine = () =>
    useFakeEngine({
      'changes.groups': () => [{ kind: 'refunded', count: 1, newestId: 12, action: true }],
      'changes.list': () => ({ rows: [make.change({ id: 12 })], nextCursor: null, unacknowledged: 1 }),
    });

  it('a viewer sees them with nothing to acknowledge', async () => {
    signedInAs('viewer');
    engine();
    render(<ChangesView />);
    await screen.findByRole('grid', { name: 'Refunded changes' });
    expect(screen.queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
  });

  it('a preparer acknowledges them', async () => {
    signedInAs('preparer');
    engine();
    render(<ChangesView />);
    await screen.findByRole('grid', { name: 'Refunded changes' });
    expect(await screen.findByRole('button', { name: 'Acknowledge all shown…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acknowledge change 12 of transaction 5001' })).toBeInTheDocument();
  });
});

describe('GL export', () => {
  const engine = () =>
    useFakeEngine({
      'payees.list': () => [make.payee()],
      'settings.get': () => make.settings(),
      'glBatches.list': () => make.glReport(),
    });

  it('a preparer sees the lines and who exports, but no Export', async () => {
    signedInAs('preparer');
    engine();
    render(<GlBatchesView />);
    await screen.findByRole('table', { name: 'By Chart of Accounts' });
    expect(screen.getByText('Export: Needs an approver; you are signed in as a preparer.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post to the ledger…' })).not.toBeInTheDocument();
  });

  it('an approver exports', async () => {
    signedInAs('approver');
    engine();
    render(<GlBatchesView />);
    expect(await screen.findByRole('button', { name: 'Post to the ledger…' })).toBeInTheDocument();
  });
});

describe('bank lines', () => {
  const suggested = bankLineDetail(
    bankLine({
      id: 3,
      bankReference: 'R3',
      status: 'suggested',
      suggestions: [{ id: 21, rank: 1, how: 'exact', batchIds: ['B7'], transactionId: null, gapDays: 1, slip: null }],
    }),
  );

  it('a viewer sees a line’s candidates but cannot confirm or explain', async () => {
    signedInAs('viewer');
    useFakeEngine({ 'bank.line': () => suggested });
    render(<BankView itemId="3" />);
    await screen.findByRole('table', { name: 'Candidates' });
    expect(screen.queryByRole('button', { name: 'Confirm best' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Explain…' })).not.toBeInTheDocument();
  });

  it('a preparer confirms and explains', async () => {
    signedInAs('preparer');
    useFakeEngine({ 'bank.line': () => suggested });
    render(<BankView itemId="3" />);
    expect(await screen.findByRole('button', { name: 'Confirm best' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explain…' })).toBeInTheDocument();
  });

  it.each([
    ['viewer', false],
    ['preparer', true],
  ] as const)('the statement import is offered to a %s: %s', async (role, offered) => {
    signedInAs(role);
    useFakeEngine({
      'bank.lines': () => ({ rows: [], nextCursor: null }),
      'bank.mappings.list': () => [],
      'bank.inTransit': () => ({ asOf: '2026-03-09', batches: [], lines: [] }) as never,
    });
    render(<BankView itemId={null} />);
    await screen.findByRole('heading', { name: 'Statement lines' });
    expect(Boolean(screen.queryByLabelText('Statement file'))).toBe(offered);
  });
});

describe('settings and the Chart of Accounts', () => {
  it('a preparer reads the settings, every control disabled, and is told an admin changes them', async () => {
    signedInAs('preparer');
    useFakeEngine({ 'settings.get': () => make.settings() });
    render(<SettingsView />);
    // A disabled fieldset disables every control in it (HTML); happy-dom does not apply that rule, so
    // this asserts the fieldset, and the end-to-end run asserts the controls in a real browser.
    const input = await screen.findByLabelText('Service address (URL)');
    expect(input.closest('fieldset')).toBeDisabled();
    expect(screen.getByLabelText('Sync automatically every night').closest('fieldset.role-locked')).toBe(
      input.closest('fieldset'),
    );
    expect(
      screen.getByText('Settings and the service connection: Needs an admin; you are signed in as a preparer.'),
    ).toBeInTheDocument();
  });

  it('an admin changes them', async () => {
    signedInAs('admin');
    useFakeEngine({ 'settings.get': () => make.settings() });
    render(<SettingsView />);
    await screen.findByLabelText('Service address (URL)');
    // Locked while the server has not yet said who this is, then open to an admin.
    await waitFor(() => expect(screen.queryByText(/Needs an admin/)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Service address (URL)').closest('fieldset')).toBeNull();
    expect(screen.getByRole('button', { name: 'Test connection' })).not.toBeDisabled();
  });

  it.each([
    ['approver', false],
    ['admin', true],
  ] as const)('adding and removing accounts is offered to an %s: %s', async (role, offered) => {
    signedInAs(role);
    useFakeEngine({ 'glAccounts.list': () => [make.account()] });
    render(<ChartOfAccountsView />);
    const table = await screen.findByRole('table');
    expect(Boolean(screen.queryByRole('button', { name: 'Add account' }))).toBe(offered);
    expect(Boolean(within(table).queryByRole('button', { name: /^Remove account/ }))).toBe(offered);
  });
});
