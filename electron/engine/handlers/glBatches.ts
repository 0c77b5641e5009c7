import { defaultGlRangeRead, cachedGlBatchReport } from '../cachedReads';
import type { EngineContext } from '../context';
import type { DomainHandlers } from './domain';

/** GL batches of a range, with totals per Chart of Accounts account, and the range to start on. */
export function createGlBatchHandlers(ctx: EngineContext): DomainHandlers<'glBatches'> {
  return {
    // Several people look at the same month: its rows and reversals are read once per revision.
    'glBatches.list': async ({ limit, ...filter }) => cachedGlBatchReport(ctx, filter, limit),
    'glBatches.defaultRange': () => defaultGlRangeRead(ctx),
  };
}
