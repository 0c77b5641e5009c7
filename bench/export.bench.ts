/**
 * 100k GL rows (x BENCH_SCALE) to .xlsx: our exporter (sheet XML into a zip as the rows are read,
 * xlsxWriter.ts, exceljs's streaming writer until issue 31; reading a snapshot of the store as it
 * writes) against SheetJS writing the same rows, each in its own child process so each peak memory
 * (max RSS) is its own and neither loads the other's library. Goal: no slower than SheetJS, peak
 * under 250 MB. Each child also reports its baseline (RSS once its modules are
 * loaded, before it opens the store: under `node --import tsx` that alone is ~150 MB, tsx's loader
 * thread included) and the delta the export adds to it.
 *
 * Then the same export from PostgreSQL (a throwaway cluster, scripts/postgresCluster.ts, holding a
 * copy of the same store): its rows stream through a cursor as SQLite's do, under the same goals.
 * BENCH_EXPORT_DIALECTS=sqlite or =postgres measures one of them.
 *
 * Each child's figures are printed, and bench/results/export.json rewritten, as soon as that child
 * ends: a run stopped part way still says what it measured. Above SHEETJS_MAX_ROWS the SheetJS
 * comparison is skipped (and the result says so).
 *
 * The children run this file bundled as the app ships its engine (bundleEngine.ts): under
 * `node --import tsx` the loader alone held ~130-150 MB of each child's peak, which the app never
 * pays. BENCH_ENGINE=tsx runs them under tsx as before.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { fileURLToPath } from 'node:url';
import {
  copySqliteToPostgres,
  openPostgresEngineStore,
  openPostgresStore,
  openStore,
  type Store,
} from '../electron/engine/store/dialect';
import { createDatabase, startCluster, stopCluster } from '../scripts/postgresCluster';
import { bundleWithEngineWorkers } from './support/bundleEngine';
import type { GlExportRow } from '../electron/engine/store/glBatches';

const here = dirname(fileURLToPath(import.meta.url));
const scale = Number(process.env.BENCH_SCALE ?? '1');
const ROWS = Math.max(1000, Math.round(100_000 * scale));
/**
 * SheetJS holds the whole sheet as cell objects: at 1M rows it was still writing after 12 minutes at
 * 2.3 GB RSS (stop 35). Above this many rows the comparison says nothing we need and costs the run.
 */
const SHEETJS_MAX_ROWS = 200_000;
const FROM = '2025-07-01';
const TO = '2026-06-30';

async function seed(path: string): Promise<void> {
  const store = await openStore(path);
  const insertGl = store.writer.sqlite.prepare(
    `INSERT INTO gl_batches (gl_batch_id, date, batch_id, payee_id, gl_account_id, gl_number, gl_label, amount_cents, amount_without_fees_cents, count, raw, synced_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', '2026-07-01T00:00:00Z')`,
  );
  const insertBatch = store.writer.sqlite.prepare(
    `INSERT INTO batches (id, payee_id, date, payment_method, total_cents, fees_cents, partial_cents, total_count, raw, first_seen_at, updated_at)
     VALUES (?, ?, ?, 'CC', 0, 0, 0, 0, '{}', '', '')`,
  );
  store.writer.sqlite.transaction(() => {
    for (let p = 1; p <= 20; p++) {
      store.writer.sqlite
        .prepare(`INSERT INTO payees VALUES (?, ?, ?, 0, '{}', '')`)
        .run(p, `School ${p} Activities`, `M${p}`);
    }
    const days = 365;
    const perBatch = 10;
    for (let i = 0; i < ROWS; i++) {
      const batch = Math.floor(i / perBatch);
      const date = new Date(Date.UTC(2025, 6, 1) + (batch % days) * 86_400_000).toISOString().slice(0, 10);
      if (i % perBatch === 0) insertBatch.run(String(800_000 + batch), (batch % 20) + 1, date);
      const account = (i % perBatch) + 1;
      const cents = 100 + ((i * 7919) % 500_000);
      insertGl.run(
        `${800_000 + batch}-${account}`,
        date,
        String(800_000 + batch),
        (batch % 20) + 1,
        `gl-${account}`,
        `4${account}00-000`,
        `Revenue line ${account}`,
        cents,
        cents - (i % 3),
        i % 9,
      );
    }
  })();
  await store.close();
}

