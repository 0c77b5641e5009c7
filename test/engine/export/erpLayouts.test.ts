import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { erpOptionsOf } from '../../../electron/engine/export/csvLayouts';
import {
  LayoutRuleError,
  layoutSpec,
  reversalEntry,
  writeErpLayout,
  type ErpEntry,
  type ErpLayout,
  type ErpLayoutOptions,
} from '../../../electron/engine/export/erp';
import { cents, hostileEntries, line, parseCsv, parseTsv, QUICKBOOKS_NAMES, readZip } from './erpFiles';
import { erpOutput } from './erpOutput';

const OPTIONS: ErpLayoutOptions = {
  ascender: { receiptStart: 41, contraObject: '1110', contraSubObject: '00' },
  escape: { orgId: '12', jeType: 'CashRec', deptId: '0001' },
  iif: { accountNames: QUICKBOOKS_NAMES },
};
const TRIGGER_START = /^[=+\-@\t\r\n]/;

const { file: outFile, write, expectValid } = erpOutput(OPTIONS);

describe('each layout written from hostile text passes its validator', () => {
  it('je-csv: header, every text neutralised and quoted, debits equal credits', async () => {
    const { file, result } = await write('je-csv', hostileEntries());
    const records = parseCsv(readFileSync(file, 'utf8'));
    expect(records[0]).toEqual(['date', 'account', 'description', 'debit', 'credit']);
    expectValid('je-csv', records.slice(1));
    for (const record of records.slice(1)) for (const field of record) expect(field).not.toMatch(TRIGGER_START);
    expect(result).toMatchObject({ entries: 4, deposits: 3, reversals: 1, rows: 11, receipts: [], nextReceipt: null });
    const debit = records.slice(1).reduce((s, r) => s + cents(r[3]!), 0);
    expect(debit).toBe(records.slice(1).reduce((s, r) => s + cents(r[4]!), 0));
  });

  it('ascender: seven fields, widths kept, no commas or quotes, receipts numbered, cash left to the contra', async () => {
    const entries = hostileEntries();
    const { file, result } = await write('ascender', entries);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^[\x20-\x7e\r\n]*$/);
    const records = text
      .slice(0, -2)
      .split('\r\n')
      .map((record) => record.split(','));
    expect(records.every((r) => r.length === 7)).toBe(true);
    expectValid('ascender', records);
    expect(records[0]).toEqual([
      '000041',
      "Deposit 730001 =HYPERLINK('htt",
      '4100-100',
      '-65.00',
      '1110',
      '00',
      "730001 -2+3 Zoe's Cafe - naive",
    ]);
    // A description that starts like a formula gets the visible apostrophe, within its 30 characters.
    expect(records.find((r) => r[0] === '000043')![1]).toBe("'-Refund of 1001 -2+3 Zoe's Ca");
    for (const record of records)
      for (const field of [record[1]!, record[6]!]) expect(field).not.toMatch(TRIGGER_START);
    // The clearing (cash) lines are not written: ASCENDER posts them from the contra offset.
    expect(records.some((r) => r[2] === '1010')).toBe(false);
    // Each receipt's lines sum to minus its cash side: the contra ASCENDER generates balances it.
    for (const [ordinal, entry] of entries.entries()) {
      const receipt = String(41 + ordinal).padStart(6, '0');
      const written = records.filter((r) => r[0] === receipt).reduce((s, r) => s + cents(r[3]!), 0);
      const cash = entry.lines.filter((l) => l.clearing).reduce((s, l) => s + l.debitCents - l.creditCents, 0);
      expect(written + cash).toBe(0);
    }
    expect(result.receipts).toEqual([
      { receipt: '000041', kind: 'deposit', reference: '730001', date: '2026-03-02' },
      { receipt: '000042', kind: 'deposit', reference: '7300020000000000000042', date: '2026-03-02' },
      { receipt: '000043', kind: 'reversal', reference: 'refund-1001-1', date: '2026-03-05' },
      { receipt: '000044', kind: 'deposit', reference: '730009', date: '2026-03-05' },
    ]);
    expect(result.nextReceipt).toBe(45);
    // A reversal debits revenue: positive amounts; a deposit credits it: negative.
    expect(records.filter((r) => r[0] === '000043').map((r) => r[3])).toEqual(['20.00', '1.34']);
  });

  it('escape: a zip of one balanced JE per business date, CashRec/Business, mm/dd/yyyy, comments cut to 60', async () => {
    const { file, result } = await write('escape', hostileEntries());
    const files = readZip(readFileSync(file));
    expect([...files.keys()]).toEqual(['escape-je-2026-03-02.csv', 'escape-je-2026-03-05.csv']);
    expect(result.parts).toEqual([...files.keys()]);
    for (const [name, text] of files) {
      const records = parseCsv(text);
      // The header Escape's import expects, as its documentation prints it (kept here, not imported, on purpose).
      expect(text.slice(0, text.indexOf('\r\n'))).toBe(
        'OrgId,FiscalYear,JEType,DeptId,BatchId,DateEffective,Account,AmtDR,AmtCR,Comment',
      );
      const rows = records.slice(1);
      expectValid('escape', rows);
      const date = name.slice('escape-je-'.length, -4);
      const [y, m, d] = date.split('-');
      for (const row of rows) {
        expect(row.slice(0, 6)).toEqual(['12', '2026', 'CashRec', 'Business', `DR${y}${m}${d}`, `${m}/${d}/${y}`]);
        expect(row[9]).not.toMatch(TRIGGER_START);
      }
      expect(rows.reduce((s, r) => s + cents(r[7]!), 0)).toBe(rows.reduce((s, r) => s + cents(r[8]!), 0));
    }
    expect(parseCsv(files.get('escape-je-2026-03-02.csv')!)[1]![9]).toBe(
      'Deposit 730001 Lincoln High School Athletics Booster Club, "',
    );
  });

  it.runIf(existsSync('/usr/bin/python3'))(
    'escape: the zip opens with an independent reader (Python zipfile)',
    async () => {
      const { file } = await write('escape', hostileEntries());
      const listing = execFileSync('/usr/bin/python3', [
        '-c',
        'import sys,zipfile;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(*z.namelist())',
        file,
      ]);
      expect(listing.toString().trim()).toBe('escape-je-2026-03-02.csv escape-je-2026-03-05.csv');
    },
  );

  it('iif: !TRNS/!SPL/!ENDTRNS, GENERAL JOURNAL, QuickBooks names, debits positive, each transaction sums to zero', async () => {
    const { file } = await write('iif', hostileEntries());
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^[\x20-\x7e\t\r\n]*$/);
    const records = parseTsv(text);
    expect(records.slice(0, 3)).toEqual([
      ['!TRNS', 'TRNSTYPE', 'DATE', 'ACCNT', 'AMOUNT', 'MEMO'],
      ['!SPL', 'TRNSTYPE', 'DATE', 'ACCNT', 'AMOUNT', 'MEMO'],
      ['!ENDTRNS'],
    ]);
    expectValid('iif', records.slice(3));
    expect(records[3]!.slice(0, 5)).toEqual(['TRNS', 'GENERAL JOURNAL', '03/02/2026', 'Undeposited Funds', '77.34']);
    expect(records[4]!.slice(0, 5)).toEqual([
      'SPL',
      'GENERAL JOURNAL',
      '03/02/2026',
      'Revenue:Athletics Fees',
      '-65.00',
    ]);
    let sum = 0;
    let transactions = 0;
    for (const record of records.slice(3)) {
      if (record[0] === 'ENDTRNS') {
        expect(sum).toBe(0);
        transactions++;
      } else sum += cents(record[4]!);
      if (record[0] === 'TRNS') sum = cents(record[4]!);
    }
    expect(transactions).toBe(4);
  });
});

