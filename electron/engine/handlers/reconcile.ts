import type { EngineHandlers } from '../../../shared/contract';
import { toIsoUtc } from '../../../shared/time';
import type { EngineContext } from '../context';
import { exportGlBatches, listExports, overlappingExports } from '../export';
import { glBatchReport } from '../export/glReport';
import {
  acknowledgeChanges,
  daySummary,
  getBatchDetail,
  getOverview,
  listBatches,
  listChanges,
  signOffBatch,
  unsignBatch,
} from '../reconcile';
import { readSettings } from '../settings';

const DEFAULT_REVIEWER = 'bookkeeper';

/** Tie-out, sign-off, changes and export. Owner: the tie-out issue. */
export function createReconcileHandlers(
  ctx: EngineContext,
): Pick<
  EngineHandlers,
  | 'overview.get'
  | 'batches.list'
  | 'batches.get'
  | 'batches.signOff'
  | 'batches.unsign'
  | 'glBatches.list'
  | 'changes.list'
  | 'changes.acknowledge'
  | 'reconcile.summary'
  | 'export.overlaps'
  | 'export.glBatches'
  | 'export.list'
> {
  const { store } = ctx;
  const now = () => toIsoUtc(ctx.clock.now());
  const reviewer = async (by?: string) => {
    if (by?.trim()) return by.trim();
    return (await readSettings(ctx)).reviewerName.trim() || DEFAULT_REVIEWER;
  };
  const changed = (...scopes: Array<'batches' | 'changes' | 'exports'>) => ctx.events.emit('data.changed', { scopes });

  return {
    'overview.get': async () => {
      const settings = await readSettings(ctx);
      return getOverview(store, ctx.clock, { enabled: settings.scheduleEnabled, time: settings.scheduleTime });
    },
    'batches.list': async ({ filter, cursor, limit }) => listBatches(store, filter, cursor, limit, now()),
    'batches.get': async ({ id }) => getBatchDetail(store, id, now()),
    'batches.signOff': async ({ id, note, by }) => {
      const detail = await signOffBatch(store, { id, note, by: await reviewer(by) }, now());
      changed('batches');
      return detail;
    },
    'batches.unsign': async ({ id, reason, by }) => {
      const detail = await unsignBatch(store, { id, reason, by: await reviewer(by) }, now());
      changed('batches');
      return detail;
    },
    'glBatches.list': async ({ limit, ...filter }) => glBatchReport(store, filter, limit),
    'changes.list': async (args) => listChanges(store, args),
    'changes.acknowledge': async (args) => {
      const acknowledged = await acknowledgeChanges(store, args, await reviewer(), now());
      if (acknowledged > 0) changed('changes');
      return { acknowledged };
    },
    'reconcile.summary': async ({ from, to }) => daySummary(store, from, to),
    'export.overlaps': async (scope) => overlappingExports(store.db, scope),
    'export.glBatches': async ({ layout, file, ...filter }) => {
      const settings = await readSettings(ctx);
      const result = await exportGlBatches(
        { ...filter, layout: layout ?? settings.exportLayout, file },
        {
          store,
          dataFolder: ctx.options.dataFolder,
          settings,
          createdBy: settings.reviewerName.trim() || DEFAULT_REVIEWER,
          now: now(),
          onProgress: (rows, totalRows, target) =>
            ctx.events.emit('export.progress', { rows, totalRows, file: target }),
        },
      );
      changed('exports');
      return { ...result, downloadPath: file ? null : `/download/${result.record.id}` };
    },
    'export.list': async () => listExports(store.db),
  };
}
