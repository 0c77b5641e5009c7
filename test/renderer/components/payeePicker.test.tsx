import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PayeePicker } from '../../../renderer/src/components/PayeePicker';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const PAYEES = [
  make.payee({ id: 1, name: 'César Chávez Elementary' }),
  make.payee({ id: 2, name: 'Jefferson High School' }),
  make.payee({ id: 3, name: 'Lincoln Elementary' }),
];

function Picker({ seen }: { seen: number[][] }) {
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <PayeePicker
      payees={PAYEES}
      chosen={chosen}
      onChange={(next) => {
        seen.push(next);
        setChosen(next);
      }}
    />
  );
}

describe('the payee picker', () => {
  it('finds a school ignoring case and accents, ticks several, keeps what the search hides, and clears', async () => {
    const seen: number[][] = [];
    render(<Picker seen={seen} />);
    expect(screen.getByRole('group', { name: 'Payees' })).toHaveTextContent('None ticked = all');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find in payees' }), 'chavez');
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'César Chávez Elementary' }));
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'ELEM');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lincoln Elementary' }));
    expect(seen.at(-1)).toEqual([1, 3]);
    await userEvent.type(screen.getByRole('searchbox'), 'xyz');
    expect(screen.getByText('No school matches “ELEMxyz”.')).toBeInTheDocument();
    expect(screen.getByText('2 chosen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(seen.at(-1)).toEqual([]);
  });
});
