/**
 * The bookkeeper's morning (DESIGN.md §1) in Chromium through the browser host, on sandbox data with
 * one deposit made not to tie out: sync with the progress bar moving, sign off a batch that ties out,
 * read the difference of one that does not, acknowledge changes, export a GL range and check the
 * file's totals; then a second night (secondNight.ts). Every step is photographed under
 * test/e2e/artifacts/bookkeeper-*.png, and every view passes axe-core with no serious or critical violations.
 */
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox/index';
import { formatMoney } from '../../shared/money';
import { fixedClock } from '../../shared/time';
import { day, expectAccessible, goTo, leaveFields, shot } from './day';
import { ARTIFACTS, startE2eEngine, type E2eApp } from './harness';
import { secondNight } from './secondNight';
import { untiedBySeriousness, untiedSummary } from '../../shared/untied';

const NOW = '2026-03-10T15:00:00Z';
const FIRST_DAY = '2026-02-28';
const LAST_DAY = '2026-03-09';
const DIFFERENCE_CENTS = 2500;

let app: E2eApp;

beforeAll(async () => {
  const sandbox = await startSandbox({ seed: 7, now: NOW, scenario: { days: 10, dailyVolume: 60 } });
  day.sandbox = sandbox;
  day.pageErrors = [];
  // One deposit reports $25.00 more than its transactions add up to.
  const target =
    sandbox.truth().batches.find((b) => b.date === '2026-03-06' && b.paymentMethod === 'CC') ??
    sandbox.truth().batches[0]!;
  day.brokenBatchId = target.id;
  sandbox.injectDiscrepancy({
    kind: 'alter_batch_totals',
    batchId: target.id,
    totalCents: target.totalCents + DIFFERENCE_CENTS,
  });

  day.clock = fixedClock(NOW);
  app = await startE2eEngine({ name: 'day', clock: day.clock, sandbox });
  const engine = app.engine;
  day.engine = engine;
  await engine.call('settings.set', { patch: { firstSyncDays: 12, reviewerName: 'Pat Reviewer' } });
  day.page = await app.openBrowser({ viewport: { width: 1366, height: 860 }, errors: day.pageErrors });
});

afterAll(async () => {
  await app?.close();
});

