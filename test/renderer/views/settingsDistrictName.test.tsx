/**
 * The district's name in Settings (issue 29 item 1): printed on the auditor's packets. Saved trimmed;
 * an emptied field unsets it (the packets' neutral default); spaces alone, more than 120 characters
 * or a control character are said in one line, the save is held back, and nothing reaches the engine.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readDistrictName } from '../../../renderer/src/views/settings/DistrictNameField';
import { SettingsView } from '../../../renderer/src/views/settings/SettingsView';
import { useFakeEngine } from '../helpers/fakeClient';
import * as make from '../helpers/fixtures';
import { render } from '../helpers/render';

const LABEL = "District's name (on the auditor's packets)";

function settingsEngine(districtName: string | null) {
  return useFakeEngine({
    'settings.get': () => make.settings({ districtName }),
    'accountMaps.get': () => ({ schools: [], items: [], codes: { ascender: [], escape: [], 'je-csv': [] } }),
    'settings.set': ({ patch }) => make.settings({ districtName, ...(patch as object) }),
  });
}

describe("the district's name", () => {
  it.each([
    ['', null],
    ['Cedar Valley ISD', 'Cedar Valley ISD'],
    ['  Cedar Valley ISD  ', 'Cedar Valley ISD'],
    ['É'.repeat(120), 'É'.repeat(120)],
  ])('reads %j as %j', (typed, name) => {
    expect(readDistrictName(typed)).toEqual({ name, error: null });
  });

  it.each([
    ['   ', 'is blank'],
    ['x'.repeat(121), 'is 121 characters long; at most 120'],
    ['Cedar\tValley', 'control character'],
    ['Cedar\u0007Valley', 'control character'],
  ])('refuses %j: %s', (typed, why) => {
    const reading = readDistrictName(typed);
    expect(reading.name).toBeNull();
    expect(reading.error).toContain(why);
    expect(reading.error).toMatch(/^District's name: /);
    expect(reading.error).not.toContain('\n');
  });

  it('shows the stored name, saves a new one trimmed, and saves an emptied field as unset', async () => {
    const engine = settingsEngine('Cedar Valley ISD');
    render(<SettingsView />);
    const field = await screen.findByLabelText(LABEL);
    expect(field).toHaveValue('Cedar Valley ISD');
    await userEvent.clear(field);
    await userEvent.type(field, '  Cedar Valley Consolidated ISD ');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(engine.callsOf('settings.set')).toEqual([{ patch: { districtName: 'Cedar Valley Consolidated ISD' } }]),
    );
    await userEvent.clear(field);
    expect(screen.getByText(/Unset: the packets and the district workbook say “School district”/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(engine.callsOf('settings.set').at(-1)).toEqual({ patch: { districtName: null } }));
  });

  it('says what is wrong with a name too long and holds the save back; nothing is sent', async () => {
    const engine = settingsEngine(null);
    render(<SettingsView />);
    const field = await screen.findByLabelText(LABEL);
    expect(field).toHaveValue('');
    // Pasted, as a name this long would be.
    fireEvent.change(field, { target: { value: 'N'.repeat(121) } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/District's name: is 121 characters long; at most 120/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await userEvent.type(field, '{Enter}');
    expect(engine.callsOf('settings.set')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    expect(screen.getByText(/District's name: is blank/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(engine.callsOf('settings.set')).toEqual([]);
  });
});
