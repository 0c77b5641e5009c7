/**
 * PostgreSQL's text search: an ILIKE that the pg_trgm indexes on payer_search and data answer (the
 * payer's name folded, as SQLite's FTS table holds it); the newest matches ordered by the list's own
 * query.
 */
import { sql, type RawBuilder } from 'kysely';
import { foldForSearch } from '../searchFold';
import { likePattern, type ColumnRef, type NewestMatches, type TextSearch } from '../textSearch';

export const postgresTextSearch: TextSearch = {
  matches: (search: string, column: ColumnRef) =>
    sql`(${column('payer_search')} LIKE ${likePattern(foldForSearch(search))} OR ${column('data')} ILIKE ${likePattern(search)})`,

  newestMatches<R>({ search, select, where, beforeId, limit }: NewestMatches): RawBuilder<R> {
    const clauses = [...where(), postgresTextSearch.matches(search, (name) => sql.ref(name))];
    if (beforeId !== null) clauses.push(sql`id < ${beforeId}`);
    return sql<R>`SELECT ${select()} FROM transactions WHERE ${sql.join(clauses, sql` AND `)}
      ORDER BY id DESC LIMIT ${sql.lit(limit + 1)}`;
  },
};
