import { ContractError, type EngineHandlers } from '../../../shared/contract';
import type { EngineContext } from '../context';
import { signOffBatch } from '../reconcile';
import { actingUser, dataChanged, nowIso } from './domain';

/**
 * batches.signOffMany: each deposit through the one-deposit sign-off (its own transaction and revision
 * guard), so a bulk sign-off decides exactly what signing each alone would. A deposit refused for a
 * reason the bookkeeper can act on is left and named; any other failure stops the run, and the
 * deposits signed before it stay signed (each was its own outcome).
 */
export function createBulkSignOffHandlers(ctx: EngineContext): Pick<EngineHandlers, 'batches.signOffMany'> {
  return {
    'batches.signOffMany': async ({ deposits, note, by }) => {
      const separateApprover = (await ctx.settings()).requireSeparateApprover;
      const who = await actingUser(ctx, by);
      const signed: string[] = [];
      const left: Array<{ id: string; reason: string }> = [];
      let signedCents = 0;
      try {
        for (const { id, revision } of deposits) {
          try {
            const { detail } = await signOffBatch(
              ctx.store.writer,
              { id, note, by: who, revision: revision ?? undefined, separateApprover },
              nowIso(ctx),
            );
            signed.push(id);
            signedCents += detail.batch.totalCents;
          } catch (error) {
            if (!(error instanceof ContractError)) throw error;
            left.push({ id, reason: error.message });
          }
        }
      } finally {
        if (deposits.length) dataChanged(ctx, 'batches');
      }
      return { signed, signedCents, left };
    },
  };
}
