/**
 * The District view and a school's Month view in Chromium through the browser host (issue 29): twelve
 * schools in mixed states (open with deposits to sign off, ready, submitted, closed), most behind
 * first; one school's month opened from its row, its checklist at the top, and closed from the app.
 * axe-core finds nothing serious or critical; screenshots under test/e2e/artifacts/district-*.png.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineWithInternals, type EngineWithInternals } from '../../electron/engine/engine';
import { silentLogger } from '../../electron/engine/logger';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { fixedClock } from '../../shared/time';
import { addBatch, addGlAccount, addPayee } from '../engine/reconcile/fixtures';
import { expectAccessible } from './day';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT } from './harness';

const SCHOOLS = 12;
let engine: EngineWithInternals;
let host: WebHost;
let browser: Browser;
let page: Page;
let folder: string;
const pageErrors: string[] = [];

async function seedSchools(): Promise<void> {
  const db = engine.internals.store.writer.db;
  await addGlAccount(db, 'gl-a', '4100-100', 'Athletics Fees');
  for (let school = 1; school <= SCHOOLS; school++) {
    await addPayee(db, school, `School ${String(school).padStart(2, '0')}`);
    // Schools 1 to 8 took money in March (deposits to sign off and post); 9 to 12 took none.
    if (school <= 8) {
      for (let day = 0; day < school; day++) {
        await addBatch(db, {
          id: `7300${school}${day}`,
          payeeId: school,
          date: `2026-03-${String(10 + day).padStart(2, '0')}`,
          transactions: [{ id: school * 100 + day, amountCents: 2500 + day, glAccountId: 'gl-a' }],
        });
      }
    }
  }
  const closed = (payeeId: number, state: 'closed' | 'submitted') =>
    db
      .insertInto('month_closes')
      .values({
        payee_id: payeeId,
        month: '2026-03',
        state,
        submitted_by: 'Pat Preparer',
        submitted_at: '2026-04-08T15:00:00.000Z',
        closed_by: state === 'closed' ? 'Ann Approver' : null,
        closed_at: state === 'closed' ? '2026-04-09T15:00:00.000Z' : null,
        self_approved: 0,
        updated_at: '2026-04-09T15:00:00.000Z',
      })
      .execute();
  await closed(9, 'closed');
  await closed(10, 'closed');
  await closed(11, 'submitted');
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `district-${name}.png`), fullPage: true });
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  folder = mkdtempSync(join(tmpdir(), 'recon-district-e2e-'));
  engine = await createEngineWithInternals({
    version: '0.0.0-e2e',
    dataFolder: folder,
    host: 'web',
    logger: silentLogger,
    // April 20th: March ended, and its deadline (the 15th) is five days past.
    clock: fixedClock('2026-04-20T15:00:00Z'),
  });
  await seedSchools();
  host = await startWebHost({ engine, staticDir: join(ROOT, 'out/web'), resolveDownload: async () => null });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
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
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the District view', () => {
  it("opens on the month before the engine's today (its clock, April 2026), not the browser's", async () => {
    await page.evaluate("window.location.hash = '#/month'");
    await page.getByRole('heading', { level: 1, name: 'District' }).waitFor();
    await page.getByRole('table', { name: 'Schools for 2026-03, most behind first' }).waitFor();
    expect(await page.getByLabel('Month', { exact: true }).inputValue()).toBe('2026-03');
  });

  it('lists twelve schools in mixed states, most behind first', async () => {
    await page.evaluate("window.location.hash = '#/month?month=2026-03'");
    await page.getByRole('heading', { level: 1, name: 'District' }).waitFor();
    const table = page.getByRole('table', { name: 'Schools for 2026-03, most behind first' });
    await table.waitFor();
    const rows = table.getByRole('row');
    await expect.poll(() => rows.count()).toBe(SCHOOLS + 1);
    // Open schools first (the one with most open deposits first among equals), then ready, submitted, closed.
    const states = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(states).toEqual([...Array(8).fill('Open'), 'Ready to close', 'Submitted', 'Closed', 'Closed']);
    expect(await rows.nth(1).textContent()).toContain('5');
    await page.getByText('2 of 12 schools closed').waitFor();
    await shot('view');
    await expectAccessible('District view', page);
  });

  it("opens a school's month from its row, the checklist first, and closes it from the app", async () => {
    await page.getByRole('link', { name: 'School 12' }).click();
    await page.getByRole('heading', { level: 1, name: 'Month' }).waitFor();
    await page.getByRole('heading', { name: 'Checklist: Ready to close' }).waitFor();
    await page.getByRole('button', { name: 'Close the month' }).click();
    await page.getByText('Closed. The month is locked.').waitFor();
    await page.getByRole('heading', { name: 'Checklist: Closed' }).waitFor();
    await shot('school-closed');
    await expectAccessible('Month view (closed)', page);
  });

  it("an open school's checklist links each open deposit to its batch", async () => {
    await page.evaluate("window.location.hash = '#/month/8?month=2026-03'");
    await page.getByRole('heading', { name: /Checklist: Open/ }).waitFor();
    const link = page.getByRole('link', { name: /Deposit 730080 of 03\/10\/2026/ }).first();
    expect(await link.getAttribute('href')).toBe('#/batches/730080');
    await shot('school-open');
    await expectAccessible('Month view (open)', page);
    expect(pageErrors).toEqual([]);
  });
});
