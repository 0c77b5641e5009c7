import { describe, expect, it } from 'vitest';
import { BankStatementError, parseOfx } from '../../../electron/engine/bank';
import { parseOfxAmount, parseOfxDate } from '../../../electron/engine/bank/ofx';
import { buildOfx, type OfxStatement } from './generate';
import { refusalOf } from './refusal';

function sample(): OfxStatement[] {
  return [
    {
      account: '000123456789',
      start: '20260301',
      end: '20260307235959',
      ledger: '18250.75',
      transactions: [
        {
          trnType: 'DEP',
          posted: '20260305120000.000[-5:EST]',
          amount: '2500.00',
          fitid: 'F1',
          name: 'PAYSCHOOLS DEPOSIT',
          memo: 'LINCOLN HIGH',
        },
        { trnType: 'FEE', posted: '20260306', amount: '-15.00', fitid: 'F2', name: 'MONTHLY FEE', memo: 'MONTHLY FEE' },
        {
          trnType: 'CREDIT',
          posted: '20260306000000[0:GMT]',
          amount: '58,50',
          fitid: 'F3',
          name: 'Band & Orchestra <Boosters>',
        },
      ],
    },
    {
      account: '000999',
      start: '20260301',
      end: '20260307',
      transactions: [{ trnType: 'DEBIT', posted: '20260307', amount: '-25', fitid: 'R1', name: 'ACH RETURN R01' }],
    },
    {
      kind: 'card',
      account: '4111XXXXXXXX1111',
      start: '20260301',
      end: '20260307',
      transactions: [{ trnType: 'DEBIT', posted: '20260302', amount: '-42.10', fitid: 'C1', name: 'OFFICE SUPPLY' }],
    },
  ];
}

function refusal(text: string): BankStatementError {
  return refusalOf(() => parseOfx(text));
}

describe.each(['sgml', 'xml'] as const)('OFX parser (%s)', (dialect) => {
  it('reads bank and credit-card statements of several accounts', () => {
    const statement = parseOfx(buildOfx(sample(), dialect));
    expect(statement.format).toBe('ofx');
    expect(statement.range).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(
      statement.lines.map((l) => [l.account, l.postedDate, l.amountCents, l.typeCode, l.bankReference, l.text]),
    ).toEqual([
      ['000123456789', '2026-03-05', 250000, 'DEP', 'F1', 'PAYSCHOOLS DEPOSIT / LINCOLN HIGH'],
      ['000123456789', '2026-03-06', -1500, 'FEE', 'F2', 'MONTHLY FEE'],
      ['000123456789', '2026-03-06', 5850, 'CREDIT', 'F3', 'Band & Orchestra <Boosters>'],
      ['000999', '2026-03-07', -2500, 'DEBIT', 'R1', 'ACH RETURN R01'],
      ['4111XXXXXXXX1111', '2026-03-02', -4210, 'DEBIT', 'C1', 'OFFICE SUPPLY'],
    ]);
    expect(statement.lines[0]!.identity).toBe('["ofx","000123456789","F1"]');
    expect(statement.lines[0]!.raw).toMatch(/^<STMTTRN>[\s\S]*<\/STMTTRN>$/);
    expect(statement.accounts.map((a) => [a.account, a.currency, a.lineCount, a.closingLedgerCents])).toEqual([
      ['000123456789', 'USD', 3, 1825075],
      ['000999', 'USD', 1, null],
      ['4111XXXXXXXX1111', 'USD', 1, null],
    ]);
  });

  it('refuses a file cut short, naming the last line', () => {
    const text = buildOfx(sample(), dialect);
    const cut = text.slice(0, text.indexOf('<TRNAMT>-15.00') + 12);
    const error = refusal(cut);
    expect(error.code).toBe('missing_trailer');
    expect(error.line).toBe(cut.split('\n').length);
    expect(error.message).toMatch(/the file ends before <STMTTRN> \(line \d+\) is closed; the file may be cut short/);
  });

  /** 1-based line of the n-th line containing `needle`, or the line before it. */
  const at =
    (needle: string, nth = 1, offset = 0) =>
    (lines: string[]) =>
      lines.map((l, i) => (l.includes(needle) ? i + 1 : 0)).filter(Boolean)[nth - 1]! + offset;

  it.each<[string, (t: string) => string, (lines: string[]) => number, string, RegExp]>([
    [
      'a bad amount',
      (t) => t.replace('>-15.00', '>-15.0O'),
      at('<TRNAMT>-15.0O'),
      'bad_amount',
      /TRNAMT \(amount\) "-15\.0O" is not an amount/,
    ],
    [
      'a thousands separator',
      (t) => t.replace('>2500.00', '>2,500.00'),
      at('<TRNAMT>2,500.00'),
      'bad_amount',
      /"2,500\.00"/,
    ],
    [
      'a bad posted date',
      (t) => t.replace(/>20260306([<\r])/, '>20260230$1'),
      at('<DTPOSTED>20260230'),
      'bad_date',
      /DTPOSTED \(posted date\) "20260230" is not a date/,
    ],
    [
      'a missing posted date',
      (t) => t.replace(/<DTPOSTED>20260306(<\/DTPOSTED>)?/, ''),
      at('<TRNTYPE>FEE', 1, -1),
      'bad_date',
      /DTPOSTED \(posted date\) is missing/,
    ],
    [
      'a statement without an account number',
      (t) => t.replace(/<ACCTID>000999(<\/ACCTID>)?/, ''),
      at('<BANKACCTFROM>', 2),
      'bad_field',
      /no account number \(ACCTID\)/,
    ],
  ])('refuses %s with its line number', (_, damage, where, code, message) => {
    const text = damage(buildOfx(sample(), dialect));
    const error = refusal(text);
    expect(error.code).toBe(code);
    expect(error.line).toBe(where(text.split(/\r?\n/)));
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(new RegExp(`^OFX line ${error.line}: `));
  });
});

