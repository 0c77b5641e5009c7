/** Builders for the engine's bank answers: a BAI2 statement of early March, override what a test is about. */
import type { BankImportSummary, BankLineDetail, BankLineSummary } from '../../../shared/domain';

export function bankLine(overrides: Partial<BankLineSummary> = {}): BankLineSummary {
  return {
    id: 1,
    account: '0012345678',
    postedDate: '2026-03-04',
    amountCents: 12_345,
    typeCode: '165',
    bankReference: 'R1',
    text: 'MERCHANT SETTLEMENT',
    status: 'unmatched',
    match: null,
    suggestions: [],
    explanation: null,
    identity: null,
    ...overrides,
  };
}

/** The line as the statement file had it: its BAI2 detail record (16) is built from the line's own fields. */
export function bankLineDetail(line: BankLineSummary): BankLineDetail {
  return {
    line,
    raw: `16,${line.typeCode},${line.amountCents},Z,${line.bankReference},,${line.text}`,
    statement: {
      id: 1,
      fileName: 'march.bai',
      sha256: 'ab'.repeat(32),
      format: 'bai2',
      from: '2026-03-02',
      to: '2026-03-06',
      lineCount: 3,
      newLineCount: 3,
      importedAt: '2026-03-07T12:00:00.000Z',
      importedBy: 'Pat',
      matchedAt: '2026-03-07T12:00:01.000Z',
    },
    undoneMatches: [],
    undoneExplanations: [],
  };
}

export function bankImportSummary(overrides: Partial<BankImportSummary> = {}): BankImportSummary {
  return {
    statementId: 1,
    alreadyImported: false,
    format: 'bai2',
    range: { from: '2026-03-02', to: '2026-03-06' },
    accounts: ['0012345678'],
    linesInFile: 3,
    newLines: 3,
    duplicatesSkipped: 0,
    possibleDuplicates: 0,
    corrections: 0,
    matched: 1,
    suggested: 1,
    unmatched: 1,
    explained: 0,
    ...overrides,
  };
}
