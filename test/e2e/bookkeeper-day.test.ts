/**
 * The bookkeeper's morning (DESIGN.md §1) in Chromium through the browser host, on sandbox data with
 * one deposit made not to tie out: sync with the progress bar moving, sign off a batch that ties out,
 * read the difference of one that does not, acknowledge changes, export a GL range and check the
 * file's totals. Every step is photographed under test/e2e/artifacts/bookkeeper-*.png, and every view
 * passes axe-core with no serious or critical violations.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../electron/engine/engine';
import { silentLogger } from '../../electron/engine/logger';
import { startSandbox, type SandboxServer } from '../../electron/sandbox/index';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { formatMoney } from '../../shared/money';
import { fixedClock } from '../../shared/time';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT } from './harness';

const NOW = '2026-03-10T15:00:00Z';
const FIRST_DAY = '2026-02-28';
const LAST_DAY = '2026-03-09';
const DIFFERENCE_CENTS = 2500;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let sandbox: SandboxServer;
let engine: Engine;
let host: WebHost;
let browser: Browser;
let page: Page;
let dataFolder: string;
let brokenBatchId: string;
const pageErrors: string[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `bookkeeper-${name}.png`) });
}

/** axe-core on the page as it is; fails on serious or critical violations, naming them. */
async function expectAccessible(label: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(): Promise<{
            violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
  expect(violations, `accessibility of ${label}`).toEqual([]);
}

/** Shortcuts never fire while a field has the keyboard (by design): step out of it first. */
async function leaveFields(): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().click();
}

