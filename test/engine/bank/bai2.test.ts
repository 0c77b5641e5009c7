import { describe, expect, it } from 'vitest';
import { BankStatementError, parseBai2 } from '../../../electron/engine/bank';
import { directionOf } from '../../../electron/engine/bank/bai2Fields';
import { buildBai2, editLine, lineStarting, type Bai2Group } from './generate';
import { refusalOf } from './refusal';

/** Two days of a district's deposit account and its payroll account, as a treasury service sends them. */
function sample(): Bai2Group[] {
  return [
    {
      asOf: '2026-03-05',
      accounts: [
        {
          account: '0012345678',
          summaries: [
            { typeCode: '010', amount: '1500000' },
            { typeCode: '015', amount: '1740850' },
            { typeCode: '100', amount: '255850', itemCount: 2 },
            { typeCode: '400', amount: '15000', itemCount: 1 },
          ],
          continueSummaries: true,
          details: [
            {
              typeCode: '165',
              amountCents: 250000,
              bankReference: '260305000123',
              customerReference: 'DEP1',
              text: 'PAYSCHOOLS CENTRAL DEPOSIT',
              continuations: ['ORIG ID 1234567890', 'IND NAME LINCOLN HIGH, LUNCH/FEES'],
            },
            {
              typeCode: '142',
              amountCents: 5850,
              funds: ['S', '5850', '0', '0'],
              bankReference: '260305000124',
              text: 'ACH CREDIT',
            },
            {
              typeCode: '495',
              amountCents: 15000,
              funds: ['V', '260305', '1200'],
              bankReference: 'FEE0305',
              text: 'MONTHLY SERVICE FEE',
            },
          ],
        },
        { account: '0099887766', details: [] },
      ],
    },
    {
      asOf: '2026-03-06',
      accounts: [
        {
          account: '0012345678',
          details: [
            {
              typeCode: '165',
              amountCents: 99,
              funds: ['D', '2', '0', '50', '1', '49'],
              bankReference: '260306000001',
            },
            { typeCode: '555', amountCents: 2500, funds: ['1'], text: 'RETURNED ITEM R01' },
            { typeCode: '935', amountCents: 100, funds: ['0'], bankReference: 'C935' },
            { typeCode: '975', amountCents: 100, funds: ['2'], bankReference: 'D975' },
          ],
        },
      ],
    },
  ];
}

function refusal(text: string): BankStatementError {
  return refusalOf(() => parseBai2(text));
}

