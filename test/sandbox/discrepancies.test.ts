/** Discrepancy injection: each kind breaks exactly what its documentation says, nothing else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type SandboxClient, type SandboxServer } from '../helpers/sandbox';

let server: SandboxServer;
let api: SandboxClient;
beforeAll(async () => {
  ({ server, api } = await startTestSandbox());
});
afterAll(() => server.close());

const settledInBatch = (skip = 0) =>
  server
    .truth()
    .transactions.filter((t) => t.status === 'Settled' && t.batchId !== null && t.amountRefundedCents === 0)[skip]!;

describe('injectDiscrepancy', () => {
  it('hide_transaction_from_batch: GET /txns?batch= omits it; batch totals and the transaction itself unchanged', async () => {
    const txn = settledInBatch(0);
    const batchBefore = (await api.all('/batches')).find((b) => (b as { id: string }).id === txn.batchId);
    const listed = (await api.all(`/txns?batch=${txn.batchId}`)) as Array<{ id: number }>;
    server.injectDiscrepancy({ kind: 'hide_transaction_from_batch', transactionId: txn.id });
    const after = (await api.all(`/txns?batch=${txn.batchId}`)) as Array<{ id: number }>;
    expect(after.map((t) => t.id)).toEqual(listed.map((t) => t.id).filter((id) => id !== txn.id));
    expect((await api.all('/batches')).find((b) => (b as { id: string }).id === txn.batchId)).toEqual(batchBefore);
    expect((await api.get(`/txns/${txn.id}`)).json.batch).toBe(Number(txn.batchId));
  });

  it('refund_after_batching: amount_refunded rises, the batch and its GL rows keep their totals', async () => {
    const txn = settledInBatch(1);
    const glBefore = server.truth().glBatches.filter((g) => g.batchId === txn.batchId);
    const batchBefore = server.truth().batches.find((b) => b.id === txn.batchId);
    server.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: txn.id, cents: 100 });
    expect((await api.get(`/txns/${txn.id}`)).json).toMatchObject({ amount_refunded: '1.00', status: 'Settled' });
    expect(server.truth().batches.find((b) => b.id === txn.batchId)).toEqual(batchBefore);
    expect(server.truth().glBatches.filter((g) => g.batchId === txn.batchId)).toEqual(glBefore);
  });

  it('alter_batch_totals, drop_gl_row and alter_gl_row change only the reported figures', () => {
    const batch = server.truth().batches[3]!;
    server.injectDiscrepancy({ kind: 'alter_batch_totals', batchId: batch.id, totalCents: batch.totalCents + 500 });
    expect(server.truth().batches[3]).toMatchObject({
      totalCents: batch.totalCents + 500,
      partialCents: batch.partialCents + 500,
    });
    const row = server.truth().glBatches.find((g) => g.batchId === batch.id)!;
    server.injectDiscrepancy({ kind: 'alter_gl_row', glBatchId: row.glBatchId, amountCents: row.amountCents + 1 });
    expect(server.truth().glBatches.find((g) => g.glBatchId === row.glBatchId)!.amountCents).toBe(row.amountCents + 1);
    server.injectDiscrepancy({ kind: 'drop_gl_row', glBatchId: row.glBatchId });
    expect(server.truth().glBatches.some((g) => g.glBatchId === row.glBatchId)).toBe(false);
  });

  it('void_after_settlement and fail_reversals', async () => {
    const txn = settledInBatch(2);
    server.injectDiscrepancy({ kind: 'void_after_settlement', transactionId: txn.id });
    expect((await api.get(`/txns/${txn.id}`)).json.status).toBe('Voided');
    const other = settledInBatch(3);
    server.injectDiscrepancy({ kind: 'fail_reversals', transactionId: other.id });
    expect((await api.post('/txns', { operation: 'refund', transaction_id: other.id, items: [] })).json.error).toBe(
      'TXN_ERROR',
    );
    expect(() => server.injectDiscrepancy({ kind: 'hide_transaction_from_batch', transactionId: 1 })).toThrow(
      /no transaction/,
    );
  });
});
