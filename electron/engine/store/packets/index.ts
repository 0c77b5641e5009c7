/** The packets family: a month's facts for the auditor's packet, and the packets stored at close (§13). */
export * from './repository';
export * from './monthFacts';
export type * from './factTypes';
export type { MonthPacketRow, StoredPacketRow } from './types';
