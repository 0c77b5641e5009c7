/**
 * The nightly re-read of the refresh window leaves out, before validating them, the transactions
 * whose JSON the store already holds (their digest, migration 012), and gives a digest to the rows
 * stored without one.
 */
import { describe, expect, it } from 'vitest';
import { rawDigest } from '../../../electron/engine/api/wire';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { dbOf, tableRows } from '../../helpers/storeRows';
import { startSyncedHarness, storedTransactions, truthTransactions } from './harness';

const FROM = '2026-02-20';

describe('the nightly re-read of unchanged transactions', () => {
  const closing = closeAfterEach();

  it('stores each transaction with the digest of its JSON', async () => {
    const { h, summary } = await startSyncedHarness({ from: FROM });
    closing(h);
    expect(summary.status).toBe('succeeded');
    const rows = await tableRows(h.engine, 'transactions', ['id']);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) expect(row.raw_digest).toBe(rawDigest(row.raw as string));
  });

  it('leaves out a row whose digest matches, and fills a missing or stale digest without an update', async () => {
    const { h, summary } = await startSyncedHarness({ from: FROM });
    closing(h);
    expect(summary.status).toBe('succeeded');
    const db = dbOf(h.engine);
    const [kept, missing, stale] = (await tableRows(h.engine, 'transactions', ['id'])).slice(5, 8);
    // Stored JSON that is not what the service sends, under the digest of what it sends: a row the
    // re-read reads and writes again would lose it.
    await db
      .updateTable('transactions')
      .set({ raw: '{"kept":true}' })
      .where('id', '=', kept!.id as number)
      .execute();
    await db
      .updateTable('transactions')
      .set({ raw_digest: null })
      .where('id', '=', missing!.id as number)
      .execute();
    await db
      .updateTable('transactions')
      .set({ raw_digest: 'stale' })
      .where('id', '=', stale!.id as number)
      .execute();

    const nightly = await h.sync();
    expect(nightly.status).toBe('succeeded');
    expect(nightly.transactionsUpdated).toBe(0);
    expect(nightly.changesRecorded).toBe(0);
    const after = new Map((await tableRows(h.engine, 'transactions', ['id'])).map((row) => [row.id, row]));
    expect(after.get(kept!.id)!.raw).toBe('{"kept":true}');
    for (const row of [missing!, stale!]) {
      expect(after.get(row.id)!.raw_digest).toBe(rawDigest(row.raw as string));
      expect(after.get(row.id)!.updated_at).toBe(row.updated_at);
    }
  });

  it('still reads what changed on the service: a status and a refund the store held otherwise', async () => {
    const { h, summary } = await startSyncedHarness({ from: FROM });
    closing(h);
    expect(summary.status).toBe('succeeded');
    const settled = h.sandbox.state.transactions.filter((t) => t.status === 'Settled' && t.batchId !== null);
    const [voided, refunded] = [settled[3]!, settled[9]!];
    h.sandbox.injectDiscrepancy({ kind: 'void_after_settlement', transactionId: voided.id });
    h.sandbox.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: refunded.id });

    const nightly = await h.sync();
    expect(nightly.status).toBe('succeeded');
    expect(nightly.transactionsUpdated).toBe(2);
    expect(await storedTransactions(h.engine)).toEqual(truthTransactions(h.sandbox, FROM));
    const changed = await dbOf(h.engine)
      .selectFrom('transaction_changes')
      .select(['transaction_id', 'kind'])
      .where('sync_run_id', '=', nightly.id)
      .orderBy('transaction_id')
      .execute();
    expect(changed.map((c) => `${c.transaction_id} ${c.kind}`)).toEqual([
      `${voided.id} voided_after_settlement`,
      `${refunded.id} refunded`,
    ]);
  });
});
