import type { EngineContext } from '../context';
import { glBatchReport } from '../export/glReport';
import type { DomainHandlers } from './domain';

/** GL batches of a range, with totals per Chart of Accounts account. */
export function createGlBatchHandlers(ctx: EngineContext): DomainHandlers<'glBatches'> {
  return {
    'glBatches.list': async ({ limit, ...filter }) => glBatchReport(ctx.store.reader, filter, limit),
  };
}
