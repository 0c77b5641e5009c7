/** The account-maps family: default accounts per school and item name, ERP codes per layout (migration 023). */
export * from './repository';
export { SCHOOL_DEFAULT_KEY } from './schoolDefault';
export type { DefaultAccountRow, ErpAccountCodeRow, AccountMapTables } from './types';
