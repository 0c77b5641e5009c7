import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/contract';
import { ESCAPE_JE_TYPES } from '../../../shared/domain';
import { SettingsView } from '../../../renderer/src/views/settings/SettingsView';
import { fails, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import { axeFindings } from '../helpers/axe';
import * as make from '../helpers/fixtures';

function engineWith(overrides: Partial<Settings> = {}) {
  return useFakeEngine({
    'settings.get': () => make.settings(overrides),
    'accountMaps.get': () => ({ schools: [], items: [], codes: { ascender: [], escape: [], 'je-csv': [] } }),
    'settings.set': ({ patch }) => make.settings({ ...overrides, ...(patch as Partial<Settings>) }),
    'glAccounts.list': () => [
      make.account({ id: 'gl-1', number: '199-35-5751', label: 'Cafeteria sales' }),
      make.account({ id: 'gl-2', number: '4100-100', label: 'Athletics fees' }),
      make.account({ id: 'gl-3', number: '4900-000', label: 'Old fund', removed: true }),
    ],
  });
}

/** The words a screen reader reads after the field's name: its aria-describedby elements' text. */
function descriptionOf(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

describe('Settings: export layouts', () => {
  it('shows each layout’s fields, labelled and described by their hints', async () => {
    engineWith({ exportLayout: 'ascender', ascenderContraObject: '1110', ascenderNextReceipt: 1207 });
    render(<SettingsView />);
    const object = await screen.findByLabelText('ASCENDER contra offset object');
    expect(object).toHaveValue('1110');
    expect(object).toHaveAttribute('maxLength', '4');
    expect(descriptionOf(object)).toMatch(/11XX, 181X or 191X; blank for the district default/);
    expect(screen.getByLabelText('ASCENDER contra offset sub-object')).toHaveAttribute('maxLength', '2');
    const receipt = screen.getByLabelText('Next ASCENDER receipt number');
    expect(receipt).toHaveValue(1207);
    expect(receipt).toHaveAttribute('min', '1');
    expect(receipt).toHaveAttribute('max', '999999');
    expect(descriptionOf(receipt)).toMatch(/Each ASCENDER export .* moves it on/);
    expect(screen.queryByLabelText('Escape organisation ID')).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Layout'), 'escape');
    expect(screen.getByLabelText('Escape organisation ID')).toBeInTheDocument();
    const type = screen.getByLabelText('Escape journal entry type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual([...ESCAPE_JE_TYPES]);
    expect(screen.queryByLabelText('ASCENDER contra offset object')).not.toBeInTheDocument();
  });

  it('shows a stored legacy JE type as CashRec, and the department only for General', async () => {
    engineWith({ exportLayout: 'escape', escapeJeType: 'JE' });
    render(<SettingsView />);
    const type = await screen.findByLabelText('Escape journal entry type');
    expect(type).toHaveValue('CashRec');
    expect(screen.queryByLabelText('Escape department ID')).not.toBeInTheDocument();
    // Shown as CashRec is not a change: nothing to save.
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    await userEvent.selectOptions(type, 'General');
    const dept = screen.getByLabelText('Escape department ID');
    expect(descriptionOf(dept)).toMatch(/every other type Escape requires Business/);
    await userEvent.selectOptions(type, 'Accrual');
    expect(screen.queryByLabelText('Escape department ID')).not.toBeInTheDocument();
  });

  it('saves the ERP fields as one patch of what changed', async () => {
    const engine = engineWith({ exportLayout: 'escape' });
    render(<SettingsView />);
    await userEvent.type(await screen.findByLabelText('Escape organisation ID'), '12');
    await userEvent.selectOptions(screen.getByLabelText('Escape journal entry type'), 'General');
    await userEvent.type(screen.getByLabelText('Escape department ID'), 'Fin');
    await userEvent.selectOptions(screen.getByLabelText('Layout'), 'ascender');
    await userEvent.type(screen.getByLabelText('ASCENDER contra offset object'), '1110');
    await userEvent.type(screen.getByLabelText('ASCENDER contra offset sub-object'), '00');
    const receipt = screen.getByLabelText('Next ASCENDER receipt number');
    await userEvent.clear(receipt);
    await userEvent.type(receipt, '1207');
    await save();
    await waitFor(() => expect(screen.getByText('Settings saved.')).toBeInTheDocument());
    expect(engine.callsOf('settings.set')).toEqual([
      {
        patch: {
          exportLayout: 'ascender',
          escapeOrgId: '12',
          escapeJeType: 'General',
          escapeDeptId: 'Fin',
          ascenderContraObject: '1110',
          ascenderContraSubObject: '00',
          ascenderNextReceipt: 1207,
        },
      },
    ]);
  });

  it('shows the engine’s refusal in words and keeps what was typed', async () => {
    const engine = engineWith({ exportLayout: 'ascender' });
    engine.answer({
      'settings.set': fails('BAD_ARGUMENTS', 'ascenderContraObject: must be 11XX, 181X, 191X or blank'),
    });
    render(<SettingsView />);
    const object = await screen.findByLabelText('ASCENDER contra offset object');
    await userEvent.type(object, '5000');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('must be 11XX, 181X, 191X or blank');
    expect(object).toHaveValue('5000');
  });

  it('maps Chart of Accounts numbers to QuickBooks names, flagging the unmapped', async () => {
    const engine = engineWith({
      exportLayout: 'iif',
      clearingAccount: '1010',
      quickbooksAccountNames: { '1010': 'Undeposited Funds' },
    });
    render(<SettingsView />);
    const group = await screen.findByRole('group', { name: 'QuickBooks account names' });
    const cafeteria = await within(group).findByLabelText('199-35-5751 · Cafeteria sales');
    const athletics = within(group).getByLabelText('4100-100 · Athletics fees');
    expect(within(group).getByLabelText('1010 · Clearing account (above)')).toHaveValue('Undeposited Funds');
    expect(within(group).queryByLabelText(/Old fund/)).not.toBeInTheDocument();
    expect(descriptionOf(cafeteria)).toBe('Not mapped: an IIF export refuses this account.');
    expect(descriptionOf(athletics)).toBe('Not mapped: an IIF export refuses this account.');
    expect(within(group).getByText(/2 of 3 accounts have no QuickBooks name/)).toBeInTheDocument();

    await userEvent.type(cafeteria, 'Revenue:Cafeteria');
    expect(descriptionOf(cafeteria)).toBe('');
    expect(within(group).getByText(/1 of 3 accounts have no QuickBooks name/)).toBeInTheDocument();
    await save();
    await waitFor(() => expect(screen.getByText('Settings saved.')).toBeInTheDocument());
    expect(engine.callsOf('settings.set')).toEqual([
      { patch: { quickbooksAccountNames: { '1010': 'Undeposited Funds', '199-35-5751': 'Revenue:Cafeteria' } } },
    ]);
    // The saved mapping is the settings now; the account still without a name stays flagged.
    expect(descriptionOf(athletics)).toBe('Not mapped: an IIF export refuses this account.');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('flags a QuickBooks name the IIF file cannot carry, and a cleared name is no mapping', async () => {
    const engine = engineWith({ exportLayout: 'iif', quickbooksAccountNames: { '4100-100': 'Fees' } });
    render(<SettingsView />);
    const athletics = await screen.findByLabelText('4100-100 · Athletics fees');
    await userEvent.clear(athletics);
    await userEvent.type(athletics, '=Fees');
    expect(descriptionOf(athletics)).toMatch(/may not start with =, \+, - or @/);
    await userEvent.clear(athletics);
    await save();
    await waitFor(() => expect(engine.callsOf('settings.set')).toEqual([{ patch: { quickbooksAccountNames: {} } }]));
  });

  it.each([
    ['escape', { exportLayout: 'escape', escapeJeType: 'General' }],
    ['ascender', { exportLayout: 'ascender' }],
    ['iif', { exportLayout: 'iif' }],
  ] as const)('has no axe findings with the %s fields shown', async (_layout, overrides) => {
    engineWith(overrides);
    const { container } = render(<SettingsView />);
    await screen.findByLabelText('Layout');
    if (overrides.exportLayout === 'iif') await screen.findByLabelText('4100-100 · Athletics fees');
    expect(await axeFindings(container)).toEqual([]);
  });
});
