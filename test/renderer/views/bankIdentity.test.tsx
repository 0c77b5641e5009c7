import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BankView } from '../../../renderer/src/views/bank/BankView';
import { useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import { bankLine, bankLineDetail } from '../helpers/bankFixtures';

const possible = bankLine({
  id: 5,
  status: 'possible_duplicate',
  identity: {
    duplicateOf: 2,
    duplicate: 'possible',
    decidedBy: null,
    decidedAt: null,
    corrects: null,
    correctedBy: null,
  },
});

const base = {
  'bank.lines': () => ({ rows: [possible], nextCursor: null }),
  'bank.inTransit': () => ({ asOf: '2026-03-20', windowDays: 5, truncated: false, batches: [] }),
  'bank.mappings.list': () => [],
  'bank.line': () => bankLineDetail(possible),
};

describe('the Bank view: duplicates and undoing an import (issue 25)', () => {
  it('keeps or drops a possible duplicate, naming the line it looks like', async () => {
    const engine = useFakeEngine({ ...base, 'bank.duplicates.decide': () => possible });
    render(<BankView itemId="5" />);
    expect(await screen.findByText(/Probably the same as/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'line 2' })).toHaveAttribute('href', '#/bank/2');
    await userEvent.click(screen.getByRole('button', { name: 'Drop as a duplicate' }));
    await waitFor(() => expect(engine.callsOf('bank.duplicates.decide')).toEqual([{ lineId: 5, decision: 'drop' }]));
    await userEvent.click(screen.getByRole('button', { name: 'Keep as a line of its own' }));
    await waitFor(() => expect(engine.callsOf('bank.duplicates.decide')[1]).toEqual({ lineId: 5, decision: 'keep' }));
  });

  it('undoes the import the line came in, after asking', async () => {
    const engine = useFakeEngine({
      ...base,
      'bank.statements.remove': () => ({
        statementId: 1,
        fileName: 'march.bai',
        linesRemoved: 3,
        linesKept: 0,
        removedBy: 'Pat',
        removedAt: '2026-03-20T12:00:00.000Z',
      }),
    });
    render(<BankView itemId="5" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Undo this import…' }));
    expect(engine.callsOf('bank.statements.remove')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the import' }));
    await waitFor(() => expect(engine.callsOf('bank.statements.remove')).toEqual([{ statementId: 1 }]));
  });
});
