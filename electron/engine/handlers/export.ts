import type { EngineContext } from '../context';
import { exportGlBatches } from '../export';
import { readSettings } from '../settings';
import { listExports, overlappingExports } from '../store/exports';
import { actingUser, dataChanged, nowIso, type DomainHandlers } from './domain';

/** Exports for the general ledger and their registry. */
export function createExportHandlers(ctx: EngineContext): DomainHandlers<'export'> {
  return {
    'export.overlaps': (scope) => overlappingExports(ctx.store.reader, scope),
    'export.list': () => listExports(ctx.store.reader),
    'export.glBatches': async ({ layout, file, overwrite, ...filter }) => {
      const settings = await readSettings(ctx);
      const result = await exportGlBatches(
        { ...filter, layout: layout ?? settings.exportLayout, file, overwrite },
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
      dataChanged(ctx, 'exports');
      return { ...result, downloadPath: file ? null : `/download/${result.record.id}` };
    },
  };
}
