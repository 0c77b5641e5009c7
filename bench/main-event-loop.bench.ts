/**
 * Does the engine block Electron's main process? The desktop app runs the engine in the main
 * process, whose event loop also serves IPC replies, menus, window moves and resizes. This bench
 * runs a first sync (and then a GL export of the synced range) in this process, like main would,
 * against the sandbox service in ANOTHER process (as the real service is remote), and measures:
 *  - event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution): p50/p99/max;
 *  - the latency of a cheap contract call (`sync.status`) due every 50 ms, as the renderer would
 *    poll while showing progress, counted from when it was due (so time the loop was blocked
 *    before it could even be sent counts): p50/p99/max and how many took over 100 ms / 250 ms.
 * Loop-delay figures include the 10 ms sampling resolution (an idle loop reads about 10 ms).
 * Decision rule (see electron/main/index.ts): the engine stays in main while the loop-delay p99
 * stays under 100 ms and no stall exceeds 250 ms during sync or export; otherwise it moves to a
 * utilityProcess. (Contract-call latency is reported too; it includes waiting for the database.)
 * BENCH_SCALE shrinks the transaction volume.
 */
import { sqliteOf } from '../test/helpers/db';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fixedClock } from '../shared/time';
import { createEngineWithInternals as createEngine } from '../electron/engine/engine';
import { memoryCredentialStore } from '../electron/engine/credentials';
import { silentLogger } from '../electron/engine/logger';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const scale = Number(process.env.BENCH_SCALE ?? '1');
const DAYS = 90;
const VOLUME = Math.max(20, Math.round(300 * scale));
const NOW = '2026-03-10T20:00:00Z';

interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
  over100: number;
  over250: number;
}

function summarise(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return {
    count: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: Number((sorted.at(-1) ?? 0).toFixed(1)),
    over100: sorted.filter((ms) => ms > 100).length,
    over250: sorted.filter((ms) => ms > 250).length,
  };
}

async function startSandboxProcess(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      join(root, 'electron/cli/bin.mjs'),
      'sandbox',
      'serve',
      '--seed',
      '3',
      '--days',
      String(DAYS),
      '--volume',
      String(VOLUME),
      '--now',
      NOW,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] && /data:.*\n/.test(output)) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited (${code}): ${output}`)));
  });
  const data = /data:\s+(.*)/.exec(output)?.[1] ?? '';
  process.stdout.write(`sandbox in its own process: ${data}\n`);
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Runs `work` while measuring loop delay and polling `sync.status` every 50 ms. */
async function measure(label: string, poll: () => Promise<unknown>, work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const calls: number[] = [];
  let running = true;
  // A request "arrives" every 50 ms on a fixed cadence; its latency runs from when it should have
  // been sent to when its reply came, so time the loop spent blocked before sending counts too.
  const poller = (async () => {
    const first = performance.now();
    for (let k = 1; running; k++) {
      const due = first + k * 50;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      if (!running) break;
      await poll();
      calls.push(Math.max(0, performance.now() - due));
    }
  })();
  histogram.enable();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  histogram.disable();
  running = false;
  await poller;
  const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
  const result = {
    seconds: Number(seconds.toFixed(2)),
    loopDelayMs: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) },
    callLatencyMs: summarise(calls),
  };
  process.stdout.write(`${label}: ${JSON.stringify(result)}\n`);
  return result;
}

const sandbox = await startSandboxProcess();
const folder = mkdtempSync(join(tmpdir(), 'recon-loop-'));
try {
  const engine = await createEngine({
    version: 'bench',
    dataFolder: folder,
    host: 'direct',
    clock: fixedClock(NOW),
    credentials: memoryCredentialStore({ token: 'sandbox-token', secret: 'sandbox-secret' }),
    logger: silentLogger,
  });
  await engine.call('settings.set', { patch: { serviceUrl: sandbox.url, sandboxMode: false, firstSyncDays: DAYS } });
  const poll = () => engine.call('sync.status', {});

  const idle = await measure('idle', poll, () => new Promise((resolve) => setTimeout(resolve, 1000)));
  const sync = await measure('first sync', poll, async () => {
    const finished = new Promise<void>((resolve) => {
      const off = engine.on('sync.finished', () => (off(), resolve()));
    });
    await engine.call('sync.start', {});
    await finished;
  });
  const counts = sqliteOf(engine.internals.store)
    .prepare('SELECT (SELECT count(*) FROM transactions) AS transactions, (SELECT count(*) FROM gl_batches) AS glRows')
    .get() as {
    transactions: number;
    glRows: number;
  };
  const lastRun = (await engine.call('sync.runs', { limit: 1 }))[0];
  const exportFile = join(folder, 'export.xlsx');
  const exported = await measure('GL export (xlsx)', poll, () =>
    engine.call('export.glBatches', { from: '2025-12-10', to: '2026-03-09', layout: 'xlsx', file: exportFile }),
  );
  await engine.close();

  // Moving the engine to a utilityProcess frees main's event loop, so the loop delay decides. The
  // call latency also counts waiting for the engine's one database connection, which a utility
  // process would not change (the same engine would still run one query at a time).
  const loopP99 = Math.max(sync.loopDelayMs.p99, exported.loopDelayMs.p99);
  const loopMax = Math.max(sync.loopDelayMs.max, exported.loopDelayMs.max);
  const ok = loopP99 < 100 && loopMax <= 250;
  const result = {
    scale,
    days: DAYS,
    volumePerWeekday: VOLUME,
    syncStatus: lastRun?.status,
    ...counts,
    idle,
    sync,
    export: exported,
    goals: { loopDelayP99Under100ms: loopP99 < 100, noLoopStallOver250ms: loopMax <= 250 },
    decision: ok ? 'main process' : 'utilityProcess',
  };
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'main-event-loop.json'), JSON.stringify(result));
  process.stdout.write(
    `decision: engine in the ${result.decision} (worst loop-delay p99 ${loopP99} ms, longest stall ${loopMax} ms)\n`,
  );
} finally {
  sandbox.stop();
  rmSync(folder, { recursive: true, force: true });
}
