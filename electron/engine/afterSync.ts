/**
 * What follows a sync run (issue 27: sync only syncs). The run's pages are in; what they make stale
 * is brought up to date here, above sync/ and the domain folders and below the hosts: the tie-out
 * checks of the deposits the run touched (re-opening signed-off ones that changed, DESIGN.md §4.5),
 * the bank's lines matched again (§10: new deposits may be the ones they waited for), and the hosts
 * told what changed. A step that fails is logged and the run still counts: the synced rows stay, and
 * so do the batches to check, for the next run.
 */
import type { DataScope } from '../../shared/contract';
import { todayCentral, toIsoUtc, type Clock } from '../../shared/time';
import { rematchBank } from './bank/rematch';
import type { EngineEventBus } from './events';
import { redact, type Logger } from './logger';
import { refreshBatchChecks } from './reconcile';
import type { SettingsReader } from './settings';
import { clearBatchesToCheck } from './store/checks';
import type { Store } from './store/dialect';
import type { AfterRun, EndedRun } from './sync/afterRun';

export interface AfterSyncDeps {
  store: Pick<Store, 'writer'>;
  clock: Clock;
  logger: Logger;
  events: Pick<EngineEventBus, 'emit'>;
  settings: SettingsReader;
  /**
   * Builds the first views for the data as the run left them, and returns what keeps them once
   * data.changed is told (cachedReads.ts prepareFirstViews); neither throws.
   */
  prepareFirstViews(): Promise<() => void>;
}

export function afterSync(deps: AfterSyncDeps): AfterRun {
  return {
    async settle(run) {
      await checkTouchedBatches(deps, run);
      await matchBankLines(deps, run);
    },
    async announce(scopes) {
      const keepFirstViews = await deps.prepareFirstViews();
      // data.changed empties the read cache; the first views built for the new data go in in this
      // same turn, before a client told of the change can ask for them.
      deps.events.emit('data.changed', { scopes: [...scopes] });
      keepFirstViews();
    },
  };
}

/** Re-runs the checks of every batch the run touched and re-opens signed-off batches that changed. */
async function checkTouchedBatches(deps: AfterSyncDeps, run: EndedRun): Promise<void> {
  const touched = run.touchedBatches;
  try {
    if (!touched.size) return;
    run.report(`Tying out ${touched.size} deposits`);
    const { refreshed, reopened } = await refreshBatchChecks(deps.store.writer, touched, {
      at: toIsoUtc(deps.clock.now()),
      reason: `Changed in the sync of ${todayCentral(deps.clock)}`,
    });
    await clearBatchesToCheck(deps.store.writer, [...touched]);
    if (refreshed || reopened.length) run.scopes.add('batches');
  } catch (error) {
    deps.logger.warn('tie-out checks after sync failed', { runId: run.runId, error: messageOf(error) });
  }
}

async function matchBankLines(deps: AfterSyncDeps, run: EndedRun): Promise<void> {
  try {
    if ((await rematchBank(deps)).changed) run.scopes.add('bank' satisfies DataScope);
  } catch (error) {
    deps.logger.warn('bank matching after sync failed', { runId: run.runId, error: messageOf(error) });
  }
}

function messageOf(error: unknown): string {
  return redact(error instanceof Error ? error.message : String(error));
}
