/** The bank tables (migrations 007 and 014) as kysely sees them; schema.ts folds them into Database. */
import type { ColumnType, Generated } from 'kysely';
import type { BankExplanationKind } from '../../../../shared/domain';

/** Migration 007: the bank side (DESIGN.md §10). */
export interface BankAccountsTable {
  id: Generated<number>;
  /** The bank's account number as text (leading zeros matter). */
  number: string;
  currency: string | null;
  first_seen_at: string;
}

export interface BankStatementsTable {
  id: Generated<number>;
  file_name: string;
  /** Of the file's bytes: the same file imported again adds nothing. */
  sha256: string;
  format: string;
  from_date: string;
  to_date: string;
  line_count: number;
  new_line_count: number;
  imported_at: string;
  imported_by: string;
  /** Migration 014: when matching ran after the import; null while it has not (a killed import). */
  matched_at: string | null;
}

export interface BankLinesTable {
  id: Generated<number>;
  account_id: number;
  /** The statement that first brought the line (an overlapping one finds it already there). */
  statement_id: number;
  posted_date: string;
  /** Signed: credits positive. */
  amount_cents: number;
  type_code: string;
  bank_reference: string;
  text: string;
  raw: string;
  identity: string;
  line_number: number;
  /** Migration 014: the stored line this one is probably the same as (see duplicate_state). */
  duplicate_of: number | null;
  /** possible (the bookkeeper has not decided) | kept | dropped; null for a line that is no one's twin. */
  duplicate_state: string | null;
  duplicate_decided_by: string | null;
  duplicate_decided_at: string | null;
  /** The line this one corrects: the same reference, a new amount. */
  corrects_line_id: number | null;
}

/** Migration 014: a later statement held this line too (it did not bring it). */
export interface BankLineSightingsTable {
  statement_id: number;
  line_id: number;
}

/** Migration 014: a removed import, with who and when. */
export interface BankStatementRemovalsTable {
  statement_id: number;
  file_name: string;
  sha256: string;
  line_count: number;
  lines_removed: number;
  removed_by: string;
  removed_at: string;
}

export interface BankMatchesTable {
  id: Generated<number>;
  line_id: number;
  /** exact | net | lumped | return | manual */
  how: string;
  /** matched (by the matcher) | confirmed (by a person) | suggested (one of several candidates) */
  status: ColumnType<'matched' | 'confirmed' | 'suggested', string, string>;
  /** A suggestion's place, best first (1..); 0 for a held match. */
  rank: number;
  /** JSON array of batch ids ([] for a return). */
  batch_ids: string;
  transaction_id: number | null;
  /** Business days from the oldest batch's date to the posting. */
  gap_days: number | null;
  created_at: string;
  confirmed_by: string | null;
  confirmed_at: string | null;
  undone_by: string | null;
  undone_at: string | null;
  undone_reason: string | null;
  /** Migration 014: the correcting line whose arrival undid this match. */
  undone_for_line: number | null;
  /** Migration 024: the deposit slip this match is (its batches are the slip's); null otherwise. */
  slip_id: string | null;
}

/** One row per batch while a live match holds it: the key is "a batch is never matched to two lines". */
export interface BankMatchedBatchesTable {
  batch_id: string;
  match_id: number;
  line_id: number;
}

export interface BankExplanationsTable {
  id: Generated<number>;
  line_id: number | null;
  batch_id: string | null;
  kind: ColumnType<BankExplanationKind, string, string>;
  note: string;
  by: string;
  at: string;
  undone_by: string | null;
  undone_at: string | null;
  undone_reason: string | null;
}

export interface BankCsvMappingsTable {
  name: string;
  /** JSON of the validated mapping. */
  mapping: string;
  saved_at: string;
  saved_by: string;
}

export interface BankTables {
  bank_accounts: BankAccountsTable;
  bank_statements: BankStatementsTable;
  bank_lines: BankLinesTable;
  bank_line_sightings: BankLineSightingsTable;
  bank_statement_removals: BankStatementRemovalsTable;
  bank_matches: BankMatchesTable;
  bank_matched_batches: BankMatchedBatchesTable;
  bank_explanations: BankExplanationsTable;
  bank_csv_mappings: BankCsvMappingsTable;
}
