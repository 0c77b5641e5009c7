import type { EngineContext } from '../context';
import { listRuns } from '../store/syncState';
import type { DomainHandlers } from './domain';

/** Sync runs: start, cancel, status, history. */
export function createSyncHandlers(ctx: EngineContext): DomainHandlers<'sync'> {
  const service = ctx.sync;
  return {
    'sync.start': async ({ from }) => {
      const { runId, alreadyRunning } = await service.start({ trigger: 'manual', from });
      return { runId, alreadyRunning };
    },
    'sync.cancel': async () => ({ cancelled: service.cancel() }),
    'sync.status': () => service.status(),
    'sync.runs': ({ limit }) => listRuns(ctx.store.reader, limit),
  };
}
