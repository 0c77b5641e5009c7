/**
 * A sync run straight through runSync, no engine around it: a small sandbox, a client of it and a
 * fresh store, for tests of what the runner itself does with the pages a source hands it.
 */
import { startSandbox, type SandboxServer } from '../../../electron/sandbox';
import { ServiceClient } from '../../../electron/engine/api/client';
import type { PageSource } from '../../../electron/engine/sync/pageSource';
import { runSync, type RunOutcome } from '../../../electron/engine/sync/runner';
import { TouchedBatches } from '../../../electron/engine/sync/touchedBatches';
import { startRun } from '../../../electron/engine/store/syncState';
import { toIsoUtc } from '../../../shared/time';
import { createTestDb, type TestStore } from '../../helpers/db';
import { SMALL_SCENARIO, START } from './harness';

export interface DirectRun {
  sandbox: SandboxServer;
  store: TestStore;
  client: ServiceClient;
  /** One first sync of the last `firstSyncDays` days from `pages`, on the sandbox's clock. */
  run(pages: PageSource, firstSyncDays: number): Promise<RunOutcome>;
  close(): Promise<void>;
}

export async function startDirectRun(): Promise<DirectRun> {
  const sandbox = await startSandbox({ seed: 3, now: START, scenario: SMALL_SCENARIO });
  const store = await createTestDb();
  const client = new ServiceClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    secret: sandbox.secret,
    sleep: async () => {},
  });
  const clock = { now: () => sandbox.now() };
  return {
    sandbox,
    store,
    client,
    run: async (pages, firstSyncDays) =>
      runSync({
        db: store.writer,
        client,
        pages,
        clock,
        runId: await startRun(store.writer, 'manual', toIsoUtc(clock.now())),
        refreshWindowDays: 60,
        firstSyncDays,
        limits: { detailsInFlight: 0 },
        touchedBatches: new TouchedBatches(),
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    async close() {
      await store.cleanup();
      await sandbox.close();
    },
  };
}
