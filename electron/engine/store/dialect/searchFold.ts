/**
 * Text as search compares it: lower case, accents off ("Núñez" -> "nunez"), so a bookkeeper who
 * types a parent's name without its accents, or with other capitals, still finds it. The same fold
 * on both dialects (computed here, stored in transactions.payer_search), where SQLite's FTS5 and
 * PostgreSQL's collations would each fold differently.
 */

/** Letters that are not a base letter plus a combining mark, so NFD leaves them whole. */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ı: 'i',
};

const UNDECOMPOSED_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSED).join('')}]`, 'g');

export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNDECOMPOSED_PATTERN, (letter) => UNDECOMPOSED[letter]!);
}
