import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvMapping, type CsvMappingInput } from '../../../electron/engine/bank';
import { parseCsvAmount, parseCsvDate } from '../../../electron/engine/bank/csv';
import { buildCsv } from './generate';
import { refusalOf as refusal } from './refusal';

const firstState: CsvMappingInput = {
  name: 'First State Bank',
  date: 'Posted Date',
  dateFormat: 'MM/DD/YYYY',
  amount: 'Amount',
  description: 'Description',
  reference: 'Reference',
  type: 'Type',
  account: { fixed: '0012345678' },
};

const firstStateFile = () =>
  buildCsv(
    ['Posted Date', 'Reference', 'Type', 'Description', 'Amount'],
    [
      ['03/05/2026', 'R100', 'ACH CREDIT', 'PAYSCHOOLS DEPOSIT, LINCOLN HIGH', '2,500.00'],
      ['03/06/2026', 'R101', 'FEE', 'MONTHLY\nSERVICE FEE', '-15.00'],
      ['03/06/2026', 'R102', 'RETURN', 'ACH RETURN R01', '(25.00)'],
    ],
  );

describe('CSV parser', () => {
  it('reads a signed-amount export through its mapping', () => {
    const statement = parseCsv(firstStateFile(), firstState);
    expect(statement.format).toBe('csv');
    expect(statement.range).toEqual({ from: '2026-03-05', to: '2026-03-06' });
    expect(
      statement.lines.map((l) => [
        l.account,
        l.postedDate,
        l.amountCents,
        l.typeCode,
        l.bankReference,
        l.text,
        l.lineNumber,
      ]),
    ).toEqual([
      ['0012345678', '2026-03-05', 250000, 'ACH CREDIT', 'R100', 'PAYSCHOOLS DEPOSIT, LINCOLN HIGH', 2],
      ['0012345678', '2026-03-06', -1500, 'FEE', 'R101', 'MONTHLY\nSERVICE FEE', 3],
      ['0012345678', '2026-03-06', -2500, 'RETURN', 'R102', 'ACH RETURN R01', 5],
    ]);
    expect(statement.lines[0]!.identity).toBe('["csv","0012345678","ref","R100"]');
    expect(statement.lines[0]!.raw).toBe('03/05/2026,R100,ACH CREDIT,"PAYSCHOOLS DEPOSIT, LINCOLN HIGH","2,500.00"');
    expect(statement.accounts).toEqual([
      {
        account: '0012345678',
        currency: null,
        lineCount: 3,
        creditCents: 250000,
        debitCents: -4000,
        closingLedgerCents: null,
      },
    ]);
  });

  it('reads debit and credit columns, an account column, preamble lines and semicolons', () => {
    const text =
      'Account activity;;;;\nPeriod: March 2026;;;;\n' +
      buildCsv(
        ['Date', 'Acct', 'Memo', 'Debit', 'Credit'],
        [
          ['2026-03-05', '111', 'DEPOSIT', '', '$1,000.00'],
          ['2026-03-05', '111', 'DEPOSIT', '', '$1,000.00'],
          ['2026-03-06', '222', 'CHECK 1001', '45.10', ''],
          ['2026-03-06', '222', 'CORRECTION', '-3.00', '0.00'],
        ],
        ';',
      );
    const statement = parseCsv(text, {
      name: 'County Bank',
      date: 'Date',
      dateFormat: 'YYYY-MM-DD',
      amount: { debit: 'Debit', credit: 'Credit' },
      description: 'Memo',
      account: 'Acct',
      delimiter: ';',
      skipLines: 2,
    });
    expect(statement.lines.map((l) => [l.account, l.amountCents, l.typeCode, l.lineNumber])).toEqual([
      ['111', 100000, 'CREDIT', 4],
      ['111', 100000, 'CREDIT', 5],
      ['222', -4510, 'DEBIT', 6],
      ['222', -300, 'DEBIT', 7],
    ]);
    expect(statement.lines.slice(0, 2).map((l) => l.identity)).toEqual([
      '["csv","111","2026-03-05",100000,"DEPOSIT"]',
      '["csv","111","2026-03-05",100000,"DEPOSIT"]#2',
    ]);
    expect(statement.accounts.map((a) => a.account)).toEqual(['111', '222']);
  });

  it('uses the mapping name as the account when the mapping gives none', () => {
    const { account: _, ...noAccount } = firstState;
    expect(parseCsv(firstStateFile(), noAccount).lines[0]!.account).toBe('First State Bank');
  });

  it.each<[string, string, number | null, string, RegExp]>([
    [
      'a column missing from the header',
      firstStateFile().replace('Posted Date', 'Post Date'),
      1,
      'bad_mapping',
      /column "Posted Date" \(the "First State Bank" mapping's date\) is not in the header, which has: Post Date, Reference/,
    ],
    [
      'a bad date',
      firstStateFile().replace('03/06/2026,R101', '3/6/26,R101'),
      3,
      'bad_date',
      /date "Posted Date" "3\/6\/26" is not a date written MM\/DD\/YYYY/,
    ],
    [
      'an impossible date',
      firstStateFile().replace('03/06/2026,R102', '02/30/2026,R102'),
      5,
      'bad_date',
      /"02\/30\/2026"/,
    ],
    [
      'a bad amount',
      firstStateFile().replace('-15.00', '-15.0.0'),
      3,
      'bad_amount',
      /amount "Amount" "-15\.0\.0" is not an amount/,
    ],
    ['an empty amount', firstStateFile().replace('-15.00', ''), 3, 'bad_amount', /amount "Amount" is empty/],
    [
      'a short row',
      `${firstStateFile()}03/07/2026,R9,X,2460.00\r\n`,
      6,
      'bad_field',
      /the row has 4 fields but the header has 5/,
    ],
    [
      'an unclosed quote',
      `${firstStateFile()}03/07/2026,R9,X,"OPEN,1.00\r\n`,
      6,
      'structure',
      /a quoted field that starts on this line is never closed; check the file's quoting/,
    ],
    [
      'a header with no rows',
      'Posted Date,Reference,Type,Description,Amount\r\n',
      1,
      'empty',
      /a header but no transactions/,
    ],
  ])('refuses %s with its line number', (_, text, line, code, message) => {
    const error = refusal(() => parseCsv(text, firstState));
    expect([error.code, error.line]).toEqual([code, line]);
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(`CSV line ${line}: `)).toBe(true);
  });

  it('refuses a row with both a debit and a credit', () => {
    const text = buildCsv(['Date', 'Memo', 'Debit', 'Credit'], [['2026-03-05', 'X', '1.00', '2.00']]);
    const error = refusal(() =>
      parseCsv(text, {
        name: 'B',
        date: 'Date',
        dateFormat: 'YYYY-MM-DD',
        amount: { debit: 'Debit', credit: 'Credit' },
        description: 'Memo',
      }),
    );
    expect(error.message).toBe('CSV line 2: both the debit and the credit are filled; check the file');
  });

  it.each<[string, unknown, RegExp]>([
    ['no name', { ...firstState, name: ' ' }, /the column mapping is not usable: name must name the bank/],
    [
      'an unknown date format',
      { ...firstState, dateFormat: 'DD-MM-YYYY' },
      /"First State Bank" column mapping is not usable: dateFormat must be one of MM\/DD\/YYYY/,
    ],
    [
      'a debit column without a credit column',
      { ...firstState, amount: { debit: 'Debit' } },
      /amount must be a column name, or \{ debit, credit \} column names/,
    ],
    ['a missing description', { ...firstState, description: undefined }, /description/],
    ['an unknown setting', { ...firstState, currency: 'USD' }, /unknown setting "currency"/],
    ['a bad delimiter', { ...firstState, delimiter: 'x' }, /delimiter/],
    ['not an object', 'First State Bank', /the column mapping is not usable/],
  ])('refuses a mapping with %s, saying what to fix', (_, mapping, message) => {
    const error = refusal(() => parseCsvMapping(mapping));
    expect([error.code, error.line]).toEqual(['bad_mapping', null]);
    expect(error.message).toMatch(/^CSV: /);
    expect(error.message).toMatch(message);
  });

  it.each<[string, number | null]>([
    ['1234.56', 123456],
    ['$1,234.56', 123456],
    ['-1,234.5', -123450],
    ['(45.00)', -4500],
    ['45.00-', -4500],
    ['45.00 DR', -4500],
    ['45.00 CR', 4500],
    ['+7', 700],
    ['$ 0.01', 1],
    ['-0.00', 0],
    ['', null],
  ])('reads the amount %j as %s cents', (cell, cents) => {
    expect(parseCsvAmount(cell, 2, 'Amount')).toBe(cents);
  });

  it.each(['12.345', '1,23.00', '1.234,56', 'abc', '--5', '1e3', '12,34'])('refuses the amount %j', (cell) => {
    expect(() => parseCsvAmount(cell, 2, 'Amount')).toThrow(/^CSV line 2: Amount/);
  });

  it.each([
    ['03/05/2026', 'MM/DD/YYYY', '2026-03-05'],
    ['3/5/2026', 'M/D/YYYY', '2026-03-05'],
    ['3/5/26', 'MM/DD/YY', '2026-03-05'],
    ['03-05-2026', 'MM-DD-YYYY', '2026-03-05'],
    ['05/03/2026', 'DD/MM/YYYY', '2026-03-05'],
    ['2026-03-05', 'YYYY-MM-DD', '2026-03-05'],
    ['2026/03/05', 'YYYY/MM/DD', '2026-03-05'],
    ['20260305', 'YYYYMMDD', '2026-03-05'],
    ['03/05/2026 14:02:00', 'MM/DD/YYYY', '2026-03-05'],
  ] as const)('reads %s in %s as %s', (cell, format, date) => {
    expect(parseCsvDate(cell, format, 2, 'Date')).toBe(date);
  });
});

