import type { EngineContext } from '../context';
import { exportGlBatches } from '../export';
import { listExports, postedInScope, untiedDeposits } from '../store/exports';
import { reversalsInRange } from '../reconcile/reversals';
import { moneyWithoutAccount } from '../export/noAccount';
import { WORKBOOK_DOWNLOAD_SUFFIX } from '../../../shared/contract';
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
    // What of this scope has no Chart of Accounts account: named before posting (noAccount.ts).
    'export.withoutAccount': async ({ repost, ...scope }) => {
      const reversals = await reversalsInRange(ctx.store.reader, scope);
      return moneyWithoutAccount(
        ctx.store.reader,
        scope,
        repost ? reversals : reversals.filter((r) => r.exportId === null),
      );
    },
    'export.glBatches': async ({ layout, file, overwrite, repost, strict, report, ...filter }) => {
      const settings = await ctx.settings();
      const result = await exportGlBatches(
        { ...filter, layout: layout ?? settings.exportLayout, file, overwrite, repost, strict, report },
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
      const { id, companionFile } = result.record;
      return {
        ...result,
        downloadPath: file ? null : `/download/${id}`,
        // Browser mode: a layout's workbook comes down beside it (web.ts, serve.ts resolve the suffix).
        workbookDownloadPath: file || !companionFile ? null : `/download/${id}${WORKBOOK_DOWNLOAD_SUFFIX}`,
      };
    },
  };
}
