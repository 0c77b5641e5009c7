import { describe, expect, it } from 'vitest';
import {
  BankStatementError,
  decodeStatementBytes,
  detectStatementFormat,
  parseStatement,
} from '../../../electron/engine/bank';
import { bai2FromLines, buildCsv, ofxFromLines, type PlainLine } from './generate';

const lines: PlainLine[] = [
  { account: '1', postedDate: '2026-03-05', amountCents: 1234, typeCode: '165', bankReference: 'R1', text: 'DEPOSIT' },
];
const bai2 = bai2FromLines(lines);
const sgml = ofxFromLines(lines, 'sgml');
const xml = ofxFromLines(lines, 'xml');
const csv = buildCsv(['Date', 'Description', 'Amount'], [['2026-03-05', 'DEPOSIT', '12.34']]);

describe('detectStatementFormat', () => {
  it.each([
    ['statement.bai', bai2, 'bai2'],
    ['PREVDAY.TXT', bai2, 'bai2'],
    ['download.dat', `\uFEFF${bai2}`, 'bai2'],
    ['statement.ofx', sgml, 'ofx'],
    ['statement.qfx', xml, 'ofx'],
    ['statement.txt', sgml, 'ofx'],
    ['Statement.QBO', '<OFX></OFX>', 'ofx'],
    ['export.csv', csv, 'csv'],
    ['export.txt', csv, 'csv'],
    ['export.bai', csv, 'bai2'],
    ['notes.txt', 'Dear bookkeeper,', null],
    ['picture.png', '\u0089PNG', null],
  ] as const)('%s is %s', (name, text, format) => {
    expect(detectStatementFormat(name, text)).toBe(format);
  });
});

describe('parseStatement', () => {
  it('parses each format through one entry point', () => {
    expect(parseStatement('a.bai', bai2).lines[0]!.amountCents).toBe(1234);
    expect(parseStatement('a.ofx', sgml).lines[0]!.amountCents).toBe(1234);
    const mapping = {
      name: 'B',
      date: 'Date',
      dateFormat: 'YYYY-MM-DD',
      amount: 'Amount',
      description: 'Description',
    } as const;
    expect(parseStatement('a.csv', csv, { mapping }).lines[0]!.amountCents).toBe(1234);
    expect(parseStatement('a.txt', csv, { format: 'csv', mapping }).format).toBe('csv');
  });

  it.each([
    [
      'a CSV without a mapping',
      'a.csv',
      csv,
      'mapping_required',
      /^CSV: a\.csv is a CSV export; choose the bank's column mapping/,
    ],
    [
      'an unknown file',
      'notes.txt',
      'Dear bookkeeper,',
      'unknown_format',
      /^Statement: notes\.txt is not a BAI2, OFX\/QFX or CSV bank statement/,
    ],
  ])('refuses %s', (_, name, text, code, message) => {
    const error = (() => {
      try {
        parseStatement(name, text);
      } catch (e) {
        return e as BankStatementError;
      }
      throw new Error('accepted');
    })();
    expect(error).toBeInstanceOf(BankStatementError);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});

describe('decodeStatementBytes', () => {
  it.each([
    ['UTF-8', new Uint8Array([0x43, 0x61, 0x66, 0xc3, 0xa9]), 'Café'],
    ['UTF-8 with a BOM', new Uint8Array([0xef, 0xbb, 0xbf, 0x43, 0x61, 0x66, 0xc3, 0xa9]), 'Café'],
    ['Windows-1252', new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]), 'Café €'],
    ['UTF-16 with a BOM', new Uint8Array([0xff, 0xfe, 0x43, 0, 0xe9, 0]), 'Cé'],
  ])('reads %s', (_, bytes, text) => {
    expect(decodeStatementBytes(bytes)).toBe(text);
  });
});