describe('CSV exports as banks write them', () => {
  const european: CsvMappingInput = {
    name: 'Sparkasse',
    date: 'Buchungstag',
    dateFormat: 'DD.MM.YYYY',
    amount: 'Betrag',
    description: 'Verwendungszweck',
    delimiter: ';',
    decimalSeparator: ',',
  };

  it('reads dotted dates and decimal commas, with "." or a space grouping thousands', () => {
    const text = [
      'Buchungstag;Verwendungszweck;Betrag',
      '10.10.2017;Miete;-1.234,56',
      '5.3.2017;Gehalt;+2 500,00',
      '06.03.2017;Zinsen;0,5',
    ].join('\n');
    const statement = parseCsv(text, european);
    expect(statement.lines.map((l) => [l.postedDate, l.amountCents])).toEqual([
      ['2017-10-10', -123456],
      ['2017-03-05', 250000],
      ['2017-03-06', 50],
    ]);
  });

  it('reads two-digit dotted years and unpadded year-first dates', () => {
    expect(parseCsvDate('22.02.18', 'DD.MM.YY', 2, 'date')).toBe('2018-02-22');
    expect(parseCsvDate('2017/3/5', 'YYYY/MM/DD', 2, 'date')).toBe('2017-03-05');
    expect(parseCsvDate('2017-3-5', 'YYYY-MM-DD', 2, 'date')).toBe('2017-03-05');
    expect(refusal(() => parseCsvDate('31.02.2017', 'DD.MM.YYYY', 4, 'date')).message).toBe(
      'CSV line 4: date "31.02.2017" is not a date written DD.MM.YYYY; check the mapping\'s date format or the file',
    );
  });

  it('reads a decimal comma only where the mapping says so', () => {
    expect(parseCsvAmount('1.234,56', 2, 'amount', ',')).toBe(123456);
    expect(parseCsvAmount('1,234.56', 2, 'amount')).toBe(123456);
    expect(refusal(() => parseCsvAmount('1.234,56', 7, 'amount "Betrag"')).message).toMatch(
      /^CSV line 7: amount "Betrag" "1\.234,56" is not an amount like 1,234\.56 or \(45\.00\); check the file or the mapping's decimal separator$/,
    );
  });

  it('flips a card export whose charges are unsigned, when the mapping says debits are positive', () => {
    const card: CsvMappingInput = {
      name: 'District Visa',
      date: 'Date',
      dateFormat: 'MM/DD/YYYY',
      amount: 'Amount',
      description: 'Description',
      signConvention: 'debit-positive',
    };
    const text = 'Date,Description,Amount\n03/02/2026,OFFICE SUPPLY,42.10\n03/03/2026,PAYMENT THANK YOU,-500.00\n';
    expect(parseCsv(text, card).lines.map((l) => l.amountCents)).toEqual([-4210, 50000]);
    // A mapping saved before the setting existed reads as it always did.
    const { signConvention: _, ...older } = card;
    expect(parseCsv(text, older).lines.map((l) => l.amountCents)).toEqual([4210, -50000]);
    expect(parseCsvMapping(older)).toMatchObject({ signConvention: 'credit-positive', decimalSeparator: '.' });
  });

  it('stops at the disclaimer, total and empty rows after the table', () => {
    const text = `${firstStateFile()},,,,\r\n\r\nTOTAL,,,,2460.00\r\n"Balances shown are provisional, 2026 figures"\r\n`;
    expect(parseCsv(text, firstState).lines.map((l) => l.amountCents)).toEqual([250000, -1500, -2500]);
  });

  it('still refuses a damaged row with a date among the rows after the table', () => {
    const text = `${firstStateFile()}03/07/2026,R9\r\nTOTAL,,,,2460.00\r\n`;
    expect(refusal(() => parseCsv(text, firstState)).message).toMatch(
      /^CSV line 6: the row has 2 fields but the header has 5/,
    );
  });
});
