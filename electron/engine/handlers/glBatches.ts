import type { EngineContext } from '../context';
import { defaultGlRange } from '../export/defaultRange';
import { glBatchReport } from '../export/glReport';
import type { DomainHandlers } from './domain';

/** GL batches of a range, with totals per Chart of Accounts account, and the range to start on. */
export function createGlBatchHandlers(ctx: EngineContext): DomainHandlers<'glBatches'> {
  return {
    'glBatches.list': async ({ limit, ...filter }) => glBatchReport(ctx.store.reader, filter, limit),
    'glBatches.defaultRange': () => defaultGlRange(ctx.store.reader, ctx.clock),
  };
}