describe('validators refuse what the ERP cannot take, naming the row and the rule, and write nothing', () => {
  const deposit = (account: string, date = '2026-03-02'): ErpEntry => ({
    kind: 'deposit',
    date,
    reference: '730001',
    description: 'Deposit 730001',
    lines: [
      line('1010', 100, 'Deposit', '730001', true),
      line('4100-100', -50, 'Fees', '730001'),
      line(account, -50, 'Trips', '730001'),
    ],
  });
  const cases: Array<{ layout: ErpLayout; account: string; where: RegExp; rule: RegExp }> = [
    {
      layout: 'ascender',
      account: '199-11-5749-00-001-0-11',
      where: /row 2 \(deposit 730001 of 2026-03-02, line 3\)/,
      rule: /Account Code .* 23 characters; the field holds at most 20/,
    },
    { layout: 'ascender', account: '4300,000', where: /row 2 /, rule: /Account Code "4300,000" contains ","/ },
    { layout: 'ascender', account: '4300 000', where: /row 2 /, rule: /contains " "/ },
    {
      layout: 'escape',
      account: `010-9110-${'0'.repeat(60)}`,
      where: /escape-je-2026-03-02\.csv row 4 \(deposit 730001 of 2026-03-02, line 3\)/,
      rule: /Account .* at most 60/,
    },
    { layout: 'escape', account: '=4300', where: /row 4 /, rule: /starts with = \+ - or @/ },
    { layout: 'escape', account: ' 4300', where: /row 4 /, rule: /starts or ends with a space/ },
    {
      layout: 'iif',
      account: '9999',
      where: /\(deposit 730001 of 2026-03-02\)/,
      rule: /"9999" has no QuickBooks account name/,
    },
  ];
  it.each(cases)('$layout refuses account "$account"', async ({ layout, account, where, rule }) => {
    const file = outFile();
    const error = await writeErpLayout(file, layout, () => [deposit(account)], OPTIONS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LayoutRuleError);
    expect((error as LayoutRuleError).code).toBe('EXPORT');
    expect((error as LayoutRuleError).where).toMatch(where);
    expect((error as LayoutRuleError).message).toMatch(rule);
    expect((error as LayoutRuleError).message).toMatch(/Nothing was written\.$/);
    expect(existsSync(file)).toBe(false);
  });

  it('iif refuses a QuickBooks name the file cannot carry', async () => {
    const options = { ...OPTIONS, iif: { accountNames: { ...QUICKBOOKS_NAMES, '4300-000': 'Field\tTrips' } } };
    await expect(writeErpLayout(outFile('x.iif'), 'iif', () => [deposit('4300-000')], options)).rejects.toThrow(
      /row 6 .*ACCNT "Field\tTrips" contains "\\t"/,
    );
  });

  it('every layout refuses an unbalanced entry, naming it', async () => {
    const unbalanced = deposit('4300-000');
    unbalanced.lines[0]!.debitCents = 101;
    for (const layout of ['je-csv', 'ascender', 'escape', 'iif'] as const) {
      await expect(writeErpLayout(outFile(`u-${layout}`), layout, () => [unbalanced], OPTIONS)).rejects.toThrow(
        /deposit 730001 of 2026-03-02\): debits \(101 cents\) do not equal credits \(100 cents\)/,
      );
    }
  });

  it('ascender refuses an export whose receipts would pass 999999, before writing', async () => {
    const options = { ...OPTIONS, ascender: { ...OPTIONS.ascender!, receiptStart: 999_999 } };
    const file = outFile('overflow.csv');
    await expect(
      writeErpLayout(file, 'ascender', () => [deposit('4300-000'), deposit('4300-000')], options),
    ).rejects.toThrow(/receipt number 1000000 would pass 999999/);
    expect(existsSync(file)).toBe(false);
  });

  it('amounts are refused, never altered, when they do not fit ASCENDER', async () => {
    const big: ErpEntry = {
      ...deposit('4300-000'),
      lines: [
        line('1010', 10_000_000_000, 'Deposit', '730001', true),
        line('4100-100', -10_000_000_000, 'Fees', '730001'),
      ],
    };
    await expect(writeErpLayout(outFile('big.csv'), 'ascender', () => [big], OPTIONS)).rejects.toThrow(
      /Cash Receipt Amount "-100000000.00" is not in the form/,
    );
  });
});

