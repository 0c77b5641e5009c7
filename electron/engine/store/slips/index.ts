/** The deposit slips family (DESIGN.md §12): a school's day of cash and checks, counted and verified. */
export * from './repository';
export { toDepositSlip } from './rowMappers';
export type { DepositSlipRow, DepositSlipItemRow } from './types';
export { openSlips, slipBatchIds, bankSlips, toBankMatchSlip } from './bankSide';
export type { OpenSlipRow } from './bankSide';
