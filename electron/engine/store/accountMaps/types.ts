/** The account-map tables (migration 023) as kysely sees them; schema.ts folds them into Database. */
import type { ColumnType, Selectable } from 'kysely';

/** A default account is the school's (key: the payee id as text) or an item's (key: its name as the service spells it). */
export type DefaultAccountKind = 'school' | 'item';

export interface DefaultAccountsTable {
  kind: ColumnType<DefaultAccountKind, string, string>;
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
