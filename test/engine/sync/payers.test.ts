/**
 * Every payer can be found (issue 30, DESIGN.md §4.7): a sync fetches each transaction's payer
 * (GET /txns/:id), every transaction has its payer afterwards, a search for each payer's name, with
 * and without its accents, finds exactly that payer's transactions; a killed run's successor asks
 * only for what is still missing. Runs on SQLite, and on PostgreSQL under the node-postgres project.
 */
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listTransactions } from '../../../electron/engine/store/transactions';
import { dbOf } from '../../helpers/storeRows';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startSandbox, type SandboxServer } from '../../../electron/sandbox';
import { SMALL_SCENARIO, START, startHarness, type Harness } from './harness';
import { spawnRunner } from './runnerChild';
import { networkProxy } from '../../../bench/support/networkProxy';

const FROM = '2026-02-26';
/** Fewer sales a day than the other sync tests: one request per transaction here. */
const SCENARIO = { ...SMALL_SCENARIO, dailyVolume: 20 };

/** A pass-through to the sandbox that counts the GET /txns/:id requests it forwards. */
async function countingProxy(target: string): Promise<{ url: string; details: () => number; close(): Promise<void> }> {
  let details = 0;
  const server: Server = createServer((incoming, outgoing) => {
    if (/^\/txns\/\d+/.test(incoming.url ?? '')) details++;
    const forwarded = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    details: () => details,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function searchIds(h: Harness, search: string): Promise<number[]> {
  const page = await listTransactions(h.engine.internals.store.reader, {
    filter: { search },
    cursor: null,
    limit: 5_000,
  });
  expect(page.nextCursor).toBeNull();
  return page.rows.map((t) => t.id).sort((a, b) => a - b);
}

const withoutAccents = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/ł/g, 'l')
    .replace(/ð/g, 'd');

describe('payer details in the sync', () => {
  const closing = closeAfterEach();

  it('gives every transaction its payer, and search finds each payer with and without accents', async () => {
    const h = closing(await startHarness({ sandbox: { scenario: SCENARIO }, payerDetails: true }));
    const proxy = closing(await countingProxy(h.sandbox.url));
    await h.engine.call('settings.set', { patch: { serviceUrl: proxy.url } });
    const run = await h.sync(FROM);
    expect(run.error).toBeNull();

    const stored = await dbOf(h.engine)
      .selectFrom('transactions')
      .select(['id', 'payer_name', 'payer_search'])
      .orderBy('id')
      .execute();
    const truth = new Map(h.sandbox.truth().transactions.map((t) => [t.id, t.payerName]));
    expect(stored.length).toBeGreaterThan(50);
    expect(stored.map((row) => [row.id, row.payer_name])).toEqual(stored.map((row) => [row.id, truth.get(row.id)]));
    expect(stored.filter((row) => row.payer_search === null)).toEqual([]);
    // One request per transaction, none twice.
    expect(proxy.details()).toBe(stored.length);

    const byPayer = new Map<string, number[]>();
    for (const row of stored)
      if (row.payer_name) byPayer.set(row.payer_name, [...(byPayer.get(row.payer_name) ?? []), row.id]);
    const accented = [...byPayer.keys()].filter((name) => withoutAccents(name) !== name);
    expect(accented.length).toBeGreaterThan(5);
    for (const [name, ids] of byPayer) {
      expect(await searchIds(h, name), name).toEqual(ids);
      expect(await searchIds(h, withoutAccents(name).toLowerCase()), name).toEqual(ids);
      expect(await searchIds(h, withoutAccents(name).toUpperCase()), name).toEqual(ids);
    }
    // Any part of the name: "nunez" finds every Núñez.
    const nunez = [...byPayer].filter(([name]) => name.includes('Núñez')).flatMap(([, ids]) => ids);
    expect(nunez.length).toBeGreaterThan(0);
    expect(await searchIds(h, 'nunez')).toEqual(nunez.sort((a, b) => a - b));

    // A second sync has nothing to ask for.
    const second = await h.sync();
    expect(second.error).toBeNull();
    expect(proxy.details()).toBe(stored.length);
  });

  it('resumes: a run killed in the details phase leaves its successor only what is missing', async () => {
    const h = closing(await startHarness({ sandbox: { scenario: SCENARIO }, payerDetails: true }));
    const proxy = closing(await countingProxy(h.sandbox.url));
    await h.engine.call('settings.set', { patch: { serviceUrl: proxy.url } });
    await h.sync(FROM);
    const fetched = proxy.details();
    // As a run killed part-way leaves the store: some transactions never had their details fetched.
    const missing = await dbOf(h.engine)
      .selectFrom('transactions')
      .select('id')
      .orderBy('id', 'desc')
      .limit(37)
      .execute();
    await dbOf(h.engine)
      .updateTable('transactions')
      .set({ payer_name: null, payer_search: null })
      .where(
        'id',
        'in',
        missing.map((row) => row.id),
      )
      .execute();
    const run = await h.sync();
    expect(run.error).toBeNull();
    expect(proxy.details() - fetched).toBe(37);
    const left = await dbOf(h.engine).selectFrom('transactions').select('id').where('payer_name', 'is', null).execute();
    expect(left).toEqual([]);
  });

  it(
    'killed -9 in the details phase, its successor fetches exactly what is still missing',
    { timeout: 120_000 },
    async () => {
      const sandbox = closing(await startSandbox({ seed: 7, now: START, scenario: SCENARIO }));
      const proxy = closing(await countingProxy(sandbox.url));
      const folder = mkdtempSync(join(tmpdir(), 'recon-payers-kill-'));
      closing({ close: () => rmSync(folder, { recursive: true, force: true }) });
      const db = join(folder, 'district-recon.sqlite');
      expect(await runChild(sandbox, db, proxy.url, 'payer_details')).toEqual({ killed: true });
      const fetchedBefore = proxy.details();
      const rows = () => {
        const file = new BetterSqlite3(db, { readonly: true });
        try {
          return file.prepare('SELECT id, payer_name, payer_search FROM transactions').all() as Array<{
            id: number;
            payer_name: string | null;
            payer_search: string | null;
          }>;
        } finally {
          file.close();
        }
      };
      const kept = rows().filter((row) => row.payer_search !== null).length;
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(rows().length);

      expect(await runChild(sandbox, db, proxy.url)).toEqual({ killed: false });
      const all = rows();
      expect(proxy.details() - fetchedBefore).toBe(all.length - kept);
      const truth = new Map(sandbox.truth().transactions.map((t) => [t.id, t.payerName]));
      expect(all.filter((row) => row.payer_name !== truth.get(row.id))).toEqual([]);
    },
  );
});

/** One sync of `db` in a child process through `url`; resolves with whether it was killed. */
function runChild(sandbox: SandboxServer, db: string, url: string, killPhase?: string): Promise<{ killed: boolean }> {
  const child = spawnRunner(sandbox, db, sandbox.now().toString(), {
    RECON_URL: url,
    ...(killPhase ? { RECON_KILL_PHASE: killPhase } : {}),
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('ready')) child.stdin.write('go\n');
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ killed: true });
      else if (code === 0) resolve({ killed: false });
      else reject(new Error(`runner exited ${code}: ${err}`));
    });
  });
}