/** cpuSeconds: the child's own CPU (all its threads) over the export, a figure the machine's load does not inflate as it does seconds. */
type Measured = {
  rows: number;
  seconds: number;
  cpuSeconds: number;
  baselineMb: number;
  peakMb: number;
  bytes: number;
  /** The largest of each part of the memory seen while it ran (sampled every 20 ms), MB: where the peak goes. */
  sampledPeaks?: { heapUsedMb: number; heapTotalMb: number; externalMb: number; atStart?: object };
  /** Seconds from the start to the first GL row's progress: the claim and the checks before writing. */
  firstRowSeconds?: number;
};

/** Samples the JavaScript heap and the memory outside it while `work` runs. */
async function sampledPeaks<T>(work: () => Promise<T>): Promise<{ value: T; peaks: Measured['sampledPeaks'] }> {
  const peaks = { heapUsedMb: 0, heapTotalMb: 0, externalMb: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    peaks.heapUsedMb = Math.max(peaks.heapUsedMb, mb(m.heapUsed));
    peaks.heapTotalMb = Math.max(peaks.heapTotalMb, mb(m.heapTotal));
    peaks.externalMb = Math.max(peaks.externalMb, mb(m.external + m.arrayBuffers));
  };
  sample();
  const atStart = { ...peaks };
  const timer = setInterval(sample, 20);
  // BENCH_EXPORT_MEMORY_TRACE=1: the parts once a second on stderr, to see which phase holds the peak.
  const started = performance.now();
  const trace = process.env.BENCH_EXPORT_MEMORY_TRACE
    ? setInterval(() => {
        const m = process.memoryUsage();
        const mb = (n: number) => Math.round(n / 1024 / 1024);
        process.stderr.write(
          `${Math.round((performance.now() - started) / 1000)} s: rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} external ${mb(m.external + m.arrayBuffers)}\n`,
        );
      }, 1000)
    : undefined;
  try {
    return { value: await work(), peaks: { ...peaks, atStart } };
  } finally {
    clearInterval(timer);
    clearInterval(trace);
    sample();
  }
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

/** A SQLite file's path, or a PostgreSQL URL. */
const openAny = (db: string): Promise<Store> =>
  db.startsWith('postgres') ? openPostgresEngineStore(db, { create: false }) : openStore(db);

/** The seeded file copied to a new database of the cluster, as `district-recon migrate-to` does. */
async function copyToPostgres(file: string, clusterUrl: string): Promise<string> {
  const url = await createDatabase(clusterUrl, 'bench_export');
  const source = await openStore(file, { create: false });
  const server = await openPostgresStore(url);
  try {
    await copySqliteToPostgres(source.reader.sqlite, server.writer);
  } finally {
    await server.close();
    await source.close();
  }
  return url;
}

/**
 * BENCH_EXPORT_HEAP_SNAPSHOT=<folder>: a heap snapshot there when the export has written half its
 * GL rows (what the heap holds mid-way, to read in Chrome's DevTools).
 */
function snapshotHalfway(): ((rows: number, totalRows: number) => void) | undefined {
  const folder = process.env.BENCH_EXPORT_HEAP_SNAPSHOT;
  if (!folder) return undefined;
  let taken = false;
  return (rows, totalRows) => {
    if (taken || rows < totalRows / 2) return;
    taken = true;
    process.stderr.write(`heap snapshot: ${writeHeapSnapshot(join(folder, `export-${rows}.heapsnapshot`))}\n`);
  };
}

async function runOurs(db: string, out: string): Promise<Measured> {
  const { exportGlBatches } = await import('../electron/engine/export');
  const baselineMb = rssMb();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const store = await openAny(db);
  const halfway = snapshotHalfway();
  // The claim, the untied deposits and the counts come before the first row is written.
  let firstRowSeconds: number | undefined;
  const { value: result, peaks } = await sampledPeaks(() =>
    exportGlBatches(
      { from: FROM, to: TO, layout: 'xlsx', file: out },
      {
        store,
        dataFolder: dirname(out),
        settings: { clearingAccount: '1010', escapeOrgId: '', escapeDeptId: '', escapeJeType: 'JE' },
        createdBy: 'bench',
        now: new Date().toISOString(),
        onProgress: (rows, totalRows) => {
          firstRowSeconds ??= (performance.now() - started) / 1000;
          halfway?.(rows, totalRows);
        },
      },
    ),
  );
  await store.close();
  return {
    ...finish(result.record.rowCount, baselineMb, started, cpuBefore, out),
    sampledPeaks: peaks,
    firstRowSeconds: firstRowSeconds ?? 0,
  };
}

/** SheetJS has no streaming xlsx writer: it takes the whole sheet as an array, so the rows are read first. */
async function runSheetjs(db: string, out: string): Promise<Measured> {
  const XLSX = await import('xlsx');
  const { glRowsOf } = await import('../electron/engine/store/glBatches');
  const baselineMb = rssMb();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const store = await openStore(db);
  const rows: GlExportRow[] = [];
  for await (const row of (await glRowsOf(store.writer, { from: FROM, to: TO })).rows()) rows.push(row);
  await store.close();
  const aoa: unknown[][] = [
    [
      'Date',
      'Batch',
      'Payee',
      'Payment method',
      'GL batch',
      'Chart of Accounts number',
      'Chart of Accounts label',
      'Amount',
      'Amount without fees',
      'Count',
    ],
  ];
  for (const r of rows) {
    const [y, m, d] = r.date.split('-').map(Number) as [number, number, number];
    aoa.push([
      new Date(Date.UTC(y, m - 1, d)),
      r.batchId,
      r.payeeName,
      r.paymentMethod,
      r.glBatchId,
      r.glNumber,
      r.glLabel,
      r.amountCents / 100,
      r.amountWithoutFeesCents / 100,
      r.count,
    ]);
  }
  const sheet = XLSX.utils.aoa_to_sheet(aoa, { cellDates: true });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'GL Batches');
  XLSX.writeFile(book, out, { compression: true });
  return finish(rows.length, baselineMb, started, cpuBefore, out);
}

