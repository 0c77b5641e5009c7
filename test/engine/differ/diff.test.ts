import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diffTransaction, type DiffChange, type DiffInput } from '../../../electron/engine/differ/diff';
import { TRANSACTION_STATUSES, type TransactionStatus } from '../../../shared/domain';

const base: DiffInput = {
  status: 'Pending',
  amountCents: 1000,
  amountRefundedCents: 0,
  payeeId: 1,
  batchId: null,
  convenienceFeeCents: 0,
  taxCents: 0,
  shippingCents: 0,
};
const tx = (patch: Partial<DiffInput>): DiffInput => ({ ...base, ...patch });

type Row = [string, DiffInput | undefined, DiffInput, Array<Partial<DiffChange>>];

// One row per rule of DESIGN.md §5.
const rows: Row[] = [
  ['first seen', undefined, tx({}), [{ kind: 'first_seen', fromStatus: null, toStatus: 'Pending' }]],
  [
    'first seen already refunded reports the refund once',
    undefined,
    tx({ status: 'Refunded', amountRefundedCents: 1000, batchId: '7' }),
    [{ kind: 'first_seen' }, { kind: 'refunded', deltaCents: 1000 }],
  ],
  ['unchanged', tx({}), tx({}), []],
  [
    'Pending -> Settled (batch assigned)',
    tx({}),
    tx({ status: 'Settled', batchId: '7' }),
    [{ kind: 'settled', fromStatus: 'Pending', toStatus: 'Settled' }],
  ],
  [
    'partial refund',
    tx({ status: 'Settled', batchId: '7' }),
    tx({ status: 'Settled', batchId: '7', amountRefundedCents: 250 }),
    [{ kind: 'refunded', deltaCents: 250, toStatus: 'Settled' }],
  ],
  [
    'full refund',
    tx({ status: 'Settled', batchId: '7', amountRefundedCents: 250 }),
    tx({ status: 'Refunded', batchId: '7', amountRefundedCents: 1000 }),
    [{ kind: 'refunded', deltaCents: 750, fromStatus: 'Settled', toStatus: 'Refunded' }],
  ],
  ['Pending -> Voided', tx({}), tx({ status: 'Voided' }), [{ kind: 'voided' }]],
  [
    'Settled -> Voided is flagged',
    tx({ status: 'Settled', batchId: '7' }),
    tx({ status: 'Voided', batchId: '7' }),
    [{ kind: 'voided_after_settlement', fromStatus: 'Settled' }],
  ],
  ['-> Error', tx({}), tx({ status: 'Error' }), [{ kind: 'errored' }]],
  [
    '-> Returned',
    tx({ status: 'Settled', batchId: '7' }),
    tx({ status: 'Returned', batchId: '7' }),
    [{ kind: 'returned' }],
  ],
  ['-> Declined', tx({}), tx({ status: 'Declined' }), [{ kind: 'declined' }]],
  ['-> Unknown', tx({}), tx({ status: 'Unknown' }), [{ kind: 'unknown' }]],
  [
    'Unknown -> Settled is resolved',
    tx({ status: 'Unknown' }),
    tx({ status: 'Settled', batchId: '8' }),
    [{ kind: 'resolved', fromStatus: 'Unknown' }],
  ],
  [
    'Unknown -> Declined is resolved',
    tx({ status: 'Unknown' }),
    tx({ status: 'Declined' }),
    [{ kind: 'resolved', toStatus: 'Declined' }],
  ],
  [
    'amount changed',
    tx({}),
    tx({ amountCents: 1200 }),
    [{ kind: 'anomaly', deltaCents: 200, detail: 'amount 10.00 -> 12.00' }],
  ],
  ['payee changed', tx({}), tx({ payeeId: 2 }), [{ kind: 'anomaly', detail: 'payee 1 -> 2' }]],
  [
    'batch moved',
    tx({ status: 'Settled', batchId: '7' }),
    tx({ status: 'Settled', batchId: '9' }),
    [{ kind: 'anomaly', detail: 'batch 7 -> 9' }],
  ],
  [
    'refunded amount went down',
    tx({ status: 'Settled', batchId: '7', amountRefundedCents: 500 }),
    tx({ status: 'Settled', batchId: '7', amountRefundedCents: 300 }),
    [{ kind: 'anomaly', deltaCents: -200, detail: 'amount_refunded 5.00 -> 3.00' }],
  ],
  [
    'back to Pending',
    tx({ status: 'Settled', batchId: '7' }),
    tx({ status: 'Pending', batchId: '7' }),
    [{ kind: 'anomaly', detail: 'status Settled -> Pending' }],
  ],
  // DESIGN.md §4 "Intake rule": what the service reports outside its own input rule is flagged, once.
  [
    'first seen with a fee under 1.00 (3.35% of $20)',
    undefined,
    tx({ amountCents: 2067, convenienceFeeCents: 67 }),
    [
      { kind: 'first_seen' },
      {
        kind: 'anomaly',
        fromStatus: null,
        toStatus: 'Pending',
        detail: "convenience_fee 0.67 is under the 1.00 minimum of the service's input rule",
      },
    ],
  ],
  [
    'first seen with an amount over 100,000.00 and tax and shipping under 1.00, named together',
    undefined,
    tx({ amountCents: 10_000_001, taxCents: 5, shippingCents: 99 }),
    [
      { kind: 'first_seen' },
      {
        kind: 'anomaly',
        detail:
          "amount 100000.01 is over the 100,000.00 maximum of the service's input rule; tax 0.05 is under the 1.00 minimum of the service's input rule; shipping 0.99 is under the 1.00 minimum of the service's input rule",
      },
    ],
  ],
  [
    'first seen with an amount under 1.00',
    undefined,
    tx({ amountCents: 0 }),
    [
      { kind: 'first_seen' },
      { kind: 'anomaly', detail: "amount 0.00 is under the 1.00 minimum of the service's input rule" },
    ],
  ],
  ['no fee, tax or shipping (0.00) breaks nothing', undefined, tx({ amountCents: 100 }), [{ kind: 'first_seen' }]],
  [
    'settling with the same fee under 1.00 is not flagged again',
    tx({ convenienceFeeCents: 67 }),
    tx({ status: 'Settled', batchId: '7', convenienceFeeCents: 67 }),
    [{ kind: 'settled' }],
  ],
  [
    'a fee changed to under 1.00 is flagged',
    tx({ convenienceFeeCents: 100 }),
    tx({ convenienceFeeCents: 94 }),
    [
      {
        kind: 'anomaly',
        fromStatus: 'Pending',
        detail: "convenience_fee 0.94 is under the 1.00 minimum of the service's input rule",
      },
    ],
  ],
];

