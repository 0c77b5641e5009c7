/**
 * The store's declared interface (DESIGN.md §2): the only home of SQL, one folder per table family.
 * Outside electron/engine/store/, import this file or a family's index (store/<family>), never a
 * family's inner files. Written by storemove.mjs.
 */
export type * from './schema';
export { TRANSACTION_FIELDS } from './schema';
export { MIGRATIONS } from './migrations';
export * from './accountMaps';
export * from './bank';
export * from './batches';
export * from './checks';
export * from './dialect';
export * from './exports';
export * from './glBatches';
export * from './intents';
export * from './months';
export * from './packets';
export * from './reversals';
export * from './reviews';
export * from './settings';
export * from './slips';
export * from './syncState';
export * from './team';
export * from './transactions';
export * from './work';
export * from './workers';
export type { DepositState } from './bank'; // also in another family
export { readMonthFacts } from './months'; // also in another family
export type { MonthScope } from './months'; // also in another family
export type { DepositFact } from './months'; // also in another family
export type { MonthFacts } from './months'; // also in another family
export { toTransaction } from './batches'; // also in another family
export { toChange } from './batches'; // also in another family
