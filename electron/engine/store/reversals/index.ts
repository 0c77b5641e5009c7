/**
 * Reversals: refunds and voids seen after a deposit was signed.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { countBaselineReversals, isBaselineReversal } from './baseline';
export { BASELINE_CHANGE, BASELINE_FLAG } from './baselineFlag';
export { isReversal, reversalFacts, reversalFactsOf } from './reversals';
export type {
  ReversalConnection,
  ReversalScope,
  ReversalChangeRow,
  PostedItemRow,
  PartLineRow,
  ReversalFacts,
} from './reversals';
