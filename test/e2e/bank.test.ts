/**
 * The Bank view in Chromium through the browser host (issue 15), on sandbox batches synced for real:
 * the sandbox's CSV statement imported through the column mapping form (mapped, previewed, named,
 * saved), its lines matched, suggested and unmatched, a suggestion confirmed from the keyboard, the
 * service charge explained, the deposits in transit listed. axe-core finds nothing serious or
 * critical on the view, the form or a line; screenshots at 1366 x 768 under test/e2e/artifacts/bank-*.png.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/engine';
import { writeSandboxStatement, type SandboxStatement } from '../../electron/sandbox/bankFormats';
import { startSandbox, type SandboxServer } from '../../electron/sandbox/index';
import { expectAccessible } from './day';
import { ARTIFACTS, startE2eEngine, type E2eApp } from './harness';

const NOW = '2026-03-10T15:00:00Z';
/**
 * The statement ends a week before today: the deposits of the days after it are past the matching
 * window with no line (in transit), and February's service charge (posted 3/2) is on it.
 */
const STATEMENT_TO = '2026-03-02';

let app: E2eApp;
let sandbox: SandboxServer;
let engine: Engine;
let page: Page;
let statement: SandboxStatement;
let statementFile: string;
const pageErrors: string[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `bank-${name}.png`) });
}

/** Shortcuts never fire while a field has the keyboard (by design): step out of it first. */
async function leaveFields(): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().click();
}

