/** The deposit slips' tables (migration 022) as kysely sees them; schema.ts folds them into Database. */
import type { ColumnType, Selectable } from 'kysely';

export interface DepositSlipsTable {
  id: string;
  payee_id: number;
  business_date: string;
  /** The collections' sum: what the slip groups, and what the bank should credit. */
  total_cents: number;
  recorded_cash_cents: number;
  recorded_checks_cents: number;
  counted_cash_cents: number;
  counted_checks_cents: number;
  /** JSON: { "<denomination cents>": pieces }, as counted. */
  denominations: string;
  /** Counted (cash + checks) minus recorded: positive over, negative short. */
  over_short_cents: number;
  comment: string | null;
  counted_by: string;
  counted_at: string;
  verified_by: string | null;
  verified_at: string | null;
  /** 1: single-user, counted and verified by the one name recorded. */
  one_person: ColumnType<number, number | undefined, number>;
}

export interface DepositSlipItemsTable {
  slip_id: string;
  transaction_id: number;
  /** Only collections are on a slip (repository.ts COLLECTION_METHODS). */
  method: ColumnType<'Cash' | 'PhysicalCheck', string, string>;
  amount_cents: number;
  check_number: string | null;
  payer_name: string | null;
}

export interface SlipTables {
  deposit_slips: DepositSlipsTable;
  deposit_slip_items: DepositSlipItemsTable;
}

export type DepositSlipRow = Selectable<DepositSlipsTable>;
export type DepositSlipItemRow = Selectable<DepositSlipItemsTable>;
