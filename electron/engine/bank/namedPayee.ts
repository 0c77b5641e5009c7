/**
 * The payee a bank line's description names by its merchant id ("MERCHANT SETTLEMENT MID100005
 * SCHOOL 5"), when it names exactly one. A processor lumps one merchant's deposits, so such a
 * credit's lumps are looked for among that payee's batches, and among every payee's only when it
 * has none (matchingLumps.ts LumpCredit). Singles and a day's lumps are found by amount as before.
 */

/** Shorter merchant ids are not looked for: a short number in a description could be anything. */
export const MIN_MERCHANT_ID_LENGTH = 5;

/** Payees by merchant id; an id two payees share names neither. */
export function merchantIndex(payees: readonly { id: number; merchantId: string }[]): Map<string, number> {
  const byId = new Map<string, number>();
  const shared = new Set<string>();
  for (const { id, merchantId } of payees) {
    const key = merchantId.trim().toUpperCase();
    if (key.length < MIN_MERCHANT_ID_LENGTH) continue;
    if (byId.has(key) && byId.get(key) !== id) shared.add(key);
    byId.set(key, id);
  }
  for (const key of shared) byId.delete(key);
  return byId;
}

/** The one payee whose merchant id is a word of `text`; null when none is, or several are. */
export function namedPayee(text: string, merchants: ReadonlyMap<string, number>): number | null {
  if (merchants.size === 0 || text.length < MIN_MERCHANT_ID_LENGTH) return null;
  let named: number | null = null;
  // Words by hand (letters, digits, `-` and `_`): a year's 50,000 descriptions are read at every
  // matching run, and splitting each with a pattern costs more than the matching it saves.
  let start = 0;
  let lower = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const isLower = c >= 97 && c <= 122;
    if (isLower || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95) {
      lower ||= isLower;
      continue;
    }
    if (i - start >= MIN_MERCHANT_ID_LENGTH) {
      const word = text.slice(start, i);
      const payee = merchants.get(lower ? word.toUpperCase() : word);
      if (payee !== undefined && payee !== named) {
        if (named !== null) return null;
        named = payee;
      }
    }
    start = i + 1;
    lower = false;
  }
  return named;
}
