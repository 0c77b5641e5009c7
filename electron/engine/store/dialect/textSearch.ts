/**
 * Text search over the transactions, the one query the dialects answer differently: SQLite from its
 * FTS5 trigram table (sqlite/textSearch.ts), PostgreSQL from pg_trgm indexes on the same columns
 * (postgres/textSearch.ts). The payer's name is matched folded (payer_search: no case, no accents),
 * the rest of the transaction's text as typed.
 */
import { sql, type RawBuilder } from 'kysely';
import { foldForSearch } from './searchFold';

export type Clause = RawBuilder<unknown>;

/** A column of the transactions, under the query's alias for them if it has one. */
export type ColumnRef = (name: string) => Clause;

export interface NewestMatches {
  search: string;
  /** The columns to select, under the alias the query gives the transactions. */
  select: (table?: string) => Clause;
  /** The filter's other clauses (not its text), under that alias. */
  where: (table?: string) => Clause[];
  /** Only rows of a lower id (the page before was cut there); null for the first page. */
  beforeId: number | null;
  limit: number;
}

export interface TextSearch {
  /** A WHERE clause for the transactions whose payer or text holds `search`. */
  matches(search: string, column: ColumnRef): Clause;
  /** The matches newest first (by transaction number), at most `limit` rows. */
  newestMatches<R>(request: NewestMatches): RawBuilder<R>;
}

export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/**
 * A substring match written the same on both databases: SQLite's LIKE ignores ASCII case and
 * PostgreSQL's does not, so lower() on both sides says the same on each. payer_search is folded
 * already, so the term is folded the same way.
 */
export function textLike(search: string, column: ColumnRef): Clause {
  return sql`(${column('payer_search')} LIKE ${likePattern(foldForSearch(search))} ESCAPE '\\'
    OR lower(${column('data')}) LIKE lower(${likePattern(search)}) ESCAPE '\\')`;
}
