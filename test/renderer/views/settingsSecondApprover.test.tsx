/**
 * The second-approver threshold in Settings (issue 28, DESIGN.md §12): refunds above it need a second
 * approver. Typed in dollars and cents, 0.00 or more; empty turns it off; what cannot be read is said
 * in one line, the save is held back, and nothing reaches the engine.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readThreshold } from '../../../renderer/src/views/settings/SecondApproverField';
import { SettingsView } from '../../../renderer/src/views/settings/SettingsView';
import { useFakeEngine } from '../helpers/fakeClient';
import * as make from '../helpers/fixtures';
import { render } from '../helpers/render';

const LABEL = 'Refunds above this need a second approver ($)';

function settingsEngine(refundSecondApproverAboveCents: number | null) {
  return useFakeEngine({
    'settings.get': () => make.settings({ refundSecondApproverAboveCents }),
    'accountMaps.get': () => ({ schools: [], items: [], codes: { ascender: [], escape: [], 'je-csv': [] } }),
    'settings.set': ({ patch }) => make.settings({ refundSecondApproverAboveCents, ...(patch as object) }),
  });
}

describe('the second-approver threshold', () => {
  it.each([
    ['', null],
    ['0', 0],
    ['250', 25_000],
    ['250.5', 25_050],
    ['$1,250.00', 125_000],
    ['100000.00', 10_000_000],
  ])('reads %j as %j cents', (typed, cents) => {
    expect(readThreshold(typed)).toEqual({ cents, error: null });
  });

  it.each([
    ['-5.00', 'must be 0.00 or more'],
    ['12.345', 'more than two decimal places'],
    ['ten dollars', 'is not a decimal amount like 12.34'],
    ['100000.01', 'at most 100000.00'],
  ])('refuses %j: %s', (typed, why) => {
    const reading = readThreshold(typed);
    expect(reading.cents).toBeNull();
    expect(reading.error).toContain(why);
    expect(reading.error).toMatch(/^Second approver above: /);
    expect(reading.error).not.toContain('\n');
  });

  it('shows the stored amount, saves a new one in cents, and saves empty as off', async () => {
    const engine = settingsEngine(50_000);
    render(<SettingsView />);
    const field = await screen.findByLabelText(LABEL);
    expect(field).toHaveValue('500.00');
    await userEvent.clear(field);
    await userEvent.type(field, '1,250.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(engine.callsOf('settings.set')).toEqual([{ patch: { refundSecondApproverAboveCents: 125_050 } }]),
    );
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(engine.callsOf('settings.set').at(-1)).toEqual({ patch: { refundSecondApproverAboveCents: null } }),
    );
    expect(screen.getByText(/Off: every refund is sent on one approver’s word/)).toBeInTheDocument();
  });

  it('says what is wrong with a negative amount and holds the save back; nothing is sent', async () => {
    const engine = settingsEngine(null);
    render(<SettingsView />);
    const field = await screen.findByLabelText(LABEL);
    expect(field).toHaveValue('');
    await userEvent.type(field, '-5');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Second approver above: must be 0\.00 or more/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await userEvent.type(field, '{Enter}');
    expect(engine.callsOf('settings.set')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('aria-invalid', 'false');
  });
});
