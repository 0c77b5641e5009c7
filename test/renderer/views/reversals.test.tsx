import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Reversal } from '../../../shared/domain';
import { BatchesView } from '../../../renderer/src/views/batches/BatchesView';
import { GlBatchesView } from '../../../renderer/src/views/gl-batches/GlBatchesView';
import { useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import { expectRowsToShow } from '../helpers/rows';
import * as make from '../helpers/fixtures';

function reversal(overrides: Partial<Reversal> = {}): Reversal {
  return {
    changeId: 41,
    transactionId: 5009,
    kind: 'refund',
    date: '2026-03-16',
    period: '2026-03',
    seenAt: '2026-03-16T15:00:00.000Z',
    amountCents: 2000,
    payeeId: 1,
    payeeName: 'Lincoln High Athletics',
    paymentMethod: 'CC',
    batchId: 'B100',
    batchDate: '2026-03-06',
    lines: [{ glNumber: '199-35-5751', glLabel: 'Cafeteria sales', amountCents: 2000, part: 'item', fallback: false }],
    exportId: null,
    ...overrides,
  };
}

describe('reversals in the renderer (issue 13)', () => {
  it('batch detail shows what went back after the deposit: date, kind, amount and the period it is posted in', async () => {
    useFakeEngine({
      'batches.get': () =>
        make.batchDetail({
          reversals: [
            reversal(),
            reversal({
              changeId: 42,
              kind: 'return',
              date: '2026-04-02',
              period: '2026-04',
              amountCents: 3000,
              exportId: 7,
            }),
          ],
        }),
    });
    render(<BatchesView itemId="B100" />);
    const after = await screen.findByRole('region', { name: 'After the deposit' });
    expectRowsToShow(after, {
      1: ['Refund', '$20.00', '2026-03 (not exported yet)'],
      2: ['ACH return', '2026-04, export #7'],
    });
  });

  it('the GL Batches view lists the range reversals beside the deposits, and the export panel counts both', async () => {
    showGlBatchesWithReversals(1);
    const section = await screen.findByRole('region', { name: /Reversals seen in this range \(1\)/ });
    expect(section).toHaveTextContent('Refund');
    expect(section).toHaveTextContent('reversals $20.00');
    expect(await screen.findByText(/Will post 1 deposit and 1 reversal/)).toBeInTheDocument();
  });

  it('says when the GL Batches view lists only the first of many reversals, and counts them all', async () => {
    showGlBatchesWithReversals(1250);
    const section = await screen.findByRole('region', { name: /Reversals seen in this range \(1,250\)/ });
    expect(section).toHaveTextContent('Listing the first 1; the export posts all 1,250.');
    expect(await screen.findByText(/Will post 1 deposit and 1,250 reversals/)).toBeInTheDocument();
  });
});

/** The GL Batches view over a range listing one $20.00 refund of `reversalCount` in all. */
function showGlBatchesWithReversals(reversalCount: number): void {
  useFakeEngine({
    'payees.list': () => [make.payee()],
    'settings.get': () => make.settings(),
    'glBatches.list': () => ({ ...make.glReport(), reversals: [reversal()], reversalCount, reversalTotalCents: 2000 }),
  });
  render(<GlBatchesView />);
}
