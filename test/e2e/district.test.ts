/**
 * The District view and a school's Month view in Chromium through the browser host (issue 29): twelve
 * schools in mixed states (open with deposits to sign off, ready, submitted, closed), most behind
 * first; one school's month opened from its row, its checklist at the top, and closed from the app.
 * axe-core finds nothing serious or critical; screenshots under test/e2e/artifacts/district-*.png.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineWithInternals } from '../../electron/engine/engine';
import { fixedClock } from '../../shared/time';
import { addBatch, addGlAccount, addMonthClose, addPayee } from '../engine/reconcile/fixtures';
import { expectAccessible } from './day';
import { ARTIFACTS, startE2eEngine, type E2eApp } from './harness';

const SCHOOLS = 12;
let app: E2eApp;
let engine: EngineWithInternals;
let page: Page;
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
  await addMonthClose(db, 9, '2026-03', 'closed');
  await addMonthClose(db, 10, '2026-03', 'closed');
  await addMonthClose(db, 11, '2026-03', 'submitted');
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `district-${name}.png`), fullPage: true });
}

beforeAll(async () => {
  app = await startE2eEngine({
    name: 'district-e2e',
    // April 20th: March ended, and its deadline (the 15th) is five days past.
    clock: fixedClock('2026-04-20T15:00:00Z'),
    sandbox: 'none',
  });
  engine = app.engine;
  await seedSchools();
  page = await app.openBrowser({ errors: pageErrors });
});

afterAll(async () => {
  await app?.close();
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
