/** The account-map tables (migration 023) as kysely sees them; schema.ts folds them into Database. */
import type { Selectable } from 'kysely';

export interface DefaultAccountsTable {
  /** 'school' (key: the payee id as text) or 'item' (key: the item's name as the service spells it). */
  kind: string;
  key: string;
  gl_number: string;
  set_at: string;
  set_by: string;
}

export interface ErpAccountCodesTable {
  /** An ERP layout (ascender, escape, iif, je-csv). */
  layout: string;
  gl_number: string;
  code: string;
  set_at: string;
}

export interface AccountMapTables {
  default_accounts: DefaultAccountsTable;
  erp_account_codes: ErpAccountCodesTable;
}

export type DefaultAccountRow = Selectable<DefaultAccountsTable>;
export type ErpAccountCodeRow = Selectable<ErpAccountCodesTable>;