describe("the bookkeeper's day", () => {
  it('starts on an empty Overview with the sandbox badge', async () => {
    await day.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await day.page.getByText('Sandbox data').waitFor();
    await day.page.getByText('Every deposit is signed off.').waitFor();
    await shot('01-overview-before-sync');
    await expectAccessible('Overview (empty)');
  });

  it('syncs, with the progress bar moving, and shows the new deposits with verdicts', async () => {
    await day.page.getByRole('button', { name: 'Sync now' }).click();
    const bar = day.page.getByRole('progressbar');
    await bar.waitFor();
    const seen = new Set<string>();
    let shotTaken = false;
    while (await bar.isVisible().catch(() => false)) {
      const value = await bar.getAttribute('aria-valuetext').catch(() => null);
      if (value) seen.add(value);
      if (!shotTaken && seen.size >= 2) {
        await shot('02-sync-progress');
        shotTaken = true;
      }
      await day.page.waitForTimeout(25);
    }
    if (!shotTaken) await shot('02-sync-progress');
    expect(seen.size, `progress values seen: ${[...seen].join(', ')}`).toBeGreaterThan(1);

    // What needs action leads: the deposit that does not tie out, one click from its detail.
    const needsYou = day.page.getByRole('region', { name: 'Needs you' });
    await needsYou.getByRole('link', { name: new RegExp(`Batch ${day.brokenBatchId}`) }).waitFor();
    await expect(needsYou.textContent()).resolves.toContain('1 deposit differs');
    // The deposits that tie out are routine: one folded line, opened on request.
    const routine = day.page.getByRole('region', { name: 'Routine news' });
    await routine.getByText(/new deposits tie out/).click();
    const deposits = routine.getByRole('table', { name: 'New deposits that tie out' });
    await expect(deposits.getByText('Ties out').first().isVisible()).resolves.toBe(true);
    await expect(deposits.getByText('Differs').count()).resolves.toBe(0);
    await day.page.getByRole('img', { name: /Daily deposits/ }).waitFor();
    await shot('03-overview-after-sync');
    await expectAccessible('Overview (after sync)');
  });

  it('opens a batch that ties out and signs it off from the keyboard, with a note', async () => {
    await goTo('Batches');
    await day.page.getByLabel('Tie-out').selectOption('ties_out');
    const grid = day.page.getByRole('grid', { name: 'Batches' });
    await grid.getByRole('row').nth(1).waitFor();
    await shot('04-batches-ties-out');
    await expectAccessible('Batches');
    await leaveFields();
    await day.page.keyboard.press('j');
    await day.page.keyboard.press('Enter');
    await day.page.getByRole('region', { name: 'Tie-out checks' }).waitFor();
    day.signedBatchId = decodeURIComponent(new URL(day.page.url()).hash.replace('#/batches/', ''));
    await expect(day.page.getByRole('region', { name: 'Tie-out checks' }).getByText('Fails').count()).resolves.toBe(0);
    await shot('05-batch-ties-out');
    await expectAccessible('Batch detail');

    await day.page.keyboard.press('s');
    const dialog = day.page.getByRole('dialog');
    await dialog.getByLabel('Note (optional)').fill('Matched to the bank deposit of 3/9.');
    await shot('06-sign-off-dialog');
    await expectAccessible('Sign-off dialog');
    await dialog.getByRole('button', { name: 'Sign off' }).click();
    await dialog.waitFor({ state: 'detached' });
    const history = day.page.getByRole('region', { name: 'Sign-off history' });
    await history.getByText('Signed off', { exact: true }).waitFor();
    await history.getByText('Matched to the bank deposit of 3/9.', { exact: false }).waitFor();
    await shot('07-batch-signed-off');
  });

  it('opens the batch that does not tie out and reads its difference', async () => {
    await goTo('Batches');
    await day.page.getByLabel('Tie-out').selectOption('differs');
    const grid = day.page.getByRole('grid', { name: 'Batches' });
    const row = grid.getByRole('row', { name: new RegExp(day.brokenBatchId) });
    await row.waitFor();
    await row.click();
    const checks = day.page.getByRole('region', { name: 'Tie-out checks' });
    await checks.waitFor();
    const totalCheck = checks.getByRole('row', { name: /Total vs transactions/ });
    await expect(totalCheck.textContent()).resolves.toContain(formatMoney(-DIFFERENCE_CENTS));
    await expect(totalCheck.textContent()).resolves.toContain('Fails');
    await shot('08-batch-differs');
    await expectAccessible('Batch detail (differs)');
  });

  it('acknowledges the changes', async () => {
    await goTo('Changes');
    // Grouped by kind, what asks for action first; one group acknowledged whole, its count confirmed.
    const groups = await day.engine.call('changes.groups', {});
    expect(groups.length).toBeGreaterThan(0);
    const first = groups[0]!;
    await day.page.getByRole('region', { name: first.action ? 'Needs a look' : 'Routine' }).waitFor();
    await shot('09-changes');
    await expectAccessible('Changes');
    await day.page
      .getByRole('button', { name: new RegExp(`^Acknowledge ${first.count} .*…$`) })
      .first()
      .click();
    const group = day.page.getByRole('dialog', { name: 'Acknowledge this group?' });
    await expect(group.textContent()).resolves.toContain(`${first.count} “`);
    await group.getByRole('button', { name: `Acknowledge ${first.count}` }).click();
    await group.waitFor({ state: 'hidden' });
    if (groups.length > 1) {
      await day.page.getByRole('button', { name: 'Acknowledge all shown…' }).click();
      await shot('10-acknowledge-dialog');
      await day.page
        .getByRole('dialog')
        .getByRole('button', { name: /^Acknowledge \d/ })
        .click();
    }
    await day.page.getByText('Nothing to review.').waitFor();
    await day.page.getByText('0 waiting for review').waitFor();
    await shot('11-changes-acknowledged');
  });

  it('exports a GL range and the downloaded workbook carries the right totals', async () => {
    await goTo('GL Batches');
    // It opens on the oldest month not yet exported, never an empty week.
    await day.page.getByText(/the oldest period with deposits not yet exported/).waitFor();
    await expect(day.page.getByLabel('From (Central)').inputValue()).resolves.toBe('2026-02-01');
    await day.page.getByRole('table', { name: 'By Chart of Accounts' }).waitFor();
    await day.page.getByLabel('From (Central)').fill(FIRST_DAY);
    await day.page.getByLabel('To (Central)').fill(LAST_DAY);
    const totals = day.page.getByRole('table', { name: 'By Chart of Accounts' });
    await totals.waitFor();
    const report = await day.engine.call('glBatches.list', { from: FIRST_DAY, to: LAST_DAY });
    const footer = await totals.locator('tfoot').textContent();
    expect(footer).toContain(formatMoney(report.totalCents));
    await shot('12-gl-batches');
    await expectAccessible('GL Batches');

    // Deposits of the range that do not tie out (not synced, differing, not signed off) are named
    // before anything is posted (issue 26 item 6); the bookkeeper exports anyway.
    const untied = await day.engine.call('export.untied', { from: FIRST_DAY, to: LAST_DAY });
    expect(untied.length).toBeGreaterThan(0);
    // The sandbox gives some GL rows no Chart of Accounts account (issue 30 item 2): posting them is
    // refused, naming them, until the bookkeeper chooses where they go (Settings › Default accounts).
    await leaveFields();
    await day.page.keyboard.press('e');
    await day.page.getByRole('list', { name: 'Money on no account' }).waitFor();
    await shot('12a-money-on-no-account');
    await day.page.getByRole('button', { name: 'Close' }).click();
    for (const school of await day.engine.call('payees.list', {}))
      await day.engine.call('accountMaps.setDefault', { school: school.id, glNumber: '4999' });
    const downloading = day.page.waitForEvent('download');
    await leaveFields();
    await day.page.keyboard.press('e');
    const naming = day.page.getByRole('dialog', { name: 'Some deposits do not tie out' });
    await naming.waitFor();
    await naming.getByText(`${untied.length} deposits do not tie out (${untiedSummary(untied)})`).waitFor();
    await naming.getByText(untiedBySeriousness(untied)[0]!.batchId, { exact: false }).first().waitFor();
    await shot('12b-untied-deposits');
    await expectAccessible('Deposits that do not tie out');
    await naming.getByRole('button', { name: 'Export anyway' }).click();
    const download = await downloading;
    const file = join(ARTIFACTS, 'bookkeeper-export.xlsx');
    await download.saveAs(file);
    await day.page.getByText(/Exported \d+ rows/).waitFor();
    await shot('13-exported');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('GL Batches')!;
    let totalRow: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'Total') totalRow = row;
    });
    expect(totalRow, 'the workbook has a Total row').toBeDefined();
    expect(Math.round(Number(totalRow!.getCell(8).value) * 100)).toBe(report.totalCents);
    expect(Math.round(Number(totalRow!.getCell(9).value) * 100)).toBe(report.totalWithoutFeesCents);

    // The same range again: the export registry names the earlier export, whose deposits are left out.
    await day.page.getByRole('button', { name: 'Post to the ledger…' }).click();
    const warning = day.page.getByRole('dialog', { name: 'Some or all of this range was posted before' });
    await warning.waitFor();
    await warning.getByText('left out of this file').waitFor();
    await shot('14-overlap-warning');
    await expectAccessible('Overlap warning');
    await warning.getByRole('button', { name: 'Cancel' }).click();
  });

  it('every other view passes axe too', async () => {
    const loaded = {
      Transactions: () => day.page.getByRole('grid', { name: 'Transactions' }).getByRole('row').nth(1),
      'Chart of Accounts': () => day.page.getByRole('table').getByRole('row').nth(1),
      Settings: () => day.page.getByRole('button', { name: 'Save settings' }),
    };
    for (const [title, ready] of Object.entries(loaded)) {
      await goTo(title);
      await ready().waitFor();
      await shot(`15-${title.toLowerCase().replace(/ /g, '-')}`);
      await expectAccessible(title);
    }
    await day.page.keyboard.press('?');
    await day.page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await shot('16-keyboard-help');
    await expectAccessible('Keyboard help');
    await day.page.keyboard.press('Escape');
    expect(day.pageErrors).toEqual([]);
  });

  secondNight();
});