describe('BAI2 parser', () => {
  it('reads a two-day file: signed amounts, as-of dates, funds types, 88 text and summaries', () => {
    const text = buildBai2(sample());
    const statement = parseBai2(text);
    expect(statement.format).toBe('bai2');
    expect(statement.range).toEqual({ from: '2026-03-05', to: '2026-03-06' });
    expect(
      statement.lines.map((l) => [l.account, l.postedDate, l.amountCents, l.typeCode, l.bankReference, l.text]),
    ).toEqual([
      [
        '0012345678',
        '2026-03-05',
        250000,
        '165',
        '260305000123',
        'PAYSCHOOLS CENTRAL DEPOSIT ORIG ID 1234567890 IND NAME LINCOLN HIGH, LUNCH/FEES',
      ],
      ['0012345678', '2026-03-05', 5850, '142', '260305000124', 'ACH CREDIT'],
      ['0012345678', '2026-03-05', -15000, '495', 'FEE0305', 'MONTHLY SERVICE FEE'],
      ['0012345678', '2026-03-06', 99, '165', '260306000001', ''],
      ['0012345678', '2026-03-06', -2500, '555', '', 'RETURNED ITEM R01'],
      ['0012345678', '2026-03-06', 100, '935', 'C935', ''],
      ['0012345678', '2026-03-06', -100, '975', 'D975', ''],
    ]);
    const first = statement.lines[0]!;
    expect(first.raw.split('\n')).toHaveLength(3);
    expect(first.raw).toMatch(/^16,165,250000,Z,260305000123,DEP1,PAYSCHOOLS/);
    expect(first.lineNumber).toBe(lineStarting(text, '16,165,250000'));
    expect(statement.accounts).toEqual([
      {
        account: '0012345678',
        currency: 'USD',
        lineCount: 7,
        creditCents: 256049,
        debitCents: -17600,
        closingLedgerCents: 1740850,
      },
      { account: '0099887766', currency: 'USD', lineCount: 0, creditCents: 0, debitCents: 0, closingLedgerCents: null },
    ]);
  });

  it('reads a hand-counted file, so the generator and the parser cannot share a misreading of the spec', () => {
    // Control totals sum every 03 and 16 amount; record counts include the 88s and the trailer itself.
    const text = [
      '01,122099999,123456789,260306,0200,1,80,10,2/',
      '02,123456789,122099999,1,260305,2400,USD,2/',
      '03,0975312468,USD,010,500000,,,015,450000,,/',
      '88,100,100000,1,,400,150000,2,/',
      '16,165,100000,Z,BR001,CR001,PAYSCHOOLS DEPOSIT',
      '88,LINCOLN HIGH SCHOOL',
      '16,495,120000,V,260305,1200,BR002,,WIRE OUT/',
      '16,475,30000,S,30000,0,0,BR003,1001,CHECK PAID',
      '49,1450000,7/',
      '98,1450000,1,9/',
      '99,1450000,1,11/',
    ].join('\r\n');
    const statement = parseBai2(text);
    expect(statement.lines.map((l) => [l.amountCents, l.bankReference, l.text, l.lineNumber])).toEqual([
      [100000, 'BR001', 'PAYSCHOOLS DEPOSIT LINCOLN HIGH SCHOOL', 5],
      [-120000, 'BR002', 'WIRE OUT', 7],
      [-30000, 'BR003', 'CHECK PAID', 8],
    ]);
    expect(statement.accounts[0]!.closingLedgerCents).toBe(450000);
    expect(statement.range).toEqual({ from: '2026-03-05', to: '2026-03-05' });
  });

  it('gives identities by account, bank reference, date and amount, and numbers repeats', () => {
    const twice = { typeCode: '165', amountCents: 2500, text: 'CASH DEPOSIT' };
    const statement = parseBai2(
      buildBai2([
        {
          asOf: '2026-03-05',
          accounts: [{ account: '1', details: [{ ...twice, bankReference: 'R1' }, twice, twice] }],
        },
      ]),
    );
    expect(statement.lines.map((l) => l.identity)).toEqual([
      '["bai2","1","ref","R1","2026-03-05",2500]',
      '["bai2","1","2026-03-05",2500,"165","CASH DEPOSIT"]',
      '["bai2","1","2026-03-05",2500,"165","CASH DEPOSIT"]#2',
    ]);
  });

  it.each([
    ['CRLF line ends', (t: string) => t.replaceAll('\n', '\r\n')],
    [
      'records padded to 80 characters',
      (t: string) =>
        t
          .split('\n')
          .map((l) => (l ? l.padEnd(80, ' ') : l))
          .join('\n'),
    ],
    ['a byte-order mark and blank lines', (t: string) => `\uFEFF${t.replace('\n', '\n\n')}\n\n`],
  ])('tolerates %s', (_, change) => {
    const statement = parseBai2(change(buildBai2(sample())));
    expect(statement.lines).toHaveLength(7);
    expect(statement.lines[0]!.text).toContain('LUNCH/FEES');
  });

  it.each([
    [100, 1],
    [165, 1],
    [399, 1],
    [400, -1],
    [495, -1],
    [699, -1],
    [920, 1],
    [959, 1],
    [960, -1],
    [999, -1],
    [10, null],
    [15, null],
    [700, null],
    [850, null],
    [900, null],
    [919, null],
  ])('type code %i has direction %s', (code, direction) => {
    expect(directionOf(code)).toBe(direction);
  });

  const sampleText = () => buildBai2(sample());
  it.each<[string, (t: string) => string, (t: string) => number, string, RegExp]>([
    [
      'an account control total that does not add up',
      (t) =>
        editLine(t, lineStarting(t, '49,'), (l) => l.replace(/^49,(\d+),/, (_, n: string) => `49,${Number(n) - 500},`)),
      (t) => lineStarting(t, '49,'),
      'total_mismatch',
      /^BAI2 line \d+: account control total \d+ does not match the sum of its 03 and 16 amounts \(\d+\); the file may be cut short — download it again$/,
    ],
    [
      'an account record count that does not add up',
      (t) => editLine(t, lineStarting(t, '49,'), (l) => l.replace(/,(\d+)\/$/, (_, n: string) => `,${Number(n) + 1}/`)),
      (t) => lineStarting(t, '49,'),
      'count_mismatch',
      /account trailer says \d+ records but account 0012345678 has \d+/,
    ],
    [
      'a group control total that does not add up',
      (t) =>
        editLine(t, lineStarting(t, '98,'), (l) => l.replace(/^98,(\d+),/, (_, n: string) => `98,${Number(n) + 1},`)),
      (t) => lineStarting(t, '98,'),
      'total_mismatch',
      /group control total \d+ does not match the sum of its accounts/,
    ],
    [
      'a group trailer with the wrong number of accounts',
      (t) => editLine(t, lineStarting(t, '98,'), (l) => l.replace(/^98,(\d+),2,/, '98,$1,3,')),
      (t) => lineStarting(t, '98,'),
      'count_mismatch',
      /group trailer says 3 accounts but the group has 2/,
    ],
    [
      'a file control total that does not add up',
      (t) =>
        editLine(t, lineStarting(t, '99,'), (l) => l.replace(/^99,(\d+),/, (_, n: string) => `99,${Number(n) + 1},`)),
      (t) => lineStarting(t, '99,'),
      'total_mismatch',
      /file control total/,
    ],
    [
      'a file trailer with the wrong number of records',
      (t) => editLine(t, lineStarting(t, '99,'), (l) => l.replace(/,(\d+)\/$/, ',1/')),
      (t) => lineStarting(t, '99,'),
      'count_mismatch',
      /file trailer says 1 records but the file has \d+/,
    ],
    [
      'a missing 99 file trailer',
      (t) => editLine(t, lineStarting(t, '99,'), () => null),
      (t) => t.trimEnd().split('\n').length,
      'missing_trailer',
      /the file ends before its 99 file trailer; the file may be cut short/,
    ],
    [
      'a file cut short inside an account',
      (t) => t.split('\n').slice(0, lineStarting(t, '16,495')).join('\n'),
      (t) => lineStarting(t, '16,495'),
      'missing_trailer',
      /the file ends inside account 0012345678 \(line 3\), before its 49 trailer/,
    ],
    [
      'a missing 49 account trailer',
      (t) => editLine(t, lineStarting(t, '49,'), () => null),
      (t) => lineStarting(t, '03,0099887766'),
      'missing_trailer',
      /account 0012345678 \(line 3\) has no 49 trailer before the next 03 account/,
    ],
    [
      'a missing 98 group trailer',
      (t) => editLine(t, lineStarting(t, '98,'), () => null),
      (t) => lineStarting(t, '02,', 2),
      'missing_trailer',
      /a 02 group header before the 98 trailer of the group opened on line 2/,
    ],
    [
      'an amount with a decimal point',
      (t) => editLine(t, lineStarting(t, '16,142'), (l) => l.replace('16,142,5850,', '16,142,58.50,')),
      (t) => lineStarting(t, '16,142'),
      'bad_amount',
      /transaction amount "58\.50" is not an amount in cents written as digits without a decimal point/,
    ],
    [
      'a signed detail amount',
      (t) => editLine(t, lineStarting(t, '16,142'), (l) => l.replace('16,142,5850,', '16,142,-5850,')),
      (t) => lineStarting(t, '16,142'),
      'bad_amount',
      /carry no sign; the type code says credit or debit/,
    ],
    [
      'a bad as-of date',
      (t) => editLine(t, lineStarting(t, '02,'), (l) => l.replace(',260305,', ',260231,')),
      (t) => lineStarting(t, '02,'),
      'bad_date',
      /group as-of date "260231" is not a date written YYMMDD/,
    ],
    [
      'a bad value date',
      (t) => editLine(t, lineStarting(t, '16,495'), (l) => l.replace(',V,260305,', ',V,2603,')),
      (t) => lineStarting(t, '16,495'),
      'bad_date',
      /funds type V value date "2603"/,
    ],
    [
      'an unknown record type',
      (t) => editLine(t, lineStarting(t, '16,142'), (l) => l.replace(/^16,/, '17,')),
      (t) => lineStarting(t, '17,'),
      'unknown_record',
      /unknown record type "17"/,
    ],
    [
      'an unknown funds type',
      (t) => editLine(t, lineStarting(t, '16,555'), (l) => l.replace(',1,', ',X,')),
      (t) => lineStarting(t, '16,555'),
      'bad_field',
      /funds type "X" is not one of 0, 1, 2, S, V, D or Z/,
    ],
    [
      'a status type code on a transaction',
      (t) => editLine(t, lineStarting(t, '16,555'), (l) => l.replace('16,555,', '16,015,')),
      (t) => lineStarting(t, '16,015'),
      'bad_field',
      /transaction type code 015 is neither a credit \(100-399, 920-959\) nor a debit/,
    ],
    [
      'a bank-defined status code (900-919) on a transaction',
      (t) => editLine(t, lineStarting(t, '16,935'), (l) => l.replace('16,935,', '16,905,')),
      (t) => lineStarting(t, '16,905'),
      'bad_field',
      /type code 905 is neither/,
    ],
    [
      'a transaction outside any account',
      (t) => editLine(t, lineStarting(t, '03,0099887766'), () => '16,165,100,Z,X,,/'),
      (t) => lineStarting(t, '16,165,100,Z,X'),
      'structure',
      /a 16 transaction outside any 03 account/,
    ],
    [
      'a file that does not start with 01',
      (t) => editLine(t, 1, () => null),
      () => 1,
      'not_this_format',
      /does not start with a 01 file header/,
    ],
    [
      'records after the file trailer',
      (t) => `${t}01,BANKID,DISTRICT,260301,0600,2,,,2/\n`,
      (t) => lineStarting(t, '01,', 1),
      'structure',
      /a record follows the 99 file trailer/,
    ],
    [
      'a BAI version 1 file',
      (t) => editLine(t, 1, (l) => l.replace(/,2\/$/, ',1/')),
      () => 1,
      'not_this_format',
      /BAI version 1/,
    ],
    [
      'a 88 before any record',
      (t) => `88,STRAY\n${t}`,
      () => 1,
      'structure',
      /88 continuation record comes before any record/,
    ],
  ])('refuses %s with its line number', (_, damage, expectedLine, code, message) => {
    const text = damage(sampleText());
    const error = refusal(text);
    expect(error.code).toBe(code);
    expect(error.line).toBe(expectedLine(text));
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(new RegExp(`^BAI2 line ${error.line}: `));
    expect(error.message).not.toContain('\n');
  });
});

