/**
 * Sign-off at scale in Chromium (issue 30 item 5): 200 deposits that tie out, listed with "Not signed
 * off", signed off together after one confirmation; two of them change between the selection and the
 * confirmation (a write to the store, as a sync would make) so that they still tie out under a new
 * revision, so 198 are signed and the 2 are left and named: each deposit is signed under the revision
 * the list showed.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/engine';
import { startSandbox } from '../../electron/sandbox/index';
import { fixedClock, formatUsDate as usDate } from '../../shared/time';
import { expectAccessible } from './day';
import { ARTIFACTS, startE2eEngine, type E2eApp } from './harness';

const NOW = '2026-03-25T15:00:00Z';
const LISTED = 200;

let app: E2eApp;
let engine: Engine;
let page: Page;
let folder: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  const sandbox = await startSandbox({ seed: 11, now: NOW, scenario: { days: 24, dailyVolume: 60, payees: 4 } });
  app = await startE2eEngine({ name: 'bulk', clock: fixedClock(NOW), sandbox });
  ({ engine, folder } = app);
  await engine.call('settings.set', { patch: { firstSyncDays: 26, reviewerName: 'Pat Reviewer' } });
  const run = await engine.sync.start({ trigger: 'manual' });
  expect((await run.finished)?.status).toBe('succeeded');
  // Exactly 200 open deposits that tie out: the oldest beyond them signed off beforehand.
  const open = await engine.call('batches.list', {
    filter: { notSignedOff: true, verdicts: ['ties_out'] },
    limit: 1000,
  });
  expect(open.rows.length).toBeGreaterThan(LISTED);
  const extra = open.rows.slice(LISTED).map((b) => ({ id: b.id, revision: b.revision }));
  expect((await engine.call('batches.signOffMany', { deposits: extra })).left).toEqual([]);

  page = await app.openBrowser({ errors: pageErrors });
});

afterAll(async () => {
  await app?.close();
  expect(pageErrors).toEqual([]);
});

describe('bulk sign-off', () => {
  it('signs off 198 of 200 listed deposits and names the 2 that changed after they were listed', async () => {
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Batches', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Batches' }).waitFor();
    await page.getByLabel('Tie-out').selectOption('ties_out');
    await page.getByLabel('Not signed off').check();
    const button = page.getByRole('button', { name: `Sign off the ${LISTED} listed that tie out…` });
    await button.waitFor();
    const listed = await engine.call('batches.list', {
      filter: { notSignedOff: true, verdicts: ['ties_out'] },
      limit: 1000,
    });
    expect(listed.rows).toHaveLength(LISTED);
    const total = listed.rows.reduce((sum, b) => sum + b.totalCents, 0);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Sign off these deposits' });
    await expect.poll(() => dialog.textContent()).toContain(`Sign off ${LISTED} deposits`);
    await page.screenshot({ path: join(ARTIFACTS, 'bulk-sign-off-confirm.png') });
    expect(await dialog.textContent()).toContain(
      (total / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
    );
    await expectAccessible('Bulk sign-off confirmation', page);

    // Between the selection and the confirmation, a cent moves between two sales of each of two listed
    // deposits: their totals hold, so they still tie out, but their checks are not the ones listed.
    const withTwoSales = listed.rows.filter((b) => b.totalCount >= 2);
    expect(withTwoSales.length).toBeGreaterThan(10);
    const changedRows = [withTwoSales[3]!, withTwoSales[withTwoSales.length - 5]!];
    const changed = changedRows.map((b) => b.id);
    const db = new BetterSqlite3(join(folder, 'district-recon.sqlite'));
    try {
      db.pragma('busy_timeout = 10000');
      for (const id of changed) {
        db.prepare(
          `UPDATE transactions SET amount_cents = amount_cents + 1
            WHERE id = (SELECT min(id) FROM transactions WHERE batch_id = ?)`,
        ).run(id);
        db.prepare(
          `UPDATE transactions SET amount_cents = amount_cents - 1
            WHERE id = (SELECT max(id) FROM transactions WHERE batch_id = ?)`,
        ).run(id);
      }
    } finally {
      db.close();
    }

    await dialog.getByRole('button', { name: `Sign off ${LISTED}` }).click();
    const result = page.getByRole('status').filter({ hasText: 'Signed off 198' });
    await result.waitFor({ timeout: 120_000 });
    const left = result.getByRole('list', { name: 'Deposits left' }).getByRole('listitem');
    await expect.poll(() => left.count()).toBe(2);
    for (const row of changedRows) {
      const named = result.getByText(`the ${usDate(row.date)} deposit (${row.id}) changed after it was listed`, {
        exact: false,
      });
      await named.waitFor();
      const words = await named.textContent();
      expect(words).toContain(row.payeeName!);
      expect(words).toContain('it still ties out');
    }
    await page.screenshot({ path: join(ARTIFACTS, 'bulk-sign-off-result.png') });

    const after = await engine.call('batches.list', { filter: { notSignedOff: true }, limit: 1000 });
    expect(
      after.rows
        .map((b) => b.id)
        .filter((id) => changed.includes(id))
        .sort(),
    ).toEqual([...changed].sort());
    const signedIds = listed.rows.map((b) => b.id).filter((id) => !changed.includes(id));
    expect(after.rows.some((b) => signedIds.includes(b.id))).toBe(false);
    // Left as they are now: still tying out, under a revision other than the one listed.
    for (const row of changedRows) {
      const now = await engine.call('batches.get', { id: row.id });
      expect(now.batch.verdict).toBe('ties_out');
      expect(now.revision).not.toBe(row.revision);
    }
  });
});
