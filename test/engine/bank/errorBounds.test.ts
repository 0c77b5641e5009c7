/**
 * Issue 26 item 13: an error about a statement is one line of under 300 characters naming the file's
 * line, however large the file or the value at fault (a 140 MB one-line CSV printed a 146 MB error).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract';
import { parseStatement } from '../../../electron/engine/bank';
import { bankEngine, count, dbOf, type TestEngine } from './bankFixtures';
import { refusalOf } from './refusal';

const HUGE = 5_000_000;
const big = (unit: string) => unit.repeat(Math.ceil(HUGE / unit.length));

let engine: TestEngine;
afterEach(async () => engine?.close());

function expectBounded(message: string, line: number) {
  expect(message.length).toBeLessThan(300);
  expect(message).not.toMatch(/\n/);
  expect(message).toMatch(new RegExp(`^(BAI2|OFX|CSV) line ${line}: `));
}

describe('bounded statement errors', () => {
  it('a one-line CSV of millions of columns, through the importer: names line 1 and the columns in short', async () => {
    engine = await bankEngine();
    await engine.call('bank.mappings.save', {
      mapping: { name: 'Bank', date: 'Date', dateFormat: 'MM/DD/YYYY', amount: 'Amount', description: 'Memo' },
    });
    const refused = await engine
      .call('bank.import', { fileName: 'one-line.csv', content: big('Column,'), mappingName: 'Bank', format: 'csv' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ContractError);
    const message = (refused as ContractError).message;
    expectBounded(message, 1);
    expect(message).toMatch(/is not in the header, which has: Column, Column, .* and \d+ more; fix the mapping/);
    expect(await count(dbOf(engine), 'bank_statements')).toBe(0);
  });

  it.each<[string, string, Parameters<typeof parseStatement>[2], number]>([
    [
      'a CSV amount cell of megabytes',
      `Date,Memo,Amount\n03/02/2026,X,${big('9')}x\n`,
      { mapping: { name: 'B', date: 'Date', dateFormat: 'MM/DD/YYYY', amount: 'Amount', description: 'Memo' } },
      2,
    ],
    [
      'a BAI2 amount of megabytes',
      `01,S,R,260305,0800,1,,,2/\n02,R,S,1,260305,,USD,2/\n03,1,USD/\n16,142,${big('1')}/\n`,
      {},
      4,
    ],
    ['a BAI2 header of megabytes on one line', `01,S,R,260305,0800,1,,,${big('3')}/\n`, {}, 1],
    [
      'an OFX amount of megabytes',
      `OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>1</BANKACCTFROM>\n<BANKTRANLIST><STMTTRN><DTPOSTED>20260301<TRNAMT>${big('1.5')}</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
      {},
      4,
    ],
  ])('%s: one short line naming the line', (_, text, options, line) => {
    expectBounded(refusalOf(() => parseStatement('statement', text, options)).message, line);
  });
});
