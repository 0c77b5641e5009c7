/** The months family: a school's month as submitted, closed and re-opened, its checklist's facts, and the lock (DESIGN.md §13). */
export * from './facts';
export * from './repository';
export type { MonthCloseRow, MonthCloseEventRow } from './types';
