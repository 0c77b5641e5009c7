import type { EngineHandlers } from '../../../shared/contract';
import type { EngineContext } from '../context';
import { notBuilt } from './notBuilt';

/** Tie-out, sign-off, changes and export. Owner: the tie-out issue. */
export function createReconcileHandlers(
  _ctx: EngineContext,
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
  return {
    'overview.get': notBuilt('overview.get'),
    'batches.list': notBuilt('batches.list'),
    'batches.get': notBuilt('batches.get'),
    'batches.signOff': notBuilt('batches.signOff'),
    'batches.unsign': notBuilt('batches.unsign'),
    'glBatches.list': notBuilt('glBatches.list'),
    'changes.list': notBuilt('changes.list'),
    'changes.acknowledge': notBuilt('changes.acknowledge'),
    'reconcile.summary': notBuilt('reconcile.summary'),
    'export.overlaps': notBuilt('export.overlaps'),
    'export.glBatches': notBuilt('export.glBatches'),
    'export.list': notBuilt('export.list'),
  };
}
