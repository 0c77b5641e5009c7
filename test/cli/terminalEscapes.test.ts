/**
 * Issue 26 item 9: a payee name from the payment service or a line of a bank file holding terminal
 * control sequences is printed escaped, never raw, by `check`, `bank status` and the errors of
 * `bank import`; JSON output stays valid JSON of the same text.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printable, printableText } from '../../electron/cli/output';
import { progressLine } from '../../electron/cli/progress';
import { amountChangedAfterBatching } from '../engine/reconcile/fixtures';
import { districtCliDatabase, districtFolder, runCliInProcess } from './run';

/** Clears the screen, retitles the window (ended by BEL), and a C1 CSI that recolours. */
const HOSTILE = 'Food\x1b[2J\x1b]0;pwned\x07 Services\u009b31m';
const SHOWN = 'Food\\u001b[2J\\u001b]0;pwned\\u0007 Services\\u009b31m';
/** Any character a terminal acts on, but the newline and tab of the CLI's own layout. */
// eslint-disable-next-line no-control-regex -- what the test looks for is control characters
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('printable text', () => {
  it.each([
    ['ESC and BEL', 'a\x1b[31mb\x07', 'a\\u001b[31mb\\u0007'],
    ['a carriage return that would hide the line before it', 'paid\rvoid', 'paid\\u000dvoid'],
    ['C1 controls and DEL', '\u009b2J\u0085\u007f', '\\u009b2J\\u0085\\u007f'],
    ['bidi overrides and isolates (Trojan Source)', 'ab\u202ecd\u2066', 'ab\\u202ecd\\u2066'],
    ['plain text, accents and currency untouched', 'Núñez – $1,234.50 ✓', 'Núñez – $1,234.50 ✓'],
  ])('escapes %s', (_name, text, shown) => {
    expect(printable(text)).toBe(shown);
    expect(printableText(text)).toBe(shown);
  });

  it("keeps the layout's newlines and tabs in text, escapes them in a single value", async () => {
    expect(printableText('a\tb\nc')).toBe('a\tb\nc');
    expect(printable('a\tb\nc')).toBe('a\\u0009b\\u000ac');
  });

  it("a progress line on a terminal writes its own \\r and erase, and the message's escaped", async () => {
    let written = '';
    const line = progressLine({ isTTY: true, write: (text: string) => (written += text) });
    line.update(`[payees] ${HOSTILE}\r`);
    line.done('done\x1b[2J');
    expect(written).toBe(`\r[payees] ${SHOWN}\\u000d\x1b[K\rdone\\u001b[2J\x1b[K\n`);
  });

  it('leaves JSON valid and equal to what it said', async () => {
    const value = { payee: HOSTILE, ref: 'R\u202e1', nested: ['\u0085'] };
    const shown = printableText(JSON.stringify(value, null, 2));
    expect(shown).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(shown)).toEqual(value);
  });
});

describe('the CLI prints what the service and bank files say, escaped', () => {
  const { folder } = districtFolder('recon-cli-escapes-');

  it('check: a payee name with terminal sequences, in the text and in --json', async () => {
    const hostile = await districtCliDatabase(folder, 'hostile-payee', async (db) => {
      await db.updateTable('payees').set({ name: HOSTILE }).where('id', '=', 2).execute();
      await amountChangedAfterBatching(db, 1005, 3001, '2026-03-05T08:00:00.000Z');
    });
    const text = await runCliInProcess(
      ['check', '--from', '2026-03-01', '--to', '2026-03-31', ...hostile.args],
      folder,
    );
    expect(text.code).toBe(1);
    expect(text.stdout).not.toMatch(RAW_CONTROL);
    expect(text.stdout).toContain(`730002\t2026-03-02\t${SHOWN}\tACH\tdiffers`);

    const json = await runCliInProcess(
      ['check', '--from', '2026-03-01', '--to', '2026-03-31', '--json', ...hostile.args],
      folder,
    );
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    const report = JSON.parse(json.stdout) as { batches: Array<{ id: string; payeeName: string }> };
    expect(report.batches.find((b) => b.id === '730002')?.payeeName).toBe(HOSTILE);
  });

  it("bank status: a bank line's reference with terminal sequences; bank import's errors too", async () => {
    const bank = await districtCliDatabase(folder, 'hostile-bank');
    const statement = join(folder, 'hostile.bai');
    // A valid BAI2 file of one unmatched credit whose bank reference clears the screen.
    writeFileSync(
      statement,
      [
        '01,BANK,DISTRICT,260309,0600,1,80,,2/',
        '02,DISTRICT,BANK,1,260309,0600,USD,2/',
        '03,998877,USD/',
        '16,165,123457,Z,REF\x1b[2J\x1b]0;pwned\x07,,DEPOSIT\u009b31m/',
        '49,123457,3/',
        '98,123457,1,5/',
        '99,123457,1,7/',
        '',
      ].join('\n'),
    );
    const imported = await runCliInProcess(['bank', 'import', statement, ...bank.args], folder);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('1 lines added');

    const status = await runCliInProcess(['bank', 'status', ...bank.args], folder);
    expect(status.code).toBe(0);
    expect(status.stdout).not.toMatch(RAW_CONTROL);
    expect(status.stdout).toContain('unmatched  REF\\u001b[2J\\u001b]0;pwned\\u0007');

    // An amount that is not one, quoted by the parser's error.
    const broken = join(folder, 'broken.bai');
    writeFileSync(
      broken,
      '01,BANK,DISTRICT,260309,0600,1,80,,2/\n02,DISTRICT,BANK,1,260309,0600,USD,2/\n03,998877,USD/\n16,165,1\x1b[2J00,Z,R1,,X/\n',
    );
    const refused = await runCliInProcess(['bank', 'import', broken, ...bank.args], folder);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/BAI2 line 4/);
    expect(refused.stderr).not.toMatch(RAW_CONTROL);
    const missing = await runCliInProcess(['bank', 'import', join(folder, 'gone\x1b[2J.bai'), ...bank.args], folder);
    expect(missing.code).toBe(1);
    expect(missing.stderr).not.toMatch(RAW_CONTROL);
    expect(missing.stderr).toContain('gone\\u001b[2J.bai: no such file');
  }, 90_000);
});
