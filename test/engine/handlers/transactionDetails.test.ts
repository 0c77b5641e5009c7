/**
 * The list endpoint has no payer; transactions.fetchDetails (what the app calls on opening a
 * transaction) fetches GET /txns/:id?extensions=payer,gl once, keeps the payer (so search finds
 * it), and a later list page does not erase it. transactions.get, a read, never asks the service.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startSyncedHarness } from '../sync/harness';

const closing = closeAfterEach();

describe('transaction details on open', () => {
  it('fills the payer from the service, makes it searchable, and keeps it through later syncs', async () => {
    const h = closing((await startSyncedHarness({ from: '2026-03-01' })).h);
    const target = h.sandbox
      .truth()
      .transactions.find((t) => t.status === 'Settled' && t.batchId && t.businessDate >= '2026-03-01')!;
    expect(
      (await h.engine.call('transactions.list', { filter: { search: String(target.id) }, limit: 5 })).rows[0]
        ?.payerName,
    ).toBeNull();
    const listed = await h.engine.call('transactions.fetchDetails', { id: target.id });
    expect(listed.transaction.payerName).not.toBeNull();
    const payer = listed.transaction.payerName!;
    expect(payer).toMatch(/\S+ \S+/);

    const lastName = payer.split(' ').at(-1)!;
    const found = await h.engine.call('transactions.list', { filter: { search: lastName }, limit: 200 });
    expect(found.rows.map((t) => t.id)).toContain(target.id);

    // A refund changes its list row (amount_refunded); the next sync rewrites the row, the payer stays.
    h.sandbox.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: target.id });
    await h.sync();
    const stored = await h.engine.internals.store.reader.db
      .selectFrom('transactions')
      .select(['payer_name', 'amount_refunded_cents'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored.amount_refunded_cents).toBeGreaterThan(0);
    expect(stored.payer_name).toBe(payer);
  });

  it('opens offline with what the list gave, without waiting long', async () => {
    const h = closing((await startSyncedHarness({ from: '2026-03-05' })).h);
    const [row] = (await h.engine.call('transactions.list', { limit: 1 })).rows;
    // The service stops answering (a closed port on this machine).
    await h.engine.call('settings.set', { patch: { serviceUrl: 'http://127.0.0.1:9' } });
    const started = Date.now();
    const detail = await h.engine.call('transactions.fetchDetails', { id: row!.id });
    expect(detail.transaction.id).toBe(row!.id);
    expect(detail.transaction.payerName).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('transactions.get reads the store only: no request reaches the service, nothing is written', async () => {
    const h = closing((await startSyncedHarness({ from: '2026-03-05' })).h);
    const [row] = (await h.engine.call('transactions.list', { limit: 1 })).rows;
    expect(row!.payerName).toBeNull();
    // A service that counts what it is asked, in place of the sandbox.
    const asked: string[] = [];
    const service = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = service.address() as AddressInfo;
      await h.engine.call('settings.set', { patch: { serviceUrl: `http://127.0.0.1:${port}` } });
      const changed: unknown[] = [];
      h.engine.on('data.changed', (payload) => changed.push(payload));
      const detail = await h.engine.call('transactions.get', { id: row!.id });
      expect(detail.transaction.id).toBe(row!.id);
      expect(detail.transaction.payerName).toBeNull();
      expect(asked).toEqual([]);
      expect(changed).toEqual([]);
      // The write method is the one that asks.
      await h.engine.call('transactions.fetchDetails', { id: row!.id });
      expect(asked.length).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });
});
