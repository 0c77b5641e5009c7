/**
 * SQLite's text search: the FTS5 trigram table transactions_search (a substring, the term quoted as
 * one phrase). A page of matches walks the index newest transaction first (FTS5 streams rowids in
 * descending order) and stops at a page: a common name costs a page of lookups, not a sort of every
 * match.
 */
import { sql, type RawBuilder } from 'kysely';
import { foldForSearch } from '../searchFold';
import { textLike, type ColumnRef, type NewestMatches, type TextSearch } from '../textSearch';

const ftsPhrase = (search: string) => `"${search.replace(/"/g, '""')}"`;
const ftsMatch = (search: string) =>
  `payer_search : ${ftsPhrase(foldForSearch(search))} OR data : ${ftsPhrase(search)}`;

/** Digits and length make a word rarer among names and item texts. */
function rarity(word: string): number {
  return [...word].length + (/\d/.test(word) ? 10 : 0);
}

export const sqliteTextSearch: TextSearch = {
  matches: (search: string, column: ColumnRef) =>
    sql`${column('id')} IN (SELECT rowid FROM transactions_search WHERE transactions_search MATCH ${ftsMatch(search)})`,

  newestMatches<R>({ search, select, where, beforeId, limit }: NewestMatches): RawBuilder<R> {
    const t = (name: string) => sql.ref(`t.${name}`);
    const clauses = where('t');
    // A phrase of several words reads every word's trigram lists (a common word makes that slow):
    // match the rarest-looking word in the index, then check the whole phrase on the few rows found.
    const words = search.split(/\s+/).filter((word) => [...word].length >= 3);
    const key = words.length > 1 ? [...words].sort((a, b) => rarity(b) - rarity(a))[0]! : search;
    if (key !== search) clauses.push(textLike(search, t));
    clauses.unshift(sql`transactions_search MATCH ${ftsMatch(key)}`);
    if (beforeId !== null) clauses.push(sql`s.rowid < ${beforeId}`);
    return sql<R>`SELECT ${select('t')}
      FROM transactions_search s JOIN transactions t ON t.id = s.rowid
      WHERE ${sql.join(clauses, sql` AND `)} ORDER BY s.rowid DESC LIMIT ${sql.lit(limit + 1)}`;
  },
};
