/**
 * The sandbox's contract, one row per spec rule (rows and runner in ./rows.ts and ./setup.ts).
 * Refunds and voids (POST /txns and POST /txns/:id), in order: each row builds on the last.
 */
import { expect } from 'vitest';
import { refused, accepted, refundOf, voidOf, status } from './rows';
import { contractRules, ids, useContractSandbox } from './setup';

useContractSandbox();

contractRules('refund and void', [
  refused('operation must be refund or void', () => ({ operation: 'cancel', transaction_id: ids.pending })),
  refused('transaction_id is required', { operation: 'void' }),
  {
    rule: 'reversing an unknown transaction -> 404 TXN_NOT_FOUND',
    path: '/txns',
    body: { operation: 'void', transaction_id: 42 },
    status: 404,
    error: 'TXN_NOT_FOUND',
  },
  refused('void must not carry an amount', () => ({ operation: 'void', transaction_id: ids.pending, amount: '1.00' })),
  refused('refund of a Pending transaction -> CANNOT_UNDO (only after settlement)', refundOf('pending'), 'CANNOT_UNDO'),
  accepted('void of a Pending transaction -> Voided', voidOf('pending'), status('Voided')),
  refused('void of a Voided transaction -> CANNOT_UNDO', voidOf('pending'), 'CANNOT_UNDO'),
  {
    rule: 'POST /txns/:id is the reversal path too',
    path: () => `/txns/${ids.pendingForVoidPath}`,
    body: { operation: 'void' },
    status: 200,
    check: status('Voided'),
  },
  refused('void of a Settled transaction -> CANNOT_UNDO', voidOf('settled'), 'CANNOT_UNDO'),
  refused('refund lists items as required', () => ({
    operation: 'refund',
    transaction_id: ids.settled,
    amount: '1.00',
  })),
  refused('refund of zero -> BAD_REFUND_AMOUNT', refundOf('settled', '0.00'), 'BAD_REFUND_AMOUNT'),
  refused('a negative refund -> BAD_REFUND_AMOUNT', refundOf('settled', '-1.00'), 'BAD_REFUND_AMOUNT'),
  refused('refund above the original -> BAD_REFUND_AMOUNT', refundOf('settled', '100000.00'), 'BAD_REFUND_AMOUNT'),
  refused(
    'a refund failing at the provider -> TXN_ERROR (refund amount cents .12)',
    refundOf('settled', '1.12'),
    'TXN_ERROR',
  ),
  accepted('a partial refund raises amount_refunded, status stays Settled', refundOf('settled', '5.00'), (r) => {
    expect(r.json.amount_refunded).toBe('5.00');
    expect(r.json.status).toBe('Settled');
  }),
  accepted('refund without amount refunds the rest -> Refunded', refundOf('settled'), (r) => {
    expect(r.json.amount_refunded).toBe(r.json.amount);
    expect(r.json.status).toBe('Refunded');
  }),
  refused('refund of a Refunded transaction -> CANNOT_UNDO', refundOf('settled'), 'CANNOT_UNDO'),
  refused('refund of an unknown item is refused', () => ({
    operation: 'refund',
    transaction_id: ids.itemTxn,
    items: [{ id: 'nope', amount: '1.00' }],
  })),
  accepted(
    'item-level refund raises amount_refunded by the items',
    () => ({ operation: 'refund', transaction_id: ids.itemTxn, items: [{ id: ids.itemId, amount: '1.00' }] }),
    (r) => expect(r.json.amount_refunded).toBe('1.00'),
  ),
]);
