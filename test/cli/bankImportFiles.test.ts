/**
 * `bank import` of files at the edges: one too large to be a statement is refused by its size before
 * it is read, in one line naming the file and the limit (issue 26 item 13: read whole, a 700 MB OFX
 * failed with "Cannot create a string longer than ..."; the file here is sparse, no disk spent on it);
 * a statement of balances only imports and says it held no transactions.
 */
import { closeSync, copyFileSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districtCliDatabase, runCliInProcess, type CliDatabase } from './run';

describe('district-recon bank import of files at the edges', () => {
  let folder: string;
  let database: CliDatabase;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'recon-cli-bank-limits-'));
    database = await districtCliDatabase(folder, 'edges');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses a file too large to be a statement: the file and the limit in one short line, exit 1', async () => {
    const file = join(folder, 'year-of-statements.ofx');
    const fd = openSync(file, 'w');
    writeSync(fd, 'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>');
    ftruncateSync(fd, 700_000_000);
    closeSync(fd);
    const result = await runCliInProcess(['bank', 'import', file, ...database.args], folder);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `district-recon bank: ${file} is 700 MB, more than the 150 MB a bank statement may be; download it in parts (a month at a time) and import each\n`,
    );
    expect(result.stderr.length).toBeLessThan(300);
  });

  it('says a statement of balances only holds no transactions, and adds no lines', async () => {
    const file = join(folder, 'balances-only.bai2');
    copyFileSync(join(__dirname, '../fixtures/bank/real/bai2/moj-account_trailer_amount_blank_example.bai2'), file);
    const result = await runCliInProcess(['bank', 'import', file, ...database.args], folder);
    // stderr carries the engine's progress on a district database; no error among it.
    expect(result.stderr).not.toMatch(/district-recon bank:/);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Imported ${file} (BAI2, 2021-01-01 to 2021-01-01; statement 1, undo with bank remove 1): the file holds balances but no transactions, so no lines were added\n`,
    );
  });
});
