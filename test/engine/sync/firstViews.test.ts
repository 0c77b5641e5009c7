/**
 * The first views after a nightly (issue 31 item 4): when the run is reported finished, Overview,
 * GL Batches (its default range, then that range) and Batches' first page are built, and a client
 * that refetches the moment it hears `data.changed` shares that build instead of building again.
 * What is counted is the deposits list's read of the database (mocked to count), and the keys the
 * read cache computes; not a time.
 */
import { describe, expect, it, vi } from 'vitest';
import type { SandboxServer } from '../../../electron/sandbox';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startSyncedHarness, type Harness } from './harness';
import { computedKeys } from './readCacheWatch';

const batchRows = vi.hoisted(() => ({ reads: [] as unknown[][] }));
vi.mock('../../../electron/engine/store/batches', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../electron/engine/store/batches')>();
  return {
    ...real,
    listBatchRows: (...args: Parameters<typeof real.listBatchRows>) => {
      batchRows.reads.push(args.slice(1));
      return real.listBatchRows(...args);
    },
  };
});

/** A refund at the service on its newest settled, batched transaction: the next sync brings it in. */
function refundNewest(sandbox: SandboxServer): void {
  const txn = sandbox.state.transactions.findLast((t) => t.status === 'Settled' && t.batchId !== null && !t.refunded);
  if (!txn) throw new Error('the sandbox has no settled, batched transaction to refund');
  sandbox.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: txn.id });
}

/** A nightly that changes data (one transaction refunded), on a store synced before. */
async function nightly(h: Harness) {
  refundNewest(h.sandbox);
  const summary = await h.sync();
  expect(summary.status).toBe('succeeded');
  expect(summary.transactionsUpdated).toBeGreaterThan(0);
  return summary;
}

/** The three views as they open: Overview, Batches' first page, GL Batches' default range then that range. */
async function openFirstViews(h: Harness) {
  const overview = h.engine.call('overview.get', {});
  const batches = h.engine.call('batches.list', { filter: {}, limit: 200 });
  const range = await h.engine.call('glBatches.defaultRange', {});
  const gl = await h.engine.call('glBatches.list', { from: range.from, to: range.to });
  return { overview: await overview, batches: await batches, gl };
}

describe('the first views after a nightly', () => {
  const closing = closeAfterEach();

  it('are built when the run finishes: their first calls read nothing again', async () => {
    const h = closing((await startSyncedHarness()).h);
    const summary = await nightly(h);
    const computed = computedKeys(h.engine.internals);
    batchRows.reads.length = 0;

    const { overview, batches, gl } = await openFirstViews(h);

    expect(batchRows.reads).toEqual([]);
    expect(computed).toEqual([]);
    expect(overview.lastRun?.id).toBe(summary.id);
    expect(batches.rows.length).toBeGreaterThan(0);
    expect(gl.rows.length).toBeGreaterThan(0);
    // A page after the first is one user's scrolling: read from the database, not kept.
    const next = await h.engine.call('batches.list', { filter: {}, cursor: batches.nextCursor, limit: 1 });
    expect(batchRows.reads).toHaveLength(1);
    expect(next.rows).toHaveLength(1);
  }, 180_000);

  it('are built once when a client refetches the moment it hears data.changed', async () => {
    const h = closing((await startSyncedHarness()).h);
    const computed = computedKeys(h.engine.internals);
    let heard = 0;
    // A client hears data.changed through its transport (the web host's event stream, Electron's
    // IPC), so it asks at the earliest on the event loop's next turn: the first it can.
    const refetched = new Promise<Awaited<ReturnType<typeof openFirstViews>>>((resolve) =>
      h.engine.on('data.changed', () => {
        heard++;
        setImmediate(() => resolve(openFirstViews(h)));
      }),
    );
    batchRows.reads.length = 0;

    await nightly(h);
    const seen = await refetched;
    expect(heard).toBe(1);

    // Built before the run told of its change, once: the refetch found each built, computing none.
    expect(batchRows.reads).toHaveLength(1);
    expect(computed).toEqual([]);
    // What the refetch got is what the list holds after the run, kept: asked again, nothing is read.
    const afterRun = await h.engine.call('batches.list', { filter: {}, limit: 200 });
    expect(seen.batches).toEqual(afterRun);
    expect(batchRows.reads).toHaveLength(1);
  }, 180_000);
});
