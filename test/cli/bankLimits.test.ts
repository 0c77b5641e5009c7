/**
 * Issue 26 item 13: a statement too large to be one is refused by its size before it is read, in one
 * line naming the file and the limit (read whole, a 700 MB OFX failed with "Cannot create a string
 * longer than ..."). The file is sparse: 700 MB on paper, no disk or memory spent on it.
 */
import { closeSync, mkdtempSync, openSync, rmSync, ftruncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCliDatabase, runCli, type CliDatabase } from './run';

describe('district-recon bank import of a file too large to be a statement', () => {
  let folder: string;
  let database: CliDatabase;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'recon-cli-bank-limits-'));
    database = await emptyCliDatabase(folder, 'limits');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('names the file and the limit in one short line, exit 1, without reading it', () => {
    const file = join(folder, 'year-of-statements.ofx');
    const fd = openSync(file, 'w');
    writeSync(fd, 'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>');
    ftruncateSync(fd, 700_000_000);
    closeSync(fd);
    const result = runCli(['bank', 'import', file, ...database.args], folder);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `district-recon bank: ${file} is 700 MB, more than the 150 MB a bank statement may be; download it in parts (a month at a time) and import each\n`,
    );
    expect(result.stderr.length).toBeLessThan(300);
  });
});
