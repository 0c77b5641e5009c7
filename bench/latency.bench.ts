/**
 * The sync over a real network (issue 31): the sandbox in a child process behind a proxy
 * (support/networkProxy.ts) that adds a delay each way (50 ms, then 150 ms) and, with
 * BENCH_BANDWIDTH (bytes/s), caps the link. A first sync of 90 days and a nightly a day later, with
 * the payer details phase (one GET /txns/:id per new transaction), at the payerDetailsInFlight
 * setting's default and at each BENCH_IN_FLIGHT (comma-separated) besides.
 *
 * Ideal time of a run: the larger of (a) its requests x the round trip / the requests in flight
 * (the details phase at its in-flight bound; the page walks at theirs: three days of /txns and four
 * of /gl-batches fetched at once, pipeline.ts, taken as 3) and (b) the bytes / the bandwidth. The
 * goal is each run within 1.2x of it. 2,000 transactions (x BENCH_SCALE) over the 90 days.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, fixedClock, todayCentral, Temporal } from '../shared/time';
import { runBundledBench } from './support/bundleEngine';
import { serveSandboxRole, startSandboxRole } from './support/childRoles';
import { networkProxy } from './support/networkProxy';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const NOW = '2026-03-10T20:00:00Z';
const DAYS = 90;
const TOTAL = Math.max(200, Math.round(2_000 * scale));
const ONE_WAY_MS = [50, 150];
const PAGE_WALKS_IN_FLIGHT = 3;
const bandwidth = Number(process.env.BENCH_BANDWIDTH ?? '0');
const extraInFlight = (process.env.BENCH_IN_FLIGHT ?? '').split(',').filter(Boolean).map(Number);

/**
 * The engine measured as the app ships it, as bench sync does: this file and the engine's workers in
 * one esbuild bundle run by plain node. Under tsx the fetch worker loads its modules through the
 * TypeScript loader, 0.7-0.8 s before its first request that the built app's worker does not spend
 * (measured: the transactions walk waited that long for it after the payees and the accounts came
 * in, a fifth of a nightly's 50 ms ideal). BENCH_ENGINE=tsx measures this process as it is.
 */
const engineMeasured = process.env.BENCH_ENGINE === 'tsx' ? 'tsx' : 'bundled';
const here = dirname(fileURLToPath(import.meta.url));

if (process.env.BENCH_ROLE === 'sandbox') await serveSandboxRole();
else if (engineMeasured === 'tsx' || process.env.LATENCY_BENCH_BUNDLED === '1') await main();
else await runBundled();

function runBundled(): Promise<void> {
  return runBundledBench('latencyBench', fileURLToPath(import.meta.url), {
    LATENCY_BENCH_BUNDLED: '1',
    LATENCY_BENCH_RESULTS: process.env.LATENCY_BENCH_RESULTS ?? join(here, 'results', 'latency.json'),
  });
}

async function main(): Promise<void> {
  console.log(`measuring the engine ${engineMeasured === 'bundled' ? 'bundled, as the app ships it' : 'under tsx'}`);
  const { createEngineWithInternals: createEngine } = await import('../electron/engine/engine');
  const { memoryCredentialStore } = await import('../electron/engine/credentials');
  const { silentLogger } = await import('../electron/engine/logger');
  const { DEFAULT_SETTINGS } = await import('../shared/contract/settingsDefaults');
  const results: Array<Record<string, number | string>> = [];
  const work = mkdtempSync(join(tmpdir(), 'recon-latency-'));

  for (const oneWayMs of ONE_WAY_MS) {
    for (const inFlight of [DEFAULT_SETTINGS.payerDetailsInFlight, ...extraInFlight]) {
      const { info, child } = await startSandboxRole(import.meta.url, {
        seed: 3,
        now: NOW,
        scenario: { days: DAYS, totalTransactions: TOTAL },
      });
      const proxy = await networkProxy(info.url, { oneWayMs, bytesPerSecond: bandwidth });
      const folder = join(work, `${oneWayMs}-${inFlight}`);
      mkdirSync(folder);
      const run = async (at: string, from?: string) => {
        const engine = await createEngine({
          version: 'bench',
          dataFolder: folder,
          databasePath: join(folder, 'district-recon.sqlite'),
          host: 'direct',
          clock: fixedClock(at),
          credentials: memoryCredentialStore({ token: info.token, secret: info.secret }),
          logger: silentLogger,
        });
        await engine.call('settings.set', { patch: { serviceUrl: proxy.url, payerDetailsInFlight: inFlight } });
        const before = { requests: proxy.requests(), details: proxy.detailRequests(), bytes: proxy.bytes() };
        const phases: Record<string, number> = {};
        let phase = '';
        let phaseStart = performance.now();
        engine.on('sync.progress', (p) => {
          if (p.phase === phase) return;
          const now = performance.now();
          if (phase) phases[phase] = Math.round(now - phaseStart);
          phase = p.phase;
          phaseStart = now;
        });
        const t0 = performance.now();
        const started = await engine.internals.sync.start({ trigger: 'manual', from });
        const summary = (await started.finished)!;
        const ms = performance.now() - t0;
        if (phase) phases[phase] = Math.round(performance.now() - phaseStart);
        await engine.close();
        if (summary.status !== 'succeeded') throw new Error(`sync ${summary.status}: ${summary.error}`);
        const details = proxy.detailRequests() - before.details;
        const pages = proxy.requests() - before.requests - details;
        const bytes = proxy.bytes() - before.bytes;
        const rtt = 2 * oneWayMs;
        const idealMs = Math.max(
          (details * rtt) / Math.max(1, inFlight) + (pages * rtt) / PAGE_WALKS_IN_FLIGHT,
          bandwidth ? (bytes / bandwidth) * 1000 : 0,
        );
        const detailsIdealMs = (details * rtt) / Math.max(1, inFlight);
        return {
          newTransactions: summary.transactionsInserted,
          seconds: +(ms / 1000).toFixed(2),
          idealSeconds: +(idealMs / 1000).toFixed(2),
          ratio: +(ms / idealMs).toFixed(2),
          pageRequests: pages,
          detailRequests: details,
          maxDetailsInFlight: proxy.maxDetailsInFlight(),
          detailsSeconds: +((phases.payer_details ?? 0) / 1000).toFixed(2),
          detailsIdealSeconds: +(detailsIdealMs / 1000).toFixed(2),
          bytes,
          // Where the time went, phase by phase as the run reports them (sync.progress).
          phasesMs: JSON.stringify(phases),
        };
      };
      // The sandbox holds every day through the one before NOW, and a sync reads through its own
      // today: a first sync a day behind read Monday whole, so the nightly found nothing new and
      // timed only the refresh. Behind by two days (Sunday afternoon), the nightly brings Monday's
      // transactions in, as a night's work does, with their payer details.
      const behind = Temporal.Instant.from(NOW).subtract({ hours: 48 }).toString();
      const first = await run(behind, addDays(todayCentral(fixedClock(behind)), -DAYS));
      const nightly = await run(NOW);
      if (nightly.newTransactions === 0)
        throw new Error('The nightly found no new transactions: its figure would mean nothing.');
      for (const [name, figures] of Object.entries({ first, nightly })) {
        const row = { run: name, oneWayMs, inFlight, bandwidth, ...figures };
        console.log(JSON.stringify(row));
        results.push(row);
      }
      await proxy.close();
      child.stdin!.end();
      child.kill();
    }
  }
  rmSync(work, { recursive: true, force: true });
  const out = process.env.LATENCY_BENCH_RESULTS ?? join(here, 'results', 'latency.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results));
}
