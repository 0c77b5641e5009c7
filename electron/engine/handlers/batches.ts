import { batchPageRead } from '../cachedReads';
import type { EngineContext } from '../context';
import { getBatchDetail, prepareBatch, signOffBatch, unsignBatch } from '../reconcile';
import { createBulkSignOffHandlers } from './bulkSignOff';
import { actingUser, dataChanged, nowIso, type DomainHandlers } from './domain';

/** Deposits: the list, one deposit, preparation, sign-off and unsign (each one guarded transaction). */
export function createBatchHandlers(ctx: EngineContext): DomainHandlers<'batches'> {
  const { reader, writer } = ctx.store;
  return {
    // The first page is built when a sync ends, for the fifty views that refetch it then (cachedReads.ts).
    'batches.list': (request) => batchPageRead(ctx, request),
    'batches.get': ({ id }) => getBatchDetail(reader, id),
    'batches.signOff': async ({ id, note, by, revision }) => {
      try {
        const separateApprover = (await ctx.settings()).requireSeparateApprover;
        const { detail } = await signOffBatch(
          writer,
          { id, note, by: await actingUser(ctx, by), revision, separateApprover },
          nowIso(ctx),
        );
        return detail;
      } finally {
        // Even a refused sign-off may have brought the batch's checks up to date.
        dataChanged(ctx, 'batches');
      }
    },
    'batches.prepare': async ({ id, note }) => {
      return prepareBatch(writer, { id, note, by: await actingUser(ctx) }, nowIso(ctx));
    },
    ...createBulkSignOffHandlers(ctx),
    'batches.unsign': async ({ id, reason, by }) => {
      return unsignBatch(writer, { id, reason, by: await actingUser(ctx, by) }, nowIso(ctx));
    },
  };
}
