/**
 * bank.mappings.preview (issue 15): the mapping form reads a CSV with a mapping not saved yet, through
 * the import's own parser, and stores nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bankEngine, count, credit, dbOf, type TestEngine } from './bankFixtures';
import { bai2FromLines, buildCsv } from './generate';

let engine: TestEngine;
afterEach(async () => engine?.close());

const HEADER = ['Posted', 'Debit', 'Credit', 'Memo', 'Ref'];
const ROWS = [
  ['03/03/2026', '', '1,234.50', 'DEPOSIT', 'R1'],
  ['03/04/2026', '15.00', '', 'SERVICE CHARGE', 'R2'],
  ['03/05/2026', '', '80.00', 'DEPOSIT', 'R3'],
];
const CSV = buildCsv(HEADER, ROWS);

const MAPPING = {
  name: 'First National CSV',
  date: 'Posted',
  dateFormat: 'MM/DD/YYYY',
  amount: { debit: 'Debit', credit: 'Credit' },
  description: 'Memo',
  reference: 'Ref',
};

describe('bank.mappings.preview', () => {
  it('offers the header columns before anything is chosen, and says what is missing', async () => {
    engine = await bankEngine();
    const preview = await engine.call('bank.mappings.preview', { fileName: 'march.csv', content: CSV });
    expect(preview).toMatchObject({ format: 'csv', columns: ['Posted', 'Debit', 'Credit', 'Memo', 'Ref'], lines: [] });
    expect(preview.error).toMatch(/date must name a column of the header/);
  });

  it('reads the first lines as the import will, signed cents, with the line they came from', async () => {
    engine = await bankEngine();
    const preview = await engine.call('bank.mappings.preview', {
      fileName: 'march.csv',
      content: Buffer.from(CSV, 'utf8').toString('base64'),
      encoding: 'base64',
      mapping: MAPPING,
      limit: 2,
    });
    expect(preview.error).toBeNull();
    expect(preview.lineCount).toBe(3);
    expect(preview.lines).toEqual([
      {
        lineNumber: 2,
        account: 'First National CSV',
        postedDate: '2026-03-03',
        amountCents: 123_450,
        typeCode: 'CREDIT',
        bankReference: 'R1',
        text: 'DEPOSIT',
      },
      {
        lineNumber: 3,
        account: 'First National CSV',
        postedDate: '2026-03-04',
        amountCents: -1_500,
        typeCode: 'DEBIT',
        bankReference: 'R2',
        text: 'SERVICE CHARGE',
      },
    ]);
    expect(await count(dbOf(engine), 'bank_lines')).toBe(0);
    expect(await count(dbOf(engine), 'bank_csv_mappings')).toBe(0);
  });

  it('names the column when the mapping does not fit the file, and reads without a name yet', async () => {
    engine = await bankEngine();
    const missing = await engine.call('bank.mappings.preview', {
      fileName: 'march.csv',
      content: CSV,
      mapping: { ...MAPPING, name: '', description: 'Description' },
    });
    expect(missing.error).toBe(
      'CSV line 1: column "Description" (the "New mapping" mapping\'s description) is not in the header, which has: Posted, Debit, Credit, Memo, Ref; fix the mapping or pick another one',
    );
    expect(missing.columns).toHaveLength(5);
    const wrongFormat = await engine.call('bank.mappings.preview', {
      fileName: 'march.csv',
      content: CSV,
      mapping: { ...MAPPING, dateFormat: 'YYYY-MM-DD' },
    });
    expect(wrongFormat.error).toMatch(/^CSV line 2: date "Posted" "03\/03\/2026" is not a date written YYYY-MM-DD/);
    expect(wrongFormat.error).not.toContain('\n');
  });

  it('finds the columns after the lines skipped and with the chosen delimiter', async () => {
    engine = await bankEngine();
    const content = `Account 0012345678\r\nMarch 2026\r\n${buildCsv(HEADER, ROWS, ';')}`;
    const preview = await engine.call('bank.mappings.preview', {
      fileName: 'march.csv',
      content,
      mapping: { ...MAPPING, delimiter: ';', skipLines: 2 },
    });
    expect(preview.columns).toEqual(['Posted', 'Debit', 'Credit', 'Memo', 'Ref']);
    expect(preview.error).toBeNull();
    expect(preview.lines[0]).toMatchObject({ lineNumber: 4, amountCents: 123_450 });
  });

  it('says what a BAI2 file is, with no columns: it needs no mapping', async () => {
    engine = await bankEngine();
    const preview = await engine.call('bank.mappings.preview', {
      fileName: 'march.txt',
      content: bai2FromLines([credit('2026-03-03', 500)]),
    });
    expect(preview).toEqual({ format: 'bai2', columns: [], lines: [], lineCount: 0, error: null });
  });
});
