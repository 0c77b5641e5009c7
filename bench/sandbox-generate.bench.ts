/**
 * Sandbox scale: time and memory to generate 1M transactions (settled, batched, GL rows formed),
 * then the time of paged queries over HTTP against that state. BENCH_SCALE=0.1 for a quick look.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basicCredentials, generateScenario, startSandbox } from '../electron/sandbox/index';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const target = Math.round(1_000_000 * scale);
const gc = (globalThis as { gc?: () => void }).gc;
const now = '2026-03-10T20:00:00Z';
const days = 365;

gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let started = performance.now();
const state = generateScenario({ seed: 1, now, days, totalTransactions: target });
const generateMs = performance.now() - started;
gc?.();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
const transactions = state.transactions.length;
console.log(
  `generated ${transactions} transactions, ${state.batches.length} batches, ${state.glGroups.length} GL base rows in ${Math.round(generateMs)} ms; heap +${Math.round(heapMb)} MB (${Math.round((heapMb * 1e6) / transactions)} B/txn)`,
);

// Queries: a started server over the same options (generation again, timed separately).
started = performance.now();
const server = await startSandbox({ seed: 1, now, scenario: { days, totalTransactions: target } });
const startMs = performance.now() - started;
const headers = { Authentication: basicCredentials(server.token, server.secret) };
async function timed(path: string, repeat = 20): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < repeat; i++) {
    const response = await fetch(server.url + path, { headers });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  }
  return (performance.now() - t0) / repeat;
}
const batch = state.batches[Math.floor(state.batches.length / 2)]!;
const queries = {
  dayWindowMs: await timed('/txns?after=2026-01-15%2000:00:00&before=2026-01-16%2000:00:00&limit=100&offset=100'),
  sinceMs: await timed(`/txns?since=${state.firstTxnId + Math.floor(transactions / 2)}&limit=100`),
  batchMs: await timed(`/txns?batch=${batch.id}&limit=100`),
  deepOffsetMs: await timed(`/txns?limit=100&offset=${Math.floor(transactions * 0.9)}`, 5),
  glBatchesMs: await timed('/gl-batches?start_date=2026-01-01&end_date=2026-01-31&limit=100&offset=100'),
};
await server.close();
console.log(
  `startSandbox ${Math.round(startMs)} ms; queries (ms each):`,
  Object.fromEntries(Object.entries(queries).map(([k, v]) => [k, Number(v.toFixed(2))])),
);

const here = dirname(fileURLToPath(import.meta.url));
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(
  join(here, 'results', 'sandbox-generate.json'),
  JSON.stringify({
    transactions,
    generateMs: Math.round(generateMs),
    heapMb: Math.round(heapMb),
    startSandboxMs: Math.round(startMs),
    ...queries,
  }),
);
