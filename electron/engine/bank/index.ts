/**
 * Bank statements (DESIGN.md §10), the parsing half: BAI2, OFX/QFX (1.x SGML and 2.x XML) and CSV
 * through a per-bank column mapping, each to the same ParsedStatement of signed-cent BankLines with a
 * de-duplication identity. Pure: no store, no matching. A malformed file is refused whole with one
 * BankStatementError naming the line and what to do.
 */
export {
  BankStatementError,
  type BankLine,
  type BankStatementErrorCode,
  type ParsedStatement,
  type StatementAccount,
  type StatementFormat,
} from './types';
export { detectStatementFormat, parseStatement, decodeStatementBytes, type ParseStatementOptions } from './detect';
export { parseBai2 } from './bai2';
export { directionOf as bai2Direction } from './bai2Fields';
export { parseOfx } from './ofx';
export { parseCsv } from './csv';
export {
  parseCsvMapping,
  csvMappingSchema,
  CSV_DATE_FORMATS,
  type CsvMapping,
  type CsvMappingInput,
  type CsvDateFormat,
} from './csvMapping';
