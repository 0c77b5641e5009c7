/**
 * Issue 25 item 5: `bank import FILE.csv` from a terminal with the columns given on the command line
 * or in the app's saved shape, saved by name for the next import; and `bank remove STATEMENT_ID`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { districtFolder, runCliInProcess } from './run';

const oneLine = (text: string) => text.trimEnd().split('\n').length === 1;

describe('district-recon bank import FILE.csv and bank remove', () => {
  const { folder, database } = districtFolder('recon-cli-bankcsv-');

  it('reads a CSV with --columns, saves the mapping by name, and reads the next export with it', async () => {
    const db = database().args;
    const march = join(folder, 'march.csv');
    // Semicolons, day-first dates, two title lines before the header.
    writeFileSync(
      march,
      'First State Bank\r\nAccount 0042\r\nBooked;Amount;Memo;Ref\r\n03/03/2026;125.50;LOCKBOX DEPOSIT;A1\r\n04/03/2026;-12.00;FEES;A2\r\n',
    );
    const first = await runCliInProcess(
      [
        'bank',
        'import',
        march,
        '--mapping',
        'First State',
        '--columns',
        'date=Booked,amount=Amount,description=Memo,reference=Ref,dateFormat=DD/MM/YYYY,delimiter=;,skipLines=2',
        ...db,
      ],
      folder,
    );
    // stderr carries the checks' progress the first time the district's database is opened.
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Saved the column mapping "First State" for next time.');
    expect(first.stdout).toMatch(/; statement (\d+), undo with bank remove \1\): 2 lines added, 0 duplicates skipped/);

    const april = join(folder, 'april.csv');
    writeFileSync(
      april,
      'First State Bank\r\nAccount 0042\r\nBooked;Amount;Memo;Ref\r\n01/04/2026;80.00;LOCKBOX DEPOSIT;A3\r\n',
    );
    const second = await runCliInProcess(['bank', 'import', april, '--mapping', 'First State', ...db], folder);
    expect(second.stderr).toBe('');
    expect(second.stdout).toContain('1 lines added');
    const statementId = /; statement (\d+),/.exec(second.stdout)?.[1];

    const removed = await runCliInProcess(['bank', 'remove', statementId!, '--by', 'Dana Ortiz', ...db], folder);
    expect(removed.stderr).toBe('');
    expect(removed.stdout).toMatch(/^Removed statement \d+ \(april\.csv\): 1 lines removed .* by Dana Ortiz at /);
    const again = await runCliInProcess(['bank', 'remove', statementId!, ...db], folder);
    expect(again.code).not.toBe(0);
    expect(oneLine(again.stderr)).toBe(true);
    expect(again.stderr).toContain(`No bank statement ${statementId} is stored`);
  });

  it('reads a CSV with --mapping-file in the shape the app saves, and refuses one that cannot read the file', async () => {
    const db = database().args;
    const file = join(folder, 'card.csv');
    writeFileSync(file, 'Date,Amount,Description\r\n03/05/2026,19.99,CARD PAYMENT\r\n');
    const shape = join(folder, 'mapping.json');
    writeFileSync(
      shape,
      JSON.stringify({
        name: 'Card',
        date: 'Date',
        dateFormat: 'MM/DD/YYYY',
        amount: 'Amount',
        description: 'Description',
        delimiter: ',',
        skipLines: 0,
      }),
    );
    const imported = await runCliInProcess(['bank', 'import', file, '--mapping-file', shape, ...db], folder);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain('Saved the column mapping "Card"');
    expect(imported.stdout).toContain('1 lines added');

    const wrong = await runCliInProcess(
      [
        'bank',
        'import',
        file,
        '--mapping',
        'Wrong',
        '--columns',
        'date=Posted,amount=Amount,description=Description',
        ...db,
      ],
      folder,
    );
    expect(wrong.code).not.toBe(0);
    expect(oneLine(wrong.stderr)).toBe(true);
    expect(wrong.stderr).toContain('Posted');
    // Not saved: a later import by that name says there is no such mapping.
    const later = await runCliInProcess(['bank', 'import', file, '--mapping', 'Wrong', ...db], folder);
    expect(later.stderr).toContain('No CSV column mapping is saved as "Wrong"');

    const both = await runCliInProcess(
      ['bank', 'import', file, '--mapping-file', shape, '--columns', 'date=Date', ...db],
      folder,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--columns or --mapping-file');
  });
});