async function syncEverything(): Promise<void> {
  await engine.call('sync.start', { from: sandbox.state.batches[0]!.date });
  for (;;) {
    const status = await engine.call('sync.status', {});
    if (!status.running && status.lastRun) {
      expect(status.lastRun.status).toBe('succeeded');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // Four payees so each way of paying appears (plain, split settlement, lumped); seed 7 gives equal
  // round amounts in one window, which the matcher must suggest rather than guess.
  sandbox = await startSandbox({
    seed: 7,
    now: NOW,
    scenario: { days: 20, dailyVolume: 60, payees: 4, glAccounts: 8 },
  });
  app = await startE2eEngine({ name: 'bank-e2e', clock: { now: () => sandbox.now() }, sandbox });
  engine = app.engine;
  await engine.call('settings.set', { patch: { firstSyncDays: 25, reviewerName: 'Pat Reviewer' } });
  await syncEverything();
  statement = writeSandboxStatement(sandbox.state, 'csv', { to: STATEMENT_TO });
  statementFile = join(app.folder, statement.fileName);
  writeFileSync(statementFile, statement.content);

  page = await app.openBrowser({ errors: pageErrors });
});

afterAll(async () => {
  await app?.close();
});

describe('the Bank view', () => {
  it('opens empty, with the import panel first', async () => {
    await leaveFields();
    await page.keyboard.press('8');
    await page.getByRole('heading', { level: 1, name: 'Bank' }).waitFor();
    await page.getByText('No bank statement imported yet.').waitFor();
    await expectAccessible('Bank view (empty)', page);
  });

  it('imports the sandbox CSV through the column mapping form: mapped, previewed, named, saved', async () => {
    await page.getByLabel('Statement file').setInputFiles(statementFile);
    const form = page.getByRole('dialog', { name: `Read ${statement.fileName}` });
    await form.waitFor();
    // The header's names are guessed; the bookkeeper checks and sets each.
    await expect(form.getByLabel('Date column').inputValue()).resolves.toBe('Posted Date');
    await form.getByLabel('Amounts').selectOption('signed');
    await form.getByLabel('Amount column').selectOption('Amount');
    await form.getByLabel('Description column').selectOption('Description');
    await form.getByLabel('Reference column').selectOption('Reference');
    await form.getByLabel('Type code column').selectOption('Type');
    await form.getByLabel('Account number column').selectOption('Account');

    // A wrong date format is named with its column and the file's line, in one line.
    await form.getByLabel('Date written as').selectOption('YYYY-MM-DD');
    const error = form.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toMatch(
      /^CSV line 2: date "Posted Date" "\d\d\/\d\d\/2026" is not a date written YYYY-MM-DD/,
    );
    await form.getByLabel('Date written as').selectOption('MM/DD/YYYY');
    await error.waitFor({ state: 'detached' });

    await form.getByRole('textbox', { name: 'Mapping name' }).fill('First National CSV');
    const preview = form.getByRole('table', { name: 'The first lines, read with this mapping' });
    await preview.waitFor();
    const first = statement.plan.lines[0]!;
    const firstRow = preview.getByRole('row').nth(1);
    await expect(firstRow.textContent()).resolves.toContain(first.text);
    await expect(firstRow.textContent()).resolves.toContain(first.bankReference);
    await form.getByText(`The first 5 of ${statement.plan.lines.length} lines, as they will be imported.`).waitFor();
    await shot('mapping-form');
    await expectAccessible('CSV mapping form', page);

    await form.getByRole('button', { name: 'Save mapping and import' }).click();
    await form.waitFor({ state: 'detached' });
    const outcome = page.getByRole('status').filter({ hasText: `Imported ${statement.fileName}.` });
    await outcome.waitFor();
    const summary = (await engine.call('bank.statements', {}))[0]!;
    expect(summary.lineCount).toBe(statement.plan.lines.length);
    expect(await outcome.textContent()).toMatch(
      new RegExp(
        `${statement.plan.lines.length} lines added, 0 duplicates skipped; \\d+ matched, [1-9]\\d* suggested, 1 unmatched\\.`,
      ),
    );
    // Offered for the next file, and listed with a way to delete it.
    await expect(page.getByRole('combobox', { name: /^CSV column mapping/ }).inputValue()).resolves.toBe(
      'First National CSV',
    );
    await page.getByRole('table', { name: 'Saved CSV column mappings' }).getByText('First National CSV').waitFor();
    expect((await engine.call('bank.mappings.list', {})).map((m) => m.name)).toEqual(['First National CSV']);
  });

  it('lists lines matched, suggested and unmatched, and the deposits in transit with their ages', async () => {
    const grid = page.getByRole('grid', { name: 'Bank lines' });
    await grid.getByRole('row').nth(1).waitFor();
    await grid.getByText('Matched', { exact: true }).first().waitFor();
    const transit = page.getByRole('region', { name: /^In transit \(\d+\)$/ });
    await transit.getByRole('row').nth(1).waitFor();
    const inTransit = await engine.call('bank.inTransit', {});
    expect(inTransit.batches.length).toBeGreaterThan(0);
    const oldest = inTransit.batches[0]!;
    const oldestRow = transit.getByRole('row', { name: new RegExp(`Batch ${oldest.batchId}\\b`) });
    await expect(oldestRow.textContent()).resolves.toContain(String(oldest.ageDays));
    await shot('view');
    await expectAccessible('Bank view (lines and in transit)', page);
    // The main area scrolls, not the page: its top brought to the in-transit list.
    await transit.evaluate((region) => {
      const main = region.closest('main')!;
      main.scrollTop += region.getBoundingClientRect().top - main.getBoundingClientRect().top;
    });
    await shot('in-transit');

    for (const [status, label] of [
      ['suggested', 'Suggested'],
      ['unmatched', 'Unmatched'],
    ] as const) {
      await page.getByRole('combobox', { name: /^Match/ }).selectOption(status);
      await grid.getByRole('row').nth(1).getByText(label, { exact: true }).waitFor();
      const lines = await engine.call('bank.lines', { filter: { statuses: [status] } });
      await expect(grid.getByRole('row').count()).resolves.toBe(lines.rows.length + 1);
    }
  });

  it('confirms a suggestion from the keyboard', async () => {
    await page.getByRole('combobox', { name: /^Match/ }).selectOption('suggested');
    const grid = page.getByRole('grid', { name: 'Bank lines' });
    await grid.getByRole('row').nth(1).getByText('Suggested', { exact: true }).waitFor();
    const before = (await engine.call('bank.lines', { filter: { statuses: ['suggested'] } })).rows;
    await leaveFields();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    const match = page.getByRole('region', { name: 'Match' });
    await match.getByRole('button', { name: 'Confirm best' }).waitFor();
    const lineId = Number(new URL(page.url()).hash.replace('#/bank/', ''));
    const line = before.find((l) => l.id === lineId)!;
    expect(line.suggestions.length).toBeGreaterThan(1);
    await shot('suggested-line');
    await expectAccessible('Bank line (suggested)', page);

    // j moves to the best candidate's button, j again to the next; Enter confirms the one in focus.
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect(page.locator(':focus').textContent()).resolves.toBe('Confirm #2');
    await page.keyboard.press('Enter');
    await match.getByText(/Confirmed by Pat Reviewer\./).waitFor();
    const confirmed = await engine.call('bank.line', { id: lineId });
    expect(confirmed.line.match).toMatchObject({ status: 'confirmed', batchIds: line.suggestions[1]!.batchIds });
    await shot('confirmed-line');
  });

  it('explains the unmatched service charge from the keyboard', async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('grid', { name: 'Bank lines' }).waitFor();
    await page.getByRole('combobox', { name: /^Match/ }).selectOption('unmatched');
    const grid = page.getByRole('grid', { name: 'Bank lines' });
    await grid.getByRole('row').nth(1).getByText('Unmatched', { exact: true }).waitFor();
    await leaveFields();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: 'Match' })
      .getByText('No deposit of this amount was made in the days before this line')
      .waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('SERVICE CHARGE');
    await page.keyboard.press('e');
    const dialog = page.getByRole('dialog', { name: 'Explain this bank line' });
    await dialog.getByLabel('What it is').selectOption('other');
    await dialog.getByLabel('Note (required)').fill('Monthly account analysis charge');
    await expectAccessible('Explain dialog', page);
    await dialog.getByRole('button', { name: 'Explain' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Monthly account analysis charge', { exact: false }).waitFor();
    const lines = await engine.call('bank.lines', { filter: { statuses: ['unmatched'] } });
    expect(lines.rows).toEqual([]);
  });

  it('logged no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
