/**
 * Which parser a file needs, and the one entry point the importer calls. The content decides before
 * the file name: banks name BAI2 files .txt or .dat, and a QFX renamed .ofx is still OFX.
 */
import { bai2Source, parseBai2 } from './bai2';
import { parseCsv } from './csv';
import type { CsvMappingInput } from './csvMapping';
import { parseOfx } from './ofx';
import {
  BankStatementError,
  wholeSource,
  type ParsedStatement,
  type StatementFormat,
  type StatementSource,
} from './types';

const BY_EXTENSION: Record<string, StatementFormat> = {
  bai: 'bai2',
  bai2: 'bai2',
  ofx: 'ofx',
  qfx: 'ofx',
  qbo: 'ofx',
  csv: 'csv',
};

export function detectStatementFormat(fileName: string, text: string): StatementFormat | null {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^01,/.test(head)) return 'bai2';
  if (/^OFXHEADER\s*:/im.test(head) || /<\?OFX\s/i.test(head) || /<OFX\s*>/i.test(head)) return 'ofx';
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  const byName = BY_EXTENSION[extension];
  if (byName) return byName;
  // A header and a first row split by the same delimiter the same number of times read as a CSV
  // export whatever the file is called; one line of prose with a comma does not.
  const [first = '', second = ''] = head.split(/\r?\n/).filter((line) => line.trim() !== '');
  for (const delimiter of [',', ';', '\t', '|']) {
    const count = (line: string) => line.split(delimiter).length - 1;
    if (count(first) > 0 && count(first) === count(second) && !first.startsWith('<')) return 'csv';
  }
  return null;
}

export interface ParseStatementOptions {
  /** Skips detection (the CLI's --format). */
  format?: StatementFormat;
  /** Required for CSV: the bank's saved column mapping. */
  mapping?: CsvMappingInput;
}

/** Detects (unless told) and parses; throws BankStatementError and nothing else for a bad file. */
export function parseStatement(fileName: string, text: string, options: ParseStatementOptions = {}): ParsedStatement {
  const format = options.format ?? detectStatementFormat(fileName, text);
  switch (format) {
    case 'bai2':
      return parseBai2(text);
    case 'ofx':
      return parseOfx(text);
    case 'csv':
      if (!options.mapping) {
        throw new BankStatementError(
          'csv',
          'mapping_required',
          null,
          `${fileName} is a CSV export; choose the bank's column mapping to read it`,
        );
      }
      return parseCsv(text, options.mapping);
    case null:
    case undefined:
      throw new BankStatementError(
        null,
        'unknown_format',
        null,
        `${fileName} is not a BAI2, OFX/QFX or CSV bank statement; download the statement in one of those formats`,
      );
  }
}

/**
 * The file's lines for the importer to store: a BAI2 file's read as they are stored (its faults are
 * found as they are reached), an OFX or CSV file's parsed whole first (they are a bank's downloads
 * of weeks, not a year of treasury reporting).
 */
export function statementSource(fileName: string, text: string, options: ParseStatementOptions = {}): StatementSource {
  const format = options.format ?? detectStatementFormat(fileName, text);
  if (format === 'bai2') return bai2Source(text);
  return wholeSource(parseStatement(fileName, text, options));
}

/**
 * Windows-1252's 0x80-0x9F, where it differs from Latin-1. Node's TextDecoder('windows-1252') decodes
 * those bytes as Latin-1 control characters (measured on Node 20.20), so "€" would be lost.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * File bytes to text. Statements are UTF-8 or ASCII mostly, but OFX 1.x declares CHARSET:1252 and
 * older bank exports are Windows-1252: bytes that are not valid UTF-8 are read as Windows-1252 so
 * "Café Boosters" does not become "Caf\uFFFD Boosters".
 */
export function decodeStatementBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    let text = '';
    for (const byte of bytes)
      text += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
    return text;
  }
}
