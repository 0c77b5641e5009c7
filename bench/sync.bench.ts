/**
 * Sync speed. The sandbox runs in a child process (as a real service would be elsewhere), so
 * fetching really overlaps writing. Figures, all in this one run (the full sync and the nightly each
 * in a bundled process of its own: see runBundled):
 *   - full sync of 1M transactions (BENCH_SCALE-aware): rows/s, peak RSS;
 *   - the limit: the slower of (a) fetching and parsing the same pages without storing them and
 *     (b) upserting the same rows (and their items) with raw prepared statements in page-sized
 *     transactions into a fresh store of the same schema; the goal is sync <= 1.3 x limit;
 *   - a nightly sync: ~5k new transactions plus the 60-day refresh on a ~300k-transaction store.
 * BENCH_SYNC_PARTS=nightly runs the nightly alone (=full the full sync and its limit alone, =fetch the
 * two fetch-and-parse passes of the limit alone, no sync);
 * BENCH_NIGHTLY_STORE=DIR keeps the nightly's seeded store there and starts from a copy of it on the
 * next run (the sandbox's data is the same for the same seed and scale), so the nightly can be
 * measured again and again without its 300k-transaction first sync. BENCH_CPU_PROF=DIR writes a CPU
 * profile of each thread of the bundled run there (node --cpu-prof). BENCH_NODE_FLAGS="--flag ..." runs the
 * bundled engine's process with those node and V8 flags (a flag measured before it is set in code);
 * BENCH_MEMORY_TIMELINE=FILE and BENCH_HEAP_SNAPSHOT_MB=N: where the memory went (memoryParts.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBundledBench } from './support/bundleEngine';
import { addDays, eachBusinessDate, fixedClock, todayCentral, Temporal } from '../shared/time';
import { serveSandboxRole, startSandboxRole, type SandboxConnection } from './support/childRoles';
import { describeCpu, withCpuAccount, type CpuSeconds } from './support/cpuAccount';
import { memoryPhase, withPeakParts } from './support/memoryParts';
import { withPeakRss } from './support/peakRss';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const parts = new Set((process.env.BENCH_SYNC_PARTS ?? 'full,nightly').split(',').map((part) => part.trim()));
const NOW = '2026-03-10T20:00:00Z';

/**
 * Which engine is measured: by default the engine bundled as the app ships it (this file and the
 * engine's workers in one esbuild bundle, run by plain node in a process of its own), as bench bank
 * does; under tsx the TypeScript loader and the modules transpiled apart cost ~110 MB in the fetch
 * worker alone. BENCH_ENGINE=tsx measures this process as it is.
 */
const engineMeasured = process.env.BENCH_ENGINE === 'tsx' ? 'tsx' : 'bundled';
const here = dirname(fileURLToPath(import.meta.url));

if (process.env.BENCH_ROLE === 'sandbox') {
  await serveSandboxRole();
} else if (engineMeasured === 'tsx' || process.env.SYNC_BENCH_BUNDLED === '1') {
  await main();
} else {
  await runBundled();
}

/**
 * The full sync (with its limit) and the nightly each in a bundled process of its own, as run.ts
 * runs each bench: a process's peak RSS is its own. In one process the nightly's store seeding (a
 * first sync of 296k transactions) ran after the full sync and its limit passes, and peaked at
 * 543-556 MB with ~310 MB of heap those left behind, where alone it peaks at ~262 MB; the nightly's
 * peak then measured the malloc arenas the parts before it had grown, not its own (289-308 MB
 * against 258-262 MB alone).
 */
async function runBundled(): Promise<void> {
  const resultsFile = process.env.SYNC_BENCH_RESULTS ?? join(here, 'results', 'sync.json');
  const processes = [[...parts].filter((part) => part !== 'nightly'), [...parts].filter((part) => part === 'nightly')];
  const results: Record<string, unknown> = {};
  for (const [i, ownParts] of processes.filter((own) => own.length > 0).entries()) {
    const partResults = `${resultsFile}.part${i}`;
    await runBundledBench(
      'syncBench',
      fileURLToPath(import.meta.url),
      { SYNC_BENCH_BUNDLED: '1', BENCH_SYNC_PARTS: ownParts.join(','), SYNC_BENCH_RESULTS: partResults },
      [
        ...process.execArgv.filter((flag) => flag === '--expose-gc'),
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      ],
    );
    const { cpuSeconds, ...rest } = JSON.parse(readFileSync(partResults, 'utf8')) as Record<string, unknown>;
    Object.assign(results, rest, { cpuSeconds: { ...(results.cpuSeconds as object), ...(cpuSeconds as object) } });
    rmSync(partResults);
  }
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, JSON.stringify(results));
}