describe('diffTransaction', () => {
  it.each(rows)('%s', (_name, old, next, expected) => {
    const changes = diffTransaction(old, next);
    expect(changes).toHaveLength(expected.length);
    expected.forEach((want, i) => expect(changes[i]).toMatchObject(want));
  });

  const status = fc.constantFrom(...TRANSACTION_STATUSES);
  const input = fc.record({
    status,
    amountCents: fc.integer({ min: 100, max: 10_000_000 }),
    amountRefundedCents: fc.integer({ min: 0, max: 10_000_000 }),
    payeeId: fc.integer({ min: 1, max: 5 }),
    batchId: fc.option(fc.constantFrom('1', '2', '3'), { nil: null }),
    convenienceFeeCents: fc.integer({ min: 0, max: 300 }),
    taxCents: fc.constant(0),
    shippingCents: fc.constant(0),
  });

  /** What a reader of the change log would conclude: the last status seen, refunds summed. */
  function apply(
    old: DiffInput | undefined,
    changes: DiffChange[],
  ): { status: TransactionStatus | undefined; refunded: number } {
    let current = old?.status;
    let refunded = old?.amountRefundedCents ?? 0;
    for (const c of changes) {
      current = c.toStatus;
      if (c.kind === 'refunded' || (c.kind === 'anomaly' && c.detail?.startsWith('amount_refunded')))
        refunded += c.deltaCents ?? 0;
    }
    return { status: current, refunded };
  }

  it('applying the changes to the old transaction gives the new status and refunded amount', () => {
    fc.assert(
      fc.property(fc.option(input, { nil: undefined }), input, (old, next) => {
        const changes = diffTransaction(old, next);
        const result = apply(old, changes);
        expect(result.status).toBe(next.status);
        expect(result.refunded).toBe(next.amountRefundedCents);
        // Nothing changed, nothing reported: a re-run never records a change twice.
        if (old) expect(diffTransaction(next, next)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
