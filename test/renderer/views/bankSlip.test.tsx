/**
 * A bank line that is a deposit slip (issue 28 item 3): its detail names the slip, who counted and
 * who verified it, the shortage against the collections with its comment, and the slip's deposits;
 * a slip suggestion is confirmed by the slip (c), not by its batches.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BankMatchSlip } from '../../../shared/domain';
import { BankView } from '../../../renderer/src/views/bank/BankView';
import { useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import { bankLine, bankLineDetail } from '../helpers/bankFixtures';

const slip: BankMatchSlip = {
  id: 'SLIP-2026-03-10-101-1',
  payeeId: 101,
  date: '2026-03-10',
  countedCents: 3_650,
  collectedCents: 3_750,
  overShortCents: -100,
  comment: 'A dollar missing from the envelope',
  countedBy: 'Dana',
  verifiedBy: 'Lee',
};

const lines = {
  'bank.lines': () => ({ rows: [], nextCursor: null }),
  'bank.inTransit': () => ({ asOf: '2026-03-20', windowDays: 5, truncated: false, batches: [] }),
  'bank.statements': () => [],
  'bank.accounts': () => [],
  'bank.mappings.list': () => [],
  'payees.list': () => [],
} as const;

describe('a bank line that is a deposit slip', () => {
  it('says which slip, who counted and verified it, the shortage and its deposits', async () => {
    useFakeEngine({
      ...lines,
      'bank.line': () =>
        bankLineDetail(
          bankLine({
            id: 7,
            amountCents: 3_650,
            status: 'matched',
            match: {
              id: 1,
              how: 'exact',
              status: 'matched',
              batchIds: ['730111', '730112'],
              transactionId: null,
              gapDays: 1,
              slip,
              matchedAt: '2026-03-11T12:00:00.000Z',
              confirmedBy: null,
              confirmedAt: null,
            },
          }),
        ),
    });
    render(<BankView itemId="7" />);
    expect(
      await screen.findByText(/Deposit slip SLIP-2026-03-10-101-1, counted by Dana, verified by Lee/),
    ).toHaveTextContent(
      'short by $1.00 against collections of $37.50: A dollar missing from the envelope) · its deposits Batch 730111, Batch 730112',
    );
    expect(screen.getByRole('link', { name: 'Batch 730112' })).toHaveAttribute('href', '#/batches/730112');
  });

  it('confirms a suggested slip by the slip', async () => {
    const engine = useFakeEngine({
      ...lines,
      'bank.line': () =>
        bankLineDetail(
          bankLine({
            id: 7,
            amountCents: 3_650,
            status: 'suggested',
            suggestions: [
              { id: 2, rank: 1, how: 'exact', batchIds: ['730111'], transactionId: null, gapDays: 1, slip },
              { id: 3, rank: 2, how: 'exact', batchIds: ['B9'], transactionId: null, gapDays: 2, slip: null },
            ],
          }),
        ),
      'bank.confirm': () => bankLine({ id: 7 }),
    });
    render(<BankView itemId="7" />);
    await screen.findByText(/Deposit slip SLIP-2026-03-10-101-1/);
    await userEvent.keyboard('c');
    await waitFor(() =>
      expect(engine.callsOf('bank.confirm')).toEqual([{ lineId: 7, slipId: 'SLIP-2026-03-10-101-1' }]),
    );
  });
});