describe('the payer details phase over a network', () => {
  const closing = closeAfterEach();

  it('keeps the payerDetailsInFlight setting of GET /txns/:id in flight, no more', async () => {
    const h = closing(await startHarness({ sandbox: { scenario: SCENARIO }, payerDetails: true }));
    // 20 ms each way: every request is still out when the next ones go, so the bound is what limits.
    const network = closing(await networkProxy(h.sandbox.url, { oneWayMs: 20 }));
    await h.engine.call('settings.set', { patch: { serviceUrl: network.url, payerDetailsInFlight: 3 } });
    const run = await h.sync(FROM);
    expect(run.error).toBeNull();
    expect(network.detailRequests()).toBeGreaterThan(20);
    expect(network.maxDetailsInFlight()).toBe(3);
  }, 180_000);

  it('leaves the phase out at payerDetailsInFlight 0', async () => {
    const h = closing(await startHarness({ sandbox: { scenario: SCENARIO }, payerDetails: true }));
    const network = closing(await networkProxy(h.sandbox.url, { oneWayMs: 0 }));
    await h.engine.call('settings.set', { patch: { serviceUrl: network.url, payerDetailsInFlight: 0 } });
    expect((await h.sync(FROM)).error).toBeNull();
    expect(network.requests()).toBeGreaterThan(0);
    expect(network.detailRequests()).toBe(0);
  }, 180_000);
});