async function goTo(title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  sandbox = await startSandbox({ seed: 7, now: NOW, scenario: { days: 10, dailyVolume: 60 } });
  // One deposit reports $25.00 more than its transactions add up to.
  const target =
    sandbox.truth().batches.find((b) => b.date === '2026-03-06' && b.paymentMethod === 'CC') ??
    sandbox.truth().batches[0]!;
  brokenBatchId = target.id;
  sandbox.injectDiscrepancy({
    kind: 'alter_batch_totals',
    batchId: target.id,
    totalCents: target.totalCents + DIFFERENCE_CENTS,
  });

  dataFolder = mkdtempSync(join(tmpdir(), 'recon-day-'));
  engine = await createEngine({
    version: '0.0.0-e2e',
    dataFolder,
    host: 'web',
    logger: silentLogger,
    clock: fixedClock(NOW),
    sandbox: async () => ({ url: sandbox.url, token: sandbox.token, secret: sandbox.secret }),
    sandboxByDefault: true,
  });
  await engine.call('settings.set', { patch: { firstSyncDays: 12, reviewerName: 'Pat Reviewer' } });
  host = await startWebHost({
    engine,
    staticDir: join(ROOT, 'out/web'),
    resolveDownload: async (id) => {
      const records = (await engine.call('export.list', {})) as Array<{ id: number; file: string }>;
      return records.find((record) => String(record.id) === id)?.file ?? null;
    },
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto(host.launchUrl);
  await page.getByText('v0.0.0-e2e').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await engine?.close();
  await sandbox?.close();
  if (dataFolder) rmSync(dataFolder, { recursive: true, force: true });
});

describe("the bookkeeper's day", () => {
  it('starts on an empty Overview with the sandbox badge', async () => {
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByText('Sandbox data').waitFor();
    await page.getByText('Every deposit is signed off.').waitFor();
    await shot('01-overview-before-sync');
    await expectAccessible('Overview (empty)');
  });

  it('syncs, with the progress bar moving, and shows the new deposits with verdicts', async () => {
    await page.getByRole('button', { name: 'Sync now' }).click();
    const bar = page.getByRole('progressbar');
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
      await page.waitForTimeout(25);
    }
    if (!shotTaken) await shot('02-sync-progress');
    expect(seen.size, `progress values seen: ${[...seen].join(', ')}`).toBeGreaterThan(1);

    const deposits = page.getByRole('table', { name: 'New deposits since the last sign-off' });
    await deposits.waitFor();
    await expect(deposits.getByText('Ties out').first().isVisible()).resolves.toBe(true);
    await expect(deposits.getByText('Differs').first().isVisible()).resolves.toBe(true);
    await page.getByRole('img', { name: /Daily deposits/ }).waitFor();
    await shot('03-overview-after-sync');
    await expectAccessible('Overview (after sync)');
  });

  it('opens a batch that ties out and signs it off from the keyboard, with a note', async () => {
    await goTo('Batches');
    await page.getByLabel('Tie-out').selectOption('ties_out');
    const grid = page.getByRole('grid', { name: 'Batches' });
    await grid.getByRole('row').nth(1).waitFor();
    await shot('04-batches-ties-out');
    await expectAccessible('Batches');
    await leaveFields();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Tie-out checks' }).waitFor();
    await expect(page.getByRole('region', { name: 'Tie-out checks' }).getByText('Fails').count()).resolves.toBe(0);
    await shot('05-batch-ties-out');
    await expectAccessible('Batch detail');

    await page.keyboard.press('s');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note (optional)').fill('Matched to the bank deposit of 3/9.');
    await shot('06-sign-off-dialog');
    await expectAccessible('Sign-off dialog');
    await dialog.getByRole('button', { name: 'Sign off' }).click();
    await dialog.waitFor({ state: 'detached' });
    const history = page.getByRole('region', { name: 'Sign-off history' });
    await history.getByText('Signed off', { exact: true }).waitFor();
    await history.getByText('Matched to the bank deposit of 3/9.', { exact: false }).waitFor();
    await shot('07-batch-signed-off');
  });

  it('opens the batch that does not tie out and reads its difference', async () => {
    await goTo('Batches');
    await page.getByLabel('Tie-out').selectOption('differs');
    const grid = page.getByRole('grid', { name: 'Batches' });
    const row = grid.getByRole('row', { name: new RegExp(brokenBatchId) });
    await row.waitFor();
    await row.click();
    const checks = page.getByRole('region', { name: 'Tie-out checks' });
    await checks.waitFor();
    const totalCheck = checks.getByRole('row', { name: /Total vs transactions/ });
    await expect(totalCheck.textContent()).resolves.toContain(formatMoney(-DIFFERENCE_CENTS));
    await expect(totalCheck.textContent()).resolves.toContain('Fails');
    await shot('08-batch-differs');
    await expectAccessible('Batch detail (differs)');
  });

  it('acknowledges the changes', async () => {
    await goTo('Changes');
    const grid = page.getByRole('grid', { name: 'Changes' });
    await grid.getByRole('row').nth(1).waitFor();
    await shot('09-changes');
    await expectAccessible('Changes');
    await page.getByRole('button', { name: 'Acknowledge all shown…' }).click();
    await shot('10-acknowledge-dialog');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Acknowledge \d/ })
      .click();
    await page.getByText('Nothing to review.').waitFor();
    await page.getByText('0 waiting for review').waitFor();
    await shot('11-changes-acknowledged');
  });

  it('exports a GL range and the downloaded workbook carries the right totals', async () => {
    await goTo('GL Batches');
    await page.getByLabel('From (Central)').fill(FIRST_DAY);
    await page.getByLabel('To (Central)').fill(LAST_DAY);
    const totals = page.getByRole('table', { name: 'By Chart of Accounts' });
    await totals.waitFor();
    const report = await engine.call('glBatches.list', { from: FIRST_DAY, to: LAST_DAY });
    const footer = await totals.locator('tfoot').textContent();
    expect(footer).toContain(formatMoney(report.totalCents));
    await shot('12-gl-batches');
    await expectAccessible('GL Batches');

    const downloading = page.waitForEvent('download');
    await leaveFields();
    await page.keyboard.press('e');
    const download = await downloading;
    const file = join(ARTIFACTS, 'bookkeeper-export.xlsx');
    await download.saveAs(file);
    await page.getByText(/Exported \d+ rows/).waitFor();
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

    // The same range again: the export registry warns before a second posting.
    await page.getByRole('button', { name: 'Export…' }).click();
    const warning = page.getByRole('dialog', { name: 'This range was exported before' });
    await warning.waitFor();
    await shot('14-overlap-warning');
    await expectAccessible('Overlap warning');
    await warning.getByRole('button', { name: 'Cancel' }).click();
  });

  it('every other view passes axe too', async () => {
    const loaded = {
      Transactions: () => page.getByRole('grid', { name: 'Transactions' }).getByRole('row').nth(1),
      'Chart of Accounts': () => page.getByRole('table').getByRole('row').nth(1),
      Settings: () => page.getByRole('button', { name: 'Save settings' }),
    };
    for (const [title, ready] of Object.entries(loaded)) {
      await goTo(title);
      await ready().waitFor();
      await shot(`15-${title.toLowerCase().replace(/ /g, '-')}`);
      await expectAccessible(title);
    }
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await shot('16-keyboard-help');
    await expectAccessible('Keyboard help');
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });
});
