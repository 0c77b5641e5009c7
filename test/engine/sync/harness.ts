/** An engine syncing from a real sandbox over loopback HTTP, on the sandbox's clock. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxOptions, type SandboxServer } from '../../../electron/sandbox';
import {
  createEngineWithInternals as createEngine,
  type EngineWithInternals as Engine,
} from '../../../electron/engine/engine';
import { memoryCredentialStore } from '../../../electron/engine/credentials';
import type { EngineOptions } from '../../../electron/engine/context';
import { onTestPostgres } from '../../helpers/engine';
import { ENGINE_DIALECT, TEST_DATABASE_CONNECTIONS } from '../../helpers/postgres';
import { tableRows } from '../../helpers/storeRows';
import { snapshotCopy } from '../../helpers/syncedSnapshot';
import { sandboxClient, type Reply } from '../../helpers/sandbox';
import { samplePayment } from '../../../electron/sandbox/samples';
import { silentLogger, type Logger } from '../../../electron/engine/logger';
import type { SyncRunSummary } from '../../../shared/contract';
import type { Transaction } from '../../../shared/domain';

export const SMALL_SCENARIO: SandboxOptions['scenario'] = { days: 12, dailyVolume: 60, payees: 3, glAccounts: 8 };
export const START = '2026-03-10T15:00:00Z';

export interface Harness {
  sandbox: SandboxServer;
  engine: Engine;
  folder: string;
  sync(from?: string): Promise<SyncRunSummary>;
  close(): Promise<void>;
}

export async function startHarness(
  options: {
    sandbox?: SandboxOptions;
    logger?: Logger;
    databasePath?: string;
    databaseUrl?: string;
    /**
     * Run the payer details phase (one GET /txns/:id per transaction). Off unless asked: these tests
     * compare the transactions pass with the truth, and a request per sale made them several times
     * slower; payers.test.ts is the phase's.
     */
    payerDetails?: boolean;
  } = {},
): Promise<Harness> {
  const sandbox = await startSandbox({ seed: 7, now: START, scenario: SMALL_SCENARIO, ...options.sandbox });
  const folder = mkdtempSync(join(tmpdir(), 'recon-sync-'));
  const engineOptions: EngineOptions = {
    version: 'test',
    dataFolder: folder,
    ...(options.databaseUrl
      ? { databaseUrl: options.databaseUrl, databaseConnections: TEST_DATABASE_CONNECTIONS }
      : { databasePath: options.databasePath ?? join(folder, 'district-recon.sqlite') }),
    host: 'direct',
    clock: { now: () => sandbox.now() },
    credentials: memoryCredentialStore({ token: sandbox.token, secret: sandbox.secret }),
    logger: options.logger ?? silentLogger,
  };
  const engine =
    ENGINE_DIALECT === 'postgres' && !options.databasePath && !options.databaseUrl
      ? await onTestPostgres(engineOptions)
      : await createEngine(engineOptions);
  const service = engine.internals.sync;
  // Retries without real waiting: faults are ridden out in milliseconds.
  service.clientTuning = { sleep: async () => {}, timeoutMs: 2_000 };
  if (!options.payerDetails) service.limits = { ...service.limits, detailsInFlight: 0 };
  await engine.call('settings.set', { patch: { serviceUrl: sandbox.url, firstSyncDays: 30 } });
  return {
    sandbox,
    engine,
    folder,
    async sync(from) {
      const started = await service.start({ trigger: 'manual', from });
      const summary = await started.finished;
      if (!summary) throw new Error('no run');
      return summary;
    },
    async close() {
      await engine.close();
      await sandbox.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface SyncedOptions {
  sandbox?: SandboxOptions;
  /** The first sync's start (the harness's firstSyncDays when not given). */
  from?: string;
  /** A card sale of the first payee for this amount ('30.00'), posted before the first sync: still Pending after it. */
  pendingSale?: string;
}

/**
 * A harness whose engine starts on a copy of a store synced once per test run (test/helpers/
 * syncedSnapshot.ts) from a sandbox of the same seed, clock and scenario, given the same sale: for
 * tests that start from a synced store and then act. `summary` is that first sync's; `sale` the
 * sandbox's answer to this harness's own sale. Tests of what a sync itself does (from empty,
 * resumed, killed, its progress) sync from empty with startHarness.
 */
export async function startSyncedHarness(
  options: SyncedOptions = {},
): Promise<{ h: Harness; summary: SyncRunSummary; sale: Reply | null }> {
  const { sandbox, from, pendingSale } = options;
  const postSale = async (server: SandboxServer) =>
    pendingSale === undefined
      ? null
      : sandboxClient(server).post('/txns', samplePayment(server.state.payees[0]!.id, pendingSale));
  const copy = await snapshotCopy(JSON.stringify({ sandbox, from, pendingSale }), async (database) => {
    const h = await startHarness({ sandbox, ...database });
    try {
      await postSale(h.sandbox);
      return JSON.stringify(await h.sync(from));
    } finally {
      await h.close();
    }
  });
  const h = await startHarness({ sandbox, ...copy.database }).catch(async (error: unknown) => {
    await copy.drop();
    throw error;
  });
  const close = h.close;
  h.close = async () => {
    await close();
    await copy.drop();
  };
  try {
    // This sandbox is new: given the same sale, it equals the one the store was synced from.
    const sale = await postSale(h.sandbox);
    return { h, summary: JSON.parse(copy.note) as SyncRunSummary, sale };
  } catch (error) {
    await h.close();
    throw error;
  }
}

/** A sync started the way the app starts one (sync.start through the contract), resolved with its summary when it ends. */
export async function syncThroughContract(h: Harness): Promise<SyncRunSummary> {
  const finished = new Promise<SyncRunSummary>((resolve) => h.engine.on('sync.finished', resolve));
  await h.engine.call('sync.start', {});
  return finished;
}

/** Transactions as the store holds them, comparable with the sandbox's truth. */
export async function storedTransactions(engine: Engine): Promise<Transaction[]> {
  const rows = await tableRows(engine, 'transactions', ['id']);
  return rows.map((r) => ({
    id: r.id as number,
    orderId: r.order_id as number | null,
    payeeId: r.payee_id as number,
    paymentMethod: r.payment_method as Transaction['paymentMethod'],
    status: r.status as Transaction['status'],
    statusMessage: r.status_message as string | null,
    amountCents: r.amount_cents as number,
    amountRefundedCents: r.amount_refunded_cents as number,
    convenienceFeeCents: r.convenience_fee_cents as number,
    taxCents: r.tax_cents as number,
    shippingCents: r.shipping_cents as number,
    batchId: r.batch_id as string | null,
    data: r.data as string | null,
    // Lists carry no payer or GL account (extensions of GET /txns/:id only): compared as absent.
    payerName: null,
    glAccountId: null,
    businessDate: r.business_date as string,
  }));
}

export function truthTransactions(sandbox: SandboxServer, fromDate: string): Transaction[] {
  return sandbox
    .truth()
    .transactions.filter((t) => t.businessDate >= fromDate)
    .map((t) => ({ ...t, payerName: null, glAccountId: null }))
    .sort((a, b) => a.id - b.id);
}