describe('settings', () => {
  const settings = { clearingAccount: '1010', escapeOrgId: '12', escapeDeptId: 'foodsrvc', escapeJeType: 'JE' };
  it.each([
    ['escape', { escape: { orgId: ' ', jeType: 'CashRec', deptId: '' } }, /organisation id/],
    [
      'escape',
      { escape: { orgId: '12', jeType: 'JE', deptId: '' } },
      /does not accept the JE type "JE"; it accepts County, General/,
    ],
    ['escape', { escape: { orgId: '12', jeType: 'General', deptId: 'Food Services' } }, /DeptId "Food Services"/],
    [
      'ascender',
      { ascender: { receiptStart: 0, contraObject: '', contraSubObject: '' } },
      /receipt numbers are 1 to 999999/,
    ],
    ['ascender', { ascender: { receiptStart: 1, contraObject: '4100', contraSubObject: '00' } }, /11XX, 181X or 191X/],
    ['iif', { iif: { accountNames: {} } }, /QuickBooks account name of each Chart of Accounts number/],
  ] as const)('%s with bad settings is NOT_CONFIGURED', (layout, options, message) => {
    expect(() => layoutSpec(layout, options)).toThrow(message);
    expect(() => layoutSpec(layout, options)).toThrow(expect.objectContaining({ code: 'NOT_CONFIGURED' }));
  });

  it('our old default JE type "JE" is written as CashRec, and a non-General entry always has department Business', () => {
    expect(erpOptionsOf(settings).escape).toEqual({ orgId: '12', jeType: 'CashRec', deptId: 'foodsrvc' });
    const spec = layoutSpec('escape', erpOptionsOf(settings));
    const [row] = spec.render(hostileEntries()[0]!, 0);
    expect(row!.fields.slice(2, 4)).toEqual(['CashRec', 'Business']);
    const general = layoutSpec('escape', { escape: { orgId: '12', jeType: 'General', deptId: 'foodsrvc' } });
    expect(general.render(hostileEntries()[0]!, 0)[0]!.fields.slice(2, 4)).toEqual(['General', 'foodsrvc']);
  });
});

describe('reversal entries', () => {
  it('debit each account its share and credit the clearing account the total', () => {
    const entry = reversalEntry({
      date: '2026-03-20',
      reference: 'refund-1001-2',
      description: 'Refund 1001',
      clearingAccount: '1010',
      lines: [
        { glAccount: '4100-100', amountCents: 2000, description: 'Refund 1001 item', sourceRef: '1001' },
        { glAccount: '4000', amountCents: 67, description: 'Refund 1001 tax (fallback)', sourceRef: '1001' },
      ],
    });
    expect(entry.lines.map((l) => [l.account, l.debitCents, l.creditCents, l.clearing])).toEqual([
      ['4100-100', 2000, 0, false],
      ['4000', 67, 0, false],
      ['1010', 0, 2067, true],
    ]);
  });
});
