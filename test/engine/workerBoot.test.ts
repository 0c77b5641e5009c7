/**
 * A worker of the sources starts either way electron/engine/workerBoot.mjs offers: through tsx (the
 * app and CLI run from the sources) or from the bundle RECON_WORKER_BUNDLE names (a test run).
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, inject, it } from 'vitest';
import { fetchWorkerEntry } from '../../electron/engine/sync/pageSource';
import { workerSetup } from '../../electron/engine/sync/workerProtocol';

/** The fetch worker's first message, started from its source bootstrap with `env`. */
function firstMessage(env: NodeJS.ProcessEnv): Promise<unknown> {
  const setup = workerSetup(
    { baseUrl: 'https://127.0.0.1:9', token: 't', secret: 's' },
    { items: 4, bytes: 1 << 20 },
    false,
  );
  const worker = new Worker(fetchWorkerEntry()!, { workerData: setup, env });
  return new Promise<unknown>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the worker stopped (exit ${code}) before its first message`)));
  }).finally(() => worker.terminate());
}

describe('a worker started from the sources', () => {
  it('loads through tsx when no bundle is named', async () => {
    const { RECON_WORKER_BUNDLE: _bundle, ...env } = process.env;
    expect(await firstMessage(env)).toEqual({ type: 'ready' });
  }, 60_000);

  it("loads the run's bundle when RECON_WORKER_BUNDLE names it", async () => {
    expect(await firstMessage({ ...process.env, RECON_WORKER_BUNDLE: inject('cliBundle') })).toEqual({ type: 'ready' });
  }, 60_000);
});