describe('BAI2 as banks write it (as leniently as moov-io/bai2 reads it)', () => {
  const amounts = (text: string) => parseBai2(text).lines.map((l) => [l.amountCents, l.text]);

  it('reads several records on one line, each counted once in the trailers', () => {
    const text = [
      '01,SENDER,RECEIVER,260305,0800,1,,,2/   02,RECEIVER,SENDER,1,260305,,USD,2/',
      '03,111,,010,-3500,,,100,3000,2,/',
      '16,142,2500,Z,,,TRANSFER   PAYPAL  PPD/ 16,142,500,Z,,,TRANSFER   BANK  PPD/',
      '49,2500,4/  98,2500,1,6/',
      '99,2500,1,8/',
    ].join('\n');
    expect(amounts(text)).toEqual([
      [2500, 'TRANSFER   PAYPAL  PPD'],
      [500, 'TRANSFER   BANK  PPD'],
    ]);
    expect(parseBai2(text).lines.map((l) => l.lineNumber)).toEqual([3, 3]);
  });

  it('reads a 16 wrapped over two lines without an 88, and "88:" continuations', () => {
    const text = [
      '01,S,R,260305,0800,1,,,2/',
      '02,R,S,1,260305,,USD,2/',
      '03,111,USD/',
      '16,142,2500,Z,,,111111     ACH_SETL           1111111111',
      '111111111111111        /',
      '88:EREF: 0737',
      '49,2500,4/',
      '98,2500,1,6/',
      '99,2500,1,8/',
    ].join('\n');
    expect(amounts(text)).toEqual([[2500, '111111     ACH_SETL           1111111111111111111111111 EREF: 0737']]);
  });

  it('reads empty 03 summary slots, a comma before the 88 that continues them, and zero-padded long amounts', () => {
    const text = [
      '01,S,R,260305,0800,1,,,2/',
      '02,R,S,1,260305,,USD,2/',
      '03,222,USD,,,,,060,100,,,015,+00000000000000200,,,/',
      '88,040,300,,,/',
      '16,409,000000000000000050,V,260304,,,,RETURNED CHEQUE/',
      '49,+00000000000000650,4/',
      '98,650,1,6/',
      '99,650,1,8/',
    ].join('\n');
    const statement = parseBai2(text);
    expect(amounts(text)).toEqual([[-50, 'RETURNED CHEQUE']]);
    expect(statement.accounts[0]!.closingLedgerCents).toBe(200);
  });

  it('takes blank control totals as stating none, and a file of balances only as no lines', () => {
    const text = ['01,1111,co,210101,0101,1,,,2/', '02,co,1111,1,210101,2359,,2/', '03,12345,/', '49,,2/'];
    const statement = parseBai2([...text, '98,,1,4/', '99,,1,6/'].join('\n'));
    expect(statement.lines).toEqual([]);
    expect(statement.range).toEqual({ from: '2021-01-01', to: '2021-01-01' });
    expect(statement.accounts.map((a) => [a.account, a.lineCount])).toEqual([['12345', 0]]);
  });

  it('still refuses a stated control total that does not add up, and a stray line after a closed record', () => {
    const base = ['01,S,R,260305,0800,1,,,2/', '02,R,S,1,260305,,USD,2/', '03,111,USD/', '16,142,2500,Z,,,X/'];
    const wrong = refusalOf(() => parseBai2([...base, '49,2400,3/', '98,2400,1,5/', '99,2400,1,7/'].join('\n')));
    expect(wrong.message).toMatch(/^BAI2 line 5: account control total 2400 does not match/);
    const stray = refusalOf(() => parseBai2([...base, 'GARBAGE', '49,2500,3/'].join('\n')));
    expect(stray.message).toMatch(/^BAI2 line 5: unknown record type "GARBAGE"/);
  });
});
