import type { EngineHandlers } from '../../../shared/contract';
import type { EngineContext } from '../context';
import { signOffEach } from '../reconcile';
import { actingUser, dataChanged, nowIso } from './domain';

/** batches.signOffMany: each deposit under the revision the list showed (reconcile/bulkSignOff.ts). */
export function createBulkSignOffHandlers(ctx: EngineContext): Pick<EngineHandlers, 'batches.signOffMany'> {
  return {
    'batches.signOffMany': async ({ deposits, note, by }) => {
      const separateApprover = (await ctx.settings()).requireSeparateApprover;
      const who = await actingUser(ctx, by);
      try {
        return await signOffEach(ctx.store.writer, { deposits, note, by: who, separateApprover }, () => nowIso(ctx));
      } finally {
        // Even a deposit left may have had its checks brought up to date.
        dataChanged(ctx, 'batches');
      }
    },
  };
}
