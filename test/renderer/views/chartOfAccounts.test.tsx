import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChartOfAccountsView } from '../../../renderer/src/views/chart-of-accounts/ChartOfAccountsView';
import { fails, never, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import { itShowsTheEnginesError } from '../helpers/sharedCases';
import * as make from '../helpers/fixtures';

const accounts = () => [make.account(), make.account({ id: 'gl-2', number: '461-00-5749', label: 'Athletics gate' })];

describe('Chart of Accounts', () => {
  it('shows loading, then the accounts, and never says "GL account"', async () => {
    const engine = useFakeEngine({ 'glAccounts.list': never() });
    render(<ChartOfAccountsView />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the Chart of Accounts');
    engine.answer({ 'glAccounts.list': accounts });
    act(() => engine.emit('data.changed', { scopes: ['glAccounts'] }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('461-00-5749Athletics gateActive');
    expect(document.body.textContent).not.toMatch(/GL account/i);
  });

  it('flags two names on one account number, and only active ones', async () => {
    useFakeEngine({
      'glAccounts.list': () => [
        ...accounts(),
        make.account({ id: 'gl-3', number: '461-00-5749', label: 'Gate receipts' }),
        make.account({ id: 'gl-4', number: make.account().number, label: 'Old name', removed: true }),
      ],
    });
    render(<ChartOfAccountsView />);
    const table = await screen.findByRole('table');
    const flag = screen.getByText(/has 2 names/).closest('[role="status"]')!;
    expect(flag).toHaveTextContent('Account number 461-00-5749 has 2 names: Athletics gate, Gate receipts.');
    expect(flag).not.toHaveTextContent(make.account().number);
    expect(within(table).getAllByText('Active · shares its number')).toHaveLength(2);
  });

  it('is empty before the first sync', async () => {
    useFakeEngine({ 'glAccounts.list': () => [] });
    render(<ChartOfAccountsView />);
    expect(await screen.findByText('The Chart of Accounts is empty.')).toBeInTheDocument();
  });

  itShowsTheEnginesError(() => <ChartOfAccountsView />, 'glAccounts.list', 'The Chart of Accounts could not be read.');

  it('adds an account, and keeps what was typed when the engine refuses', async () => {
    const engine = useFakeEngine({
      'glAccounts.list': accounts,
      'glAccounts.add': fails('CONFLICT', 'Account 199-11-6399 already exists.'),
    });
    render(<ChartOfAccountsView />);
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Account number'), '199-11-6399');
    await userEvent.type(screen.getByLabelText('Description'), 'Library fines');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account 199-11-6399 already exists.');
    expect(screen.getByLabelText('Account number')).toHaveValue('199-11-6399');
    expect(screen.getByLabelText('Description')).toHaveValue('Library fines');

    engine.answer({
      'glAccounts.add': () => [
        ...accounts(),
        make.account({ id: 'gl-3', number: '199-11-6399', label: 'Library fines' }),
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('Library fines'));
    expect(screen.getByLabelText('Account number')).toHaveValue('');
    expect(engine.callsOf('glAccounts.add').at(-1)).toEqual({ number: '199-11-6399', label: 'Library fines' });
  });

  it('removes an account only after confirming', async () => {
    const engine = useFakeEngine({
      'glAccounts.list': accounts,
      'glAccounts.remove': () => [
        make.account(),
        make.account({ id: 'gl-2', number: '461-00-5749', label: 'Athletics gate', removed: true }),
      ],
    });
    render(<ChartOfAccountsView />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Remove account 461-00-5749 Athletics gate' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(engine.callsOf('glAccounts.remove')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove account 461-00-5749 Athletics gate' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove account' }));
    await waitFor(() =>
      expect(engine.callsOf('glAccounts.remove')).toEqual([{ number: '461-00-5749', label: 'Athletics gate' }]),
    );
    await waitFor(() => expect(screen.getByRole('row', { name: /461-00-5749/ })).toHaveTextContent('Removed'));
  });
});
