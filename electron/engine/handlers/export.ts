import type { EngineContext } from '../context';
import { exportGlBatches } from '../export';
import { listExports } from '../store/exports';
import { postedInScope } from '../store/exportClaims';
import { untiedDeposits } from '../store/untiedDeposits';
import { reversalsInRange } from '../reconcile/reversals';
import { actingUser, nowIso, type DomainHandlers } from './domain';

/** Exports for the general ledger and their registry. */
export function createExportHandlers(ctx: EngineContext): DomainHandlers<'export'> {
  return {
    // What earlier exports already posted of this range: the pre-check the UI asks before exporting.
    'export.overlaps': async (scope) =>
      postedInScope(
        ctx.store.reader,
        scope,
        (await reversalsInRange(ctx.store.reader, scope)).map((r) => r.changeId),
      ),
    // The deposits that export would post that do not tie out: named before posting.
    'export.untied': ({ repost, ...scope }) => untiedDeposits(ctx.store.reader, { scope, leaveOutPosted: !repost }),
    'export.list': () => listExports(ctx.store.reader),
    'export.glBatches': async ({ layout, file, overwrite, repost, strict, ...filter }) => {
      const settings = await ctx.settings();
      const result = await exportGlBatches(
        { ...filter, layout: layout ?? settings.exportLayout, file, overwrite, repost, strict },
        {
          store: ctx.store,
          dataFolder: ctx.options.dataFolder,
          settings,
          createdBy: await actingUser(ctx),
          now: nowIso(ctx),
          onProgress: (rows, totalRows, target) =>
            ctx.events.emit('export.progress', { rows, totalRows, file: target }),
        },
      );
      return { ...result, downloadPath: file ? null : `/download/${result.record.id}` };
    },
  };
}
