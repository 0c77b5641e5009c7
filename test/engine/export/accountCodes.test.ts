/**
 * Issue 30 item 4: ERP account codes per layout (Chart of Accounts number -> code), saved in the store
 * and applied to the layout's lines; codes that cannot fit are named before anything is saved or written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeProblems, parseAccountMapCsv } from '../../../electron/engine/export/accountCodes';
import { engineTest } from '../../helpers/engineTest';
import { seedDistrict } from '../reconcile/fixtures';

const lines = (file: string) => readFileSync(file, 'utf8').split('\r\n').filter(Boolean);

describe('ERP account codes', () => {
  engineTest.beforeEach(({ db }) => seedDistrict(db));

  engineTest('an ASCENDER posting writes each mapped number as its code', async ({ engine, folder }) => {
    const maps = await engine.call('accountMaps.setCodes', {
      layout: 'ascender',
      codes: [
        { glNumber: '4300-000', code: '199-11-5749-00-001' },
        { glNumber: '4999-000', code: '199-11-5799-00-001' },
      ],
    });
    expect(maps.codes.ascender).toHaveLength(2);
    expect(maps.codes.escape).toEqual([]);
    const result = await engine.call('export.glBatches', {
      from: '2026-03-03',
      to: '2026-03-03',
      payeeIds: [1],
      layout: 'ascender',
      file: join(folder, 'r.csv'),
    });
    expect(lines(result.record.file).map((line) => line.split(',')[2])).toEqual([
      '199-11-5749-00-001',
      '199-11-5799-00-001',
    ]);
  });

  engineTest('codes that cannot fit are all named and nothing is saved', async ({ engine }) => {
    await engine.call('accountMaps.setCodes', { layout: 'ascender', codes: [{ glNumber: '4100-100', code: 'A-1' }] });
    const refusal = await engine
      .call('accountMaps.setCodes', {
        layout: 'ascender',
        codes: [
          { glNumber: '4100-100', code: '199-11-5749-00-001-EXTRA' },
          { glNumber: '4200-300', code: '199 11' },
          { glNumber: '4300-000', code: '199-11-5749' },
        ],
      })
      .then(
        () => null,
        (error: unknown) => error as Error,
      );
    expect(refusal?.message).toMatch(/^2 ascender account codes cannot be written, so nothing was saved or exported: /);
    expect(refusal?.message).toContain('4100-100: ASCENDER Account Code "199-11-5749-00-001-EXTRA" is 24 characters');
    expect(refusal?.message).toContain('4200-300: ASCENDER Account Code "199 11" contains " "');
    expect((await engine.call('accountMaps.get', {})).codes.ascender).toEqual([{ glNumber: '4100-100', code: 'A-1' }]);
  });
});

describe('an account-map CSV', () => {
  it('reads number,code rows under their header, a byte-order mark and blank lines aside', () => {
    expect(
      parseAccountMapCsv('\uFEFFnumber,code\r\n4100-100,199-11-5749\r\n\r\n"4200-300", 240-35-5749 \r\n', 'm.csv'),
    ).toEqual([
      { glNumber: '4100-100', code: '199-11-5749' },
      { glNumber: '4200-300', code: '240-35-5749' },
    ]);
  });

  it.each([
    ['account,code\n4100,1\n', /must start with the header "number,code"/],
    ['number,code\n4100,1,extra\n', /line 2 must hold a Chart of Accounts number and its code/],
    ['number,code\n4100,1\n4100,2\n', /gives Chart of Accounts number 4100 twice \(lines 2 and 3\)/],
    ['number,code\n"4100,1\n', /is not a CSV file/],
  ])('refuses %j in one line naming what is wrong', (text, message) => {
    expect(() => parseAccountMapCsv(text, 'm.csv')).toThrow(message);
  });

  it('names the codes that break each layout', () => {
    const codes = [
      { glNumber: '1', code: 'x'.repeat(21) },
      { glNumber: '2', code: 'a,b' },
      { glNumber: '3', code: '' },
    ];
    expect(codeProblems('ascender', codes)).toHaveLength(2);
    expect(codeProblems('escape', codes)).toEqual([
      '2: Escape Account "a,b" contains ",", which the file format cannot carry',
    ]);
    expect(codeProblems('je-csv', codes)).toEqual([]);
  });
});