interface Connection extends SandboxConnection {
  child: ChildProcess;
}

async function sandboxProcess(options: object): Promise<Connection> {
  const { info, child } = await startSandboxRole(import.meta.url, options);
  return { ...info, child };
}

async function main(): Promise<void> {
  const { createEngineWithInternals: createEngine } = await import('../electron/engine/engine');
  const { memoryCredentialStore } = await import('../electron/engine/credentials');
  const { silentLogger } = await import('../electron/engine/logger');
  const { ServiceClient } = await import('../electron/engine/api/client');
  const { dayBefore, dayWindow } = await import('../electron/engine/sync/windows');
  const { openStore } = await import('../electron/engine/store/dialect');
  const { pageSource } = await import('../electron/engine/sync/pageSource');
  const { withSyncHeapSettings } = await import('../electron/engine/sync/heapSettings');

  const work = mkdtempSync(join(tmpdir(), 'recon-bench-'));
  const results: Record<string, unknown> = { scale, engine: engineMeasured };
  const cpuSeconds: Record<string, CpuSeconds> = {};
  results.cpuSeconds = cpuSeconds;
  console.log(`measuring the engine ${engineMeasured === 'bundled' ? 'bundled, as the app ships it' : 'under tsx'}`);
  const mb = (kb: number) => Math.round(kb / 1024);

  async function syncOnce(
    conn: Connection,
    db: string,
    clockAt: string,
    from?: string,
    sample: (end?: boolean) => void = () => {},
  ) {
    const engine = await createEngine({
      version: 'bench',
      dataFolder: dirname(db),
      databasePath: db,
      host: 'direct',
      clock: fixedClock(clockAt),
      credentials: memoryCredentialStore({ token: conn.token, secret: conn.secret }),
      logger: silentLogger,
    });
    await engine.call('settings.set', { patch: { serviceUrl: conn.url } });
    // The payer details phase (one GET /txns/:id per transaction) is left out: the figures and their
    // goal are the transactions pass's, as before the phase existed.
    engine.internals.sync.limits = { ...engine.internals.sync.limits, detailsInFlight: 0 };
    const t0 = performance.now();
    let doneMs = 0;
    const phases: Record<string, number> = {};
    let phase = '';
    let phaseStart = t0;
    // Where the memory is at each phase's peak: this thread's JS heap, its buffers (external, the
    // pages' bytes among them), and the rest of the RSS (SQLite's caches, the fetch worker's heap).
    const memory: Record<string, { rssMb: number; heapMb: number; externalMb: number; otherMb: number }> = {};
    engine.on('sync.progress', (p) => {
      // The fetch worker's CPU is read while it lives: it ends with the run. The account ends at
      // 'done': the backup after it is not the sync's.
      sample(p.phase === 'done');
      const m = process.memoryUsage();
      const seen = memory[p.phase];
      if (!seen || m.rss / 1048576 > seen.rssMb) {
        const mbOf = (bytes: number) => Math.round(bytes / 1048576);
        memory[p.phase] = {
          rssMb: mbOf(m.rss),
          heapMb: mbOf(m.heapUsed),
          externalMb: mbOf(m.external),
          otherMb: mbOf(m.rss - m.heapTotal - m.external),
        };
      }
      memoryPhase.now = p.phase;
      if (p.phase !== phase) {
        const now = performance.now();
        if (phase) phases[phase] = Math.round(now - phaseStart);
        phase = p.phase;
        phaseStart = now;
      }
      if (p.phase === 'done') doneMs = performance.now() - t0;
    });
    // After the run's 'done': its checks ('checks'), the record, the backup, the first views built
    // (until data.changed) and the rest to sync.finished, each timed as the phase before it ends.
    const endPhase = (next: string) => {
      memoryPhase.now = next;
      const now = performance.now();
      if (phase) phases[phase] = Math.round(now - phaseStart);
      phase = next;
      phaseStart = now;
    };
    engine.on('data.changed', () => endPhase('announced'));
    let finishedMs = 0;
    engine.on('sync.finished', () => {
      endPhase('');
      finishedMs = performance.now() - t0;
    });
    // The peak's parts: where the RSS the per-phase figures leave as "other" is (memoryParts.ts).
    const { value: summary, peak: peakParts } = await withPeakParts(async () => {
      const started = await engine.internals.sync.start({ trigger: 'manual', from });
      return (await started.finished)!;
    });
    const totalMs = performance.now() - t0;
    if (summary.status !== 'succeeded') throw new Error(`sync ${summary.status}: ${summary.error}`);
    await engine.close();
    console.log(`  phases (ms): ${JSON.stringify(phases)}`);
    console.log(`  memory at each phase's peak (MB): ${JSON.stringify(memory)}`);
    console.log(`  the peak's parts (MB): ${JSON.stringify(peakParts)}`);
    return { summary, syncMs: doneMs, backupMs: totalMs - doneMs, phases, finishedMs, peakParts };
  }

  if (parts.has('full') || parts.has('fetch')) {
    // ---------- full sync of 1M ----------
    const total = Math.round(1_000_000 * scale);
    const scenarioDays = 90;
    const from = addDays(todayCentral(fixedClock(NOW)), -scenarioDays);
    const big = await sandboxProcess({ seed: 1, now: NOW, scenario: { days: scenarioDays, totalTransactions: total } });
    const dbFull = join(work, 'full', 'district-recon.sqlite');
    // BENCH_SYNC_PARTS=fetch: the two fetch-and-parse passes alone, no sync (a quick look at the fetcher).
    const syncRun = parts.has('full') ? await fullSync() : null;
    async function fullSync() {
      mkdirSync(dirname(dbFull), { recursive: true });
      const rssBefore = process.resourceUsage().maxRSS;
      const peakFull = await withPeakRss(() =>
        withCpuAccount(big.child.pid, (sample) => syncOnce(big, dbFull, NOW, from, sample)),
      );
      const measured = peakFull.value;
      const full = measured.value;
      cpuSeconds.fullSync = measured.cpu;
      const rows = full.summary.transactionsInserted;
      results.transactions = rows;
      results.syncSeconds = +(full.syncMs / 1000).toFixed(2);
      results.syncRowsPerSecond = Math.round(rows / (full.syncMs / 1000));
      results.backupSeconds = +(full.backupMs / 1000).toFixed(2);
      results.peakRssMb = mb(process.resourceUsage().maxRSS);
      results.peakRssMbFullSyncOwn = peakFull.peakMb;
      results.rssBeforeMb = mb(rssBefore);
      results.peakPartsFullSync = full.peakParts;
      console.log(
        `full sync: ${rows} transactions in ${results.syncSeconds} s (${results.syncRowsPerSecond} rows/s), backup ${results.backupSeconds} s, peak RSS ${results.peakRssMb} MB; ${describeCpu(measured.cpu)} (to its end, the backup after it not included)`,
      );
      return { full, measured };
    }

    // (a) fetch + parse the same pages the sync reads (payees, accounts, each day's transactions, the
    // batches, each day's GL batches), storing nothing, one request after another on this thread.
    // Both passes run under the sync's heap settings (heapSettings.ts), as the sync does: without
    // them about half the fetch workers tenured a parser's site and took up to half again as long, a limit that
    // flattered the sync.
    const client = new ServiceClient({ baseUrl: big.url, token: big.token, secret: big.secret });
    const days = [...eachBusinessDate(from, todayCentral(fixedClock(NOW)))];
    const fetchReferenceAndBatches = async () => {
      let batches = 0;
      await client.payees();
      await client.glAccounts();
      for await (const page of client.batchPages(dayBefore(from))) batches += page.objects.length;
      return batches;
    };
    let fetched = 0;
    let glFetched = 0;
    let t0 = performance.now();
    const cpuA = await withCpuAccount(big.child.pid, () =>
      withSyncHeapSettings(async () => {
        await fetchReferenceAndBatches();
        for (const day of days) {
          const window = dayWindow(day);
          for await (const page of client.transactionPages({ after: window.after, before: window.before }))
            fetched += page.objects.length;
        }
        for (const day of days)
          for await (const page of client.glBatchPages({ startDate: dayBefore(day), endDate: day }))
            glFetched += page.objects.length;
      }),
    );
    const threadFetchMs = performance.now() - t0;
    cpuSeconds.fetchParseThread = cpuA.cpu;
    results.fetchParseSeconds = +(threadFetchMs / 1000).toFixed(2);
    console.log(
      `(a) fetch + parse only: ${fetched} transactions, ${glFetched} GL rows and the reference pages in ${results.fetchParseSeconds} s (${Math.round(fetched / (threadFetchMs / 1000))} rows/s); ${describeCpu(cpuA.cpu)}`,
    );
    // (a') the same pages through the sync's own fetcher (the day walks on its worker thread, fetched
    // ahead), storing nothing; the limit takes the faster of (a) and (a'), so the sync is not
    // flattered by fetching better than (a).
    const source = pageSource(client);
    t0 = performance.now();
    let fetchedAhead = 0;
    const cpuAhead = await withCpuAccount(big.child.pid, (sample) =>
      withSyncHeapSettings(async () => {
        await fetchReferenceAndBatches();
        const feed = await source.transactionDays(days, null);
        for (let item = await feed.next(); item; item = await feed.next()) fetchedAhead += item.value.rows;
        const glFeed = await source.glDays(days);
        while (await glFeed.next());
        sample();
      }),
    );
    cpuSeconds.fetchParseSyncFetcher = cpuAhead.cpu;
    const aheadMs = performance.now() - t0;
    results.fetchParseSyncFetcherSeconds = +(aheadMs / 1000).toFixed(2);
    results.syncFetcher = await source.where();
    await source.close();
    console.log(
      `(a') fetch + parse, the sync's fetcher (${results.syncFetcher}): ${fetchedAhead} transactions and the same other pages in ${results.fetchParseSyncFetcherSeconds} s; ${describeCpu(cpuAhead.cpu)}`,
    );
    const fetchMs = Math.min(threadFetchMs, aheadMs);
    if (syncRun)
      await limitAndRatio(
        dbFull,
        syncRun.full,
        syncRun.measured,
        fetchMs,
        threadFetchMs <= aheadMs ? cpuA.cpu : cpuAhead.cpu,
      );
    big.child.stdin!.end();
    big.child.kill();
  }

  /** (b), the limit (the slower of fetching and writing) and the sync's ratio to it. */
  async function limitAndRatio(
    dbFull: string,
    full: Awaited<ReturnType<typeof syncOnce>>,
    measured: { cpu: CpuSeconds },
    fetchMs: number,
    fetchCpu: CpuSeconds,
  ) {
    let t0: number;
    // (b) raw prepared upserts of the same rows (read back from the synced store) into a fresh store.
    const stored = await openStore(dbFull);
    const target = await openStore(join(work, 'raw', 'district-recon.sqlite').replace(/raw[/\\]/, 'raw-')); // fresh, same schema
    const cols = `id, order_id, payee_id, payment_method, status, status_message, amount_cents, amount_refunded_cents, convenience_fee_cents,
    tax_cents, shipping_cents, batch_id, data, payer_name, gl_account_id, business_date, raw, first_seen_at, updated_at, first_seen_run_id`;
    const readPage = stored.writer.sqlite.prepare(
      `SELECT ${cols} FROM transactions WHERE id > ? ORDER BY id LIMIT 100`,
    );
    const readItems = stored.writer.sqlite.prepare(
      `SELECT * FROM transaction_items WHERE transaction_id BETWEEN ? AND ?`,
    );
    const names = cols.split(',').map((c) => c.trim());
    const upsert = target.writer.sqlite.prepare(
      `INSERT INTO transactions (${cols}) VALUES (${names.map((n) => '@' + n).join(', ')})
     ON CONFLICT(id) DO UPDATE SET ${names
       .filter((n) => n !== 'id')
       .map((n) => `${n} = excluded.${n}`)
       .join(', ')}`,
    );
    const upsertItem = target.writer.sqlite.prepare(
      `INSERT OR REPLACE INTO transaction_items (transaction_id, item_id, item_name, amount_cents, gl_account_id, student_number, student_name, raw)
     VALUES (@transaction_id, @item_id, @item_name, @amount_cents, @gl_account_id, @student_number, @student_name, @raw)`,
    );
    const writePage = target.writer.sqlite.transaction(
      (page: Array<Record<string, unknown>>, items: Array<Record<string, unknown>>) => {
        for (const row of page) upsert.run(row);
        for (const item of items) upsertItem.run(item);
      },
    );
    let written = 0;
    let writeMs = 0;
    let last = 0;
    for (;;) {
      const page = readPage.all(last) as Array<Record<string, unknown>>;
      if (!page.length) break;
      const items = readItems.all(page[0]!.id, page.at(-1)!.id) as Array<Record<string, unknown>>;
      last = page.at(-1)!.id as number;
      t0 = performance.now();
      writePage(page, items);
      writeMs += performance.now() - t0;
      written += page.length;
    }
    // The deposits and GL-batch rows too, a day per transaction, as the sync writes them.
    for (const table of ['batches', 'gl_batches']) {
      const all = stored.writer.sqlite.prepare(`SELECT * FROM ${table} ORDER BY date`).all() as Array<
        Record<string, unknown>
      >;
      if (!all.length) continue;
      const names = Object.keys(all[0]!);
      const insert = target.writer.sqlite.prepare(
        `INSERT OR REPLACE INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => '@' + n).join(', ')})`,
      );
      const writeDay = target.writer.sqlite.transaction((rows: Array<Record<string, unknown>>) => {
        for (const row of rows) insert.run(row);
      });
      t0 = performance.now();
      for (let i = 0; i < all.length;) {
        let j = i;
        while (j < all.length && all[j]!.date === all[i]!.date) j++;
        writeDay(all.slice(i, j));
        i = j;
      }
      writeMs += performance.now() - t0;
    }
    await stored.close();
    await target.close();
    results.rawUpsertSeconds = +(writeMs / 1000).toFixed(2);
    console.log(
      `(b) raw prepared upserts: ${written} transactions (and the batches and GL rows) in ${results.rawUpsertSeconds} s (${Math.round(written / (writeMs / 1000))} rows/s)`,
    );
    const limitMs = Math.max(fetchMs, writeMs);
    results.limitSeconds = +(limitMs / 1000).toFixed(2);
    results.ratioToLimit = +(full.syncMs / limitMs).toFixed(2);
    // Issue 31's goal (issue 13's was 1.3).
    results.goalRatio = 1.15;
    console.log(`sync / limit = ${results.ratioToLimit} (goal <= ${results.goalRatio})`);
    results.twoCores = twoCoreFloor(fetchCpu, limitMs / 1000, measured.cpu, full.syncMs / 1000);
    console.log(`two cores: ${JSON.stringify(results.twoCores)}`);
  }

  if (parts.has('nightly')) {
    // ---------- nightly: ~5k new transactions + 60-day refresh on a ~300k store ----------
    const nightlyTotal = Math.round(300_000 * scale);
    const nightlyDays = 120;
    const night = await sandboxProcess({
      seed: 2,
      now: NOW,
      scenario: { days: nightlyDays, totalTransactions: nightlyTotal },
    });
    const dbNight = join(work, 'night', 'district-recon.sqlite');
    mkdirSync(dirname(dbNight), { recursive: true });
    // The store as of the Friday afternoon before (NOW is a Tuesday afternoon); then the long weekend's and
    // Monday's transactions (~5k at full scale) arrive in one nightly run, with the 60-day refresh.
    const behind = Temporal.Instant.from(NOW).subtract({ hours: 96 }).toString();
    const seeded = process.env.BENCH_NIGHTLY_STORE ? join(process.env.BENCH_NIGHTLY_STORE, `scale-${scale}`) : null;
    const storeFiles = ['district-recon.sqlite', 'district-recon.sqlite-wal', 'district-recon.sqlite-shm'];
    const copyStore = (fromDir: string, toDir: string) => {
      mkdirSync(toDir, { recursive: true });
      for (const file of storeFiles)
        if (existsSync(join(fromDir, file))) copyFileSync(join(fromDir, file), join(toDir, file));
    };
    let storeTransactions: number;
    if (seeded && existsSync(join(seeded, 'seeded.json'))) {
      copyStore(seeded, dirname(dbNight));
      storeTransactions = (JSON.parse(readFileSync(join(seeded, 'seeded.json'), 'utf8')) as { transactions: number })
        .transactions;
      console.log(`nightly: starting from the seeded store in ${seeded}`);
    } else {
      const initial = await syncOnce(night, dbNight, behind, addDays(todayCentral(fixedClock(NOW)), -nightlyDays));
      storeTransactions = initial.summary.transactionsInserted;
      if (seeded) {
        copyStore(dirname(dbNight), seeded);
        writeFileSync(join(seeded, 'seeded.json'), JSON.stringify({ transactions: storeTransactions }));
      }
    }
    // The nightly's own peak, not the process's: the limit passes above read far more at once.
    const peakNightly = await withPeakRss(() =>
      withCpuAccount(night.child.pid, (sample) => syncOnce(night, dbNight, NOW, undefined, sample)),
    );
    const nightly = peakNightly.value.value;
    cpuSeconds.nightly = peakNightly.value.cpu;
    results.nightlyStoreTransactions = storeTransactions;
    results.nightlyPhasesMs = nightly.phases;
    results.nightlyToFinishedSeconds = +(nightly.finishedMs / 1000).toFixed(2);
    results.nightlyNewTransactions = nightly.summary.transactionsInserted;
    results.nightlyUpdated = nightly.summary.transactionsUpdated;
    results.nightlyChanges = nightly.summary.changesRecorded;
    results.nightlySeconds = +(nightly.syncMs / 1000).toFixed(2);
    results.peakRssMbAfterNightly = mb(process.resourceUsage().maxRSS);
    results.peakRssMbNightlyOwn = peakNightly.peakMb;
    results.peakPartsNightly = nightly.peakParts;
    console.log(
      `nightly: ${results.nightlyNewTransactions} new, ${results.nightlyUpdated} updated, ${results.nightlyChanges} changes on a ${results.nightlyStoreTransactions}-transaction store in ${results.nightlySeconds} s (to sync.finished ${results.nightlyToFinishedSeconds} s); ${describeCpu(cpuSeconds.nightly)}`,
    );
    night.child.stdin!.end();
    night.child.kill();
  }

  rmSync(work, { recursive: true, force: true });
  const out = process.env.SYNC_BENCH_RESULTS ?? join(here, 'results', 'sync.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results));
}

/**
 * What two cores allow (issue 31). The limit run already keeps the sandbox and the parsing busy; if
 * that fills both cores, the writer's CPU cannot hide in its shadow, and the sync can be no faster
 * than all the CPU it needs shared by two cores: (limit CPU + writer CPU) / 2. `floorRatio` is that
 * time over the limit (never under 1); `fullSyncCpuOver2` is the same bound from what the full sync
 * itself spent (the sandbox and every thread of ours, up to its 'done').
 */
function twoCoreFloor(limit: CpuSeconds, limitSeconds: number, sync: CpuSeconds, syncSeconds: number) {
  const limitCpu = (limit.sandbox ?? 0) + limit.recon;
  const writerCpu = sync.mainThread ?? 0;
  const syncCpu = (sync.sandbox ?? 0) + sync.recon;
  return {
    limitCpuSeconds: +limitCpu.toFixed(2),
    limitCoresBusy: +(limitCpu / limitSeconds).toFixed(2),
    writerCpuSeconds: writerCpu,
    floorRatio: +Math.max(1, (limitCpu + writerCpu) / 2 / limitSeconds).toFixed(2),
    syncCpuSeconds: +syncCpu.toFixed(2),
    syncCoresBusy: +(syncCpu / syncSeconds).toFixed(2),
    fullSyncCpuOver2: +(syncCpu / 2 / limitSeconds).toFixed(2),
  };
}
