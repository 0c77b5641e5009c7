/** Acting on payments (DESIGN.md §12): refunds, voids, collections, and the intents that carry them once. */
export { reverse } from './reversals';
export { collect } from './collections';
export { approve, resolve } from './approvals';
export { settleInterruptedWrites } from './stuck';
export type { ReversalDeps } from './reversals';
export type { InterruptedWritesDeps } from './stuck';