function finish(rows: number, baselineMb: number, started: number, cpuBefore: NodeJS.CpuUsage, out: string): Measured {
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  return { rows, seconds, cpuSeconds, baselineMb, peakMb, bytes: statSync(out).size };
}

const [, , mode, db, out] = process.argv;
if (mode === 'ours' || mode === 'sheetjs') {
  const measured = await (mode === 'ours' ? runOurs(db!, out!) : runSheetjs(db!, out!));
  process.stdout.write(JSON.stringify(measured));
} else {
  const folder = mkdtempSync(join(tmpdir(), 'recon-bench-export-'));
  const dialects = process.env.BENCH_EXPORT_DIALECTS?.split(',') ?? ['sqlite', 'postgres'];
  try {
    const db = join(folder, 'bench.sqlite');
    await seed(db);
    // PostgreSQL's copy is taken from the store as seeded: the SQLite export claims every deposit,
    // and a copy made after it would leave PostgreSQL's export nothing to post.
    const seeded = join(folder, 'seeded.sqlite');
    copyFileSync(db, seeded);
    if (existsSync(`${db}-wal`)) copyFileSync(`${db}-wal`, `${seeded}-wal`);
    const round = (n: number) => Math.round(n * 100) / 100;
    const figures = (m: Measured) => ({
      seconds: round(m.seconds),
      cpuSeconds: round(m.cpuSeconds),
      peakMb: round(m.peakMb),
      baselineMb: round(m.baselineMb),
      deltaMb: round(m.peakMb - m.baselineMb),
      bytes: m.bytes,
      ...(m.sampledPeaks ? { sampledPeaks: m.sampledPeaks } : {}),
      ...(m.firstRowSeconds !== undefined ? { firstRowSeconds: round(m.firstRowSeconds) } : {}),
    });
    const engineMeasured = process.env.BENCH_ENGINE === 'tsx' ? 'tsx' : 'bundled';
    const childCommand = [fileURLToPath(import.meta.url)];
    if (engineMeasured === 'tsx') childCommand.unshift('--import', 'tsx');
    else {
      const bundled = fileURLToPath(new URL('../node_modules/.cache/exportBench', import.meta.url));
      await bundleWithEngineWorkers({ exportBench: fileURLToPath(import.meta.url) }, bundled);
      childCommand[0] = join(bundled, 'exportBench.js');
    }
    const result: Record<string, unknown> = { glRows: ROWS, engine: engineMeasured, loadBefore: loadavg().map(round) };
    const save = () => {
      mkdirSync(join(here, 'results'), { recursive: true });
      writeFileSync(join(here, 'results', 'export.json'), JSON.stringify(result));
    };
    /** Runs one child; its figures are printed and saved as soon as it ends. */
    const measure = (label: string, which: 'ours' | 'sheetjs', source: string, file: string) => {
      // BENCH_EXPORT_NODE_FLAGS: node flags for the exporter child (e.g. --cpu-prof --cpu-prof-dir=DIR,
      // --trace-gc: its lines go to stderr).
      const nodeFlags = process.env.BENCH_EXPORT_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
      const child = spawnSync(process.execPath, [...nodeFlags, ...childCommand, which, source, join(folder, file)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      if (child.status !== 0) throw new Error(`${label} failed (exit ${child.status ?? child.signal})`);
      // The figures are the child's last line; node flags such as --trace-gc print before it.
      const lines = child.stdout.trimEnd().split('\n');
      const measured = JSON.parse(lines.pop()!) as Measured;
      if (lines.length) process.stderr.write(`${lines.join('\n')}\n`);
      if (measured.rows !== ROWS) throw new Error(`${label} wrote ${measured.rows} rows, not ${ROWS}`);
      const shown = figures(measured);
      process.stdout.write(
        `${label}: ${shown.seconds} s (${shown.cpuSeconds} s CPU), peak ${shown.peakMb} MB (baseline ${shown.baselineMb} MB + ${shown.deltaMb} MB), ${shown.bytes} bytes${shown.firstRowSeconds !== undefined ? `; first row at ${shown.firstRowSeconds} s` : ''}${shown.sampledPeaks ? `; sampled peaks ${JSON.stringify(shown.sampledPeaks)}` : ''}\n`,
      );
      return measured;
    };
    if (dialects.includes('sqlite')) {
      const ours = measure('sqlite ours', 'ours', db, 'ours.xlsx');
      // The key earlier runs' figures have, so old and new results compare.
      result.exceljsStreaming = { ...figures(ours), sheets: 3 };
      result.goals = { under30s: ours.seconds < 30, under250Mb: ours.peakMb < 250 };
      save();
      if (ROWS <= SHEETJS_MAX_ROWS) {
        const sheetjs = measure('sqlite sheetjs', 'sheetjs', db, 'sheetjs.xlsx');
        result.sheetjs = { ...figures(sheetjs), sheets: 1 };
        result.goals = { ...(result.goals as object), noSlowerThanSheetjs: ours.seconds <= sheetjs.seconds };
      } else {
        const why = `skipped above ${SHEETJS_MAX_ROWS} rows: SheetJS holds the whole sheet in memory (2.3 GB and over 12 minutes at 1M rows)`;
        result.sheetjs = { skipped: why };
        process.stdout.write(`sqlite sheetjs: ${why}\n`);
      }
      save();
    }
    if (dialects.includes('postgres')) {
      const cluster = await startCluster();
      try {
        const ours = measure('postgres ours', 'ours', await copyToPostgres(seeded, cluster.url), 'postgres.xlsx');
        result.postgres = {
          exceljsStreaming: { ...figures(ours), sheets: 3 },
          goals: { under30s: ours.seconds < 30, under250Mb: ours.peakMb < 250 },
        };
        save();
      } finally {
        await stopCluster(cluster.dir);
      }
    }
    result.loadAfter = loadavg().map(round);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    save();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
