/** The month-close tables (migration 020) as kysely sees them; schema.ts folds them into Database. */
import type { ColumnType, Selectable } from 'kysely';

export interface MonthClosesTable {
  payee_id: number;
  /** 'YYYY-MM' of Central business dates. */
  month: string;
  /** submitted | closed | open (re-opened); "ready" is computed, never stored. */
  state: string;
  submitted_by: string | null;
  submitted_at: string | null;
  closed_by: string | null;
  closed_at: string | null;
  /** 1: the one person who closed it also prepared it (single user, or no separate approver). */
  self_approved: ColumnType<number, number | undefined, number>;
  /** The district's name the close printed on the packet (migration 025); null: closed before it, or never closed. */
  district_name: string | null;
  updated_at: string;
}

export interface MonthCloseEventsTable {
  payee_id: number;
  month: string;
  seq: number;
  at: string;
  actor: string;
  /** submitted | closed | reopened */
  event: string;
  detail: string | null;
}

export interface MonthTables {
  month_closes: MonthClosesTable;
  month_close_events: MonthCloseEventsTable;
}

export type MonthCloseRow = Selectable<MonthClosesTable>;
export type MonthCloseEventRow = Selectable<MonthCloseEventsTable>;