describe('OFX end tags as ofxparse reads them', () => {
  const expected = () => parseOfx(buildOfx(sample(), 'xml')).lines.map((l) => [l.account, l.amountCents, l.identity]);

  it.each<[string, (t: string) => string]>([
    ['a stray closing tag', (t) => t.replace('</BANKTRANLIST>', '</BANKTRANLIST></STMTTRN>')],
    ['a transaction left unclosed before the next one', (t) => t.replace(/<\/STMTTRN>/, '')],
    [
      'the last transaction left unclosed before </BANKTRANLIST>',
      (t) => t.replace(/<\/STMTTRN>(\s*<\/BANKTRANLIST>)/, '$1'),
    ],
    [
      'an aggregate left unclosed inside a transaction',
      (t) => t.replace('<NAME>MONTHLY FEE</NAME>', '<PAYEE><NAME>MONTHLY FEE</NAME>'),
    ],
    ['the closing tags after the last statement left out', (t) => t.slice(0, t.lastIndexOf('</CCSTMTRS>'))],
  ])('reads %s, every transaction once', (_, damage) => {
    const text = damage(buildOfx(sample(), 'xml'));
    expect(text).not.toBe(buildOfx(sample(), 'xml'));
    expect(parseOfx(text).lines.map((l) => [l.account, l.amountCents, l.identity])).toEqual(expected());
  });

  it('reads self-closing empty leaves, empty balances and CDATA text', () => {
    const text = buildOfx(sample(), 'xml')
      .replace('<BALAMT>18250.75</BALAMT>', '<BALAMT/>')
      .replace('<NAME>PAYSCHOOLS DEPOSIT</NAME>', '<NAME><![CDATA[PAYSCHOOLS & <DEPOSIT>]]></NAME>')
      .replace(/<MEMO>LINCOLN HIGH<\/MEMO>/, '<MEMO/>');
    const statement = parseOfx(text);
    expect(statement.lines[0]!.text).toBe('PAYSCHOOLS & <DEPOSIT>');
    expect(statement.accounts[0]!.closingLedgerCents).toBeNull();
    expect(statement.lines).toHaveLength(5);
  });

  it('reads a statement with balances and no transaction list as no lines, dated by its balance', () => {
    const text = [
      '<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="211"?>',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF>',
      '<BANKACCTFROM><BANKID>1</BANKID><ACCTID>9100</ACCTID></BANKACCTFROM>',
      '<LEDGERBAL><BALAMT>111</BALAMT><DTASOF>20120603133220.000[-7:PDT]</DTASOF></LEDGERBAL>',
      '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const statement = parseOfx(text);
    expect(statement.lines).toEqual([]);
    expect(statement.range).toEqual({ from: '2012-06-03', to: '2012-06-03' });
    expect(statement.accounts).toMatchObject([{ account: '9100', lineCount: 0, closingLedgerCents: 11100 }]);
  });
});

describe('OFX quirks', () => {
  it('reads SGML with empty leaves, a raw ampersand, PAYEE names, lower-case tags and no FITID', () => {
    const text = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD',
      '<BANKACCTFROM><BANKID>1<ACCTID>77</BANKACCTFROM>',
      '<BANKTRANLIST><DTSTART>20260301<DTEND>20260331',
      '<stmttrn><trntype>CHECK<dtposted>20260310<trnamt>-100<fitid>X1<checknum>1001<memo></stmttrn>',
      '<STMTTRN><TRNTYPE>DEP<DTPOSTED>20260311<TRNAMT>.5<PAYEE><NAME>AT&T REFUND</PAYEE><MEMO>REF &amp; MORE</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEP<DTPOSTED>20260311<TRNAMT>.5<NAME>AT&T REFUND<MEMO>REF &amp; MORE</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const statement = parseOfx(text);
    expect(statement.lines.map((l) => [l.amountCents, l.typeCode, l.bankReference, l.text, l.lineNumber])).toEqual([
      [-10000, 'CHECK', 'X1', '', 7],
      [50, 'DEP', '', 'AT&T REFUND / REF & MORE', 8],
      [50, 'DEP', '', 'AT&T REFUND / REF & MORE', 9],
    ]);
    expect(statement.lines.slice(1).map((l) => l.identity)).toEqual([
      '["ofx","77","2026-03-11",50,"AT&T REFUND / REF & MORE"]',
      '["ofx","77","2026-03-11",50,"AT&T REFUND / REF & MORE"]#2',
    ]);
  });

  it('refuses a bank status error in place of a statement', () => {
    const text =
      '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>2000<SEVERITY>ERROR<MESSAGE>Try later</STATUS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    expect(() => parseOfx(text)).toThrow(/^OFX line 1: the bank sent status 2000 \(Try later\) instead of a statement/);
  });

  it('refuses a file with no <OFX> element', () => {
    expect(() => parseOfx('OFXHEADER:100\n\nnothing here')).toThrow(/there is no <OFX> element/);
  });

  it('reads a value wrapped over SGML lines as one line of text', () => {
    const text = buildOfx(sample(), 'sgml').replace('<MEMO>LINCOLN HIGH', '<MEMO>LINCOLN\r\n   HIGH SCHOOL');
    expect(parseOfx(text).lines[0]!.text).toBe('PAYSCHOOLS DEPOSIT / LINCOLN HIGH SCHOOL');
  });

  it.each([
    ['-12.34', -1234],
    ['+5', 500],
    ['12,50', 1250],
    ['.5', 50],
    ['-.05', -5],
    ['12.500', 1250],
    ['0.00', 0],
    ['-0.00', 0],
    ['99999999999.99', 9999999999999],
  ])('reads TRNAMT %s as %i cents', (text, cents) => {
    expect(parseOfxAmount(text, 1, 'TRNAMT')).toBe(cents);
  });

  it.each(['1,234.56', '1.234,56', '12.345', '', '-', 'abc', '1e3', '$5.00', '5 .00'])('refuses TRNAMT %j', (text) => {
    expect(() => parseOfxAmount(text, 4, 'TRNAMT')).toThrow(/^OFX line 4: TRNAMT/);
  });

  it.each([
    ['20260305', '2026-03-05'],
    ['202603051230', '2026-03-05'],
    ['20260305123000', '2026-03-05'],
    ['20260305123000.123', '2026-03-05'],
    ['20260305000000[0:GMT]', '2026-03-05'],
    ['20260305235959.000[-5:EST]', '2026-03-05'],
    ['20260305120000[+5.30:IST]', '2026-03-05'],
    ['20260305120000 [-8]', '2026-03-05'],
  ])('reads DTPOSTED %s as %s, the date the bank wrote', (text, date) => {
    expect(parseOfxDate(text, 1, 'DTPOSTED')).toBe(date);
  });

  it.each(['2026-03-05', '20260230', '20260305250000', '2026030', '', '20260305[EST]'])(
    'refuses DTPOSTED %j',
    (text) => {
      expect(() => parseOfxDate(text, 9, 'DTPOSTED')).toThrow(/^OFX line 9: DTPOSTED/);
    },
  );
});
