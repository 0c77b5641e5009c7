/**
 * Formula-injection neutralising for every text cell that came from the service (payee names, GL
 * labels, batch ids, notes). A cell whose text starts with = + - @, a tab, CR or LF, possibly behind
 * spaces, or with their full-width forms (which some spreadsheet locales also evaluate), gets a
 * leading apostrophe, as OWASP's CSV-injection guidance recommends.
 *
 * Why an apostrophe and not a zero-width character: it is visible, so a bookkeeper can see the text
 * was altered and why; it survives every CSV reader and ERP import the same way; and an invisible
 * prefix would silently become part of an account code or payee name in the ledger. exceljs cannot
 * write Excel's quotePrefix style, so the apostrophe is part of the text in the workbook too.
 */
const TRIGGER = /^[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

export const TRIGGER_CHARACTERS = ['=', '+', '-', '@', '\t', '\r', '\n'] as const;

export function formulaSafe(text: string): string {
  return TRIGGER.test(text) ? `'${text}` : text;
}

/** For optional service text: null stays an empty cell. */
export function formulaSafeOrNull(text: string | null | undefined): string | null {
  return text === null || text === undefined ? null : formulaSafe(text);
}

/** One CSV field (RFC 4180): formula-safe, and quoted when it holds a comma, quote, CR or LF. */
export function csvText(text: string): string {
  return csvQuote(formulaSafe(text));
}

/** Quotes a field we generated ourselves (numbers, dates): no neutralising needed, quoting still is. */
export function csvQuote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
