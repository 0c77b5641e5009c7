/**
 * heapSettings.test.ts's process for pretenuring: worker threads made while the work runs (as the
 * fetch worker is made during a sync) each first keep every object of one literal site, as a parse
 * whose results all outlive a young collection would, then make 4M short-lived objects of the same
 * site. Prints what each worker's old generation gained meanwhile (MB): with the site tenured each
 * of those objects is made old. PRETENURING_AS_V8_CHOOSES=1 runs the same without the sync's
 * settings.
 */
import { Worker } from 'node:worker_threads';
import { withSyncHeapSettings } from '../../../electron/engine/sync/heapSettings';

const inWorker = `
const { parentPort } = require('node:worker_threads');
const { getHeapSpaceStatistics } = require('node:v8');
const oldUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
// A literal with a nested literal: V8 tracks its site (zod's parse payloads are such).
const payload = (value) => ({ value, issues: [] });
const kept = [];
for (let i = 0; i < 300000; i++) kept.push(payload(i));
kept.length = 0;
// What the old generation gained, summed between samples (a full collection's drop not netted).
let madeOld = 0;
let last = oldUsed();
const recent = new Array(1024);
for (let i = 0; i < 4000000; i++) {
  recent[i & 1023] = payload(i);
  if ((i & 16383) === 0) {
    const now = oldUsed();
    madeOld += Math.max(0, now - last);
    last = now;
  }
}
parentPort.postMessage(Math.round((madeOld / 1048576) * 10) / 10);
`;

function madeOldInWorker(): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(inWorker, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    worker.once('message', (mb: number) => void worker.terminate().then(() => resolve(mb)));
    worker.once('error', reject);
  });
}

/** Five workers one after another: V8 does not tenure the site every time (about four in five here). */
async function workers(): Promise<number[]> {
  const madeOld: number[] = [];
  for (let i = 0; i < 5; i++) madeOld.push(await madeOldInWorker());
  return madeOld;
}

const madeOldMb = process.env.PRETENURING_AS_V8_CHOOSES === '1' ? await workers() : await withSyncHeapSettings(workers);
process.stdout.write(JSON.stringify({ madeOldMb }));
