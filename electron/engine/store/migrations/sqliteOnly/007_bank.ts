import { sql, type Kysely } from 'kysely';

/**
 * Frozen. The bank side (DESIGN.md §10): accounts, imported statements (by the SHA-256 of their bytes,
 * so the same file twice adds nothing), their lines (unique per account by the format's identity, so
 * overlapping statements de-duplicate), matches of a line to batches or to a returned transaction,
 * explanations of what cannot match, and the CSV column mappings saved by name.
 *
 * Written as SQL because the guarantees live in partial unique indexes and CHECKs kysely's builder
 * does not express: a batch is held by at most one line (bank_matched_batches' key), a line holds at
 * most one live match, a returned transaction is matched to at most one line, and a line or batch has
 * at most one live explanation. Undone rows stay, with who, when and why.
 */
const STATEMENTS = [
  `CREATE TABLE bank_accounts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     number TEXT NOT NULL UNIQUE,
     currency TEXT,
     first_seen_at TEXT NOT NULL
   )`,
  `CREATE TABLE bank_statements (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     file_name TEXT NOT NULL,
     sha256 TEXT NOT NULL UNIQUE,
     format TEXT NOT NULL CHECK (format IN ('bai2', 'ofx', 'csv')),
     from_date TEXT NOT NULL,
     to_date TEXT NOT NULL,
     line_count INTEGER NOT NULL,
     new_line_count INTEGER NOT NULL,
     imported_at TEXT NOT NULL,
     imported_by TEXT NOT NULL
   )`,
  `CREATE TABLE bank_lines (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     account_id INTEGER NOT NULL REFERENCES bank_accounts(id),
     statement_id INTEGER NOT NULL REFERENCES bank_statements(id),
     posted_date TEXT NOT NULL,
     amount_cents INTEGER NOT NULL,
     type_code TEXT NOT NULL,
     bank_reference TEXT NOT NULL,
     text TEXT NOT NULL,
     raw TEXT NOT NULL,
     identity TEXT NOT NULL,
     line_number INTEGER NOT NULL,
     UNIQUE (account_id, identity)
   )`,
  `CREATE INDEX bank_lines_by_date ON bank_lines (posted_date, id)`,
  `CREATE TABLE bank_matches (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     line_id INTEGER NOT NULL REFERENCES bank_lines(id),
     how TEXT NOT NULL CHECK (how IN ('exact', 'net', 'lumped', 'return', 'manual')),
     status TEXT NOT NULL CHECK (status IN ('matched', 'suggested', 'confirmed')),
     rank INTEGER NOT NULL,
     batch_ids TEXT NOT NULL,
     transaction_id INTEGER,
     gap_days INTEGER,
     created_at TEXT NOT NULL,
     confirmed_by TEXT,
     confirmed_at TEXT,
     undone_by TEXT,
     undone_at TEXT,
     undone_reason TEXT
   )`,
  `CREATE INDEX bank_matches_by_line ON bank_matches (line_id, status)`,
  `CREATE UNIQUE INDEX bank_matches_one_per_line ON bank_matches (line_id)
     WHERE status <> 'suggested' AND undone_at IS NULL`,
  `CREATE UNIQUE INDEX bank_matches_one_per_return ON bank_matches (transaction_id)
     WHERE transaction_id IS NOT NULL AND status <> 'suggested' AND undone_at IS NULL`,
  // A row exists exactly while its match holds the batch: the key is the "never two lines" rule.
  `CREATE TABLE bank_matched_batches (
     batch_id TEXT PRIMARY KEY,
     match_id INTEGER NOT NULL REFERENCES bank_matches(id),
     line_id INTEGER NOT NULL REFERENCES bank_lines(id)
   )`,
  `CREATE INDEX bank_matched_batches_by_match ON bank_matched_batches (match_id)`,
  `CREATE TABLE bank_explanations (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     line_id INTEGER REFERENCES bank_lines(id),
     batch_id TEXT,
     kind TEXT NOT NULL CHECK (kind IN ('processor_fee', 'rounding', 'cash_over_short', 'nsf', 'chargeback', 'other')),
     note TEXT NOT NULL,
     by TEXT NOT NULL,
     at TEXT NOT NULL,
     undone_by TEXT,
     undone_at TEXT,
     undone_reason TEXT,
     CHECK ((line_id IS NULL) <> (batch_id IS NULL))
   )`,
  `CREATE UNIQUE INDEX bank_explanations_one_per_line ON bank_explanations (line_id)
     WHERE line_id IS NOT NULL AND undone_at IS NULL`,
  `CREATE UNIQUE INDEX bank_explanations_one_per_batch ON bank_explanations (batch_id)
     WHERE batch_id IS NOT NULL AND undone_at IS NULL`,
  `CREATE TABLE bank_csv_mappings (
     name TEXT PRIMARY KEY,
     mapping TEXT NOT NULL,
     saved_at TEXT NOT NULL,
     saved_by TEXT NOT NULL
   )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
