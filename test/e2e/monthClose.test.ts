/**
 * A school's month closed by two people on a district server (issue 29 item 2): `district-recon
 * serve` on a seeded SQLite file that requires a separate approver, and two Chromium contexts signed
 * in through the sign-in page. Ben, a preparer, submits; Ana, an approver, closes; Ben's page shows
 * it closed from the server's pushed event, without reloading. Ana prints the closed month's packet
 * (a download). Ana then submits another school herself and her close of it is refused with the
 * engine's words. axe finds nothing serious; screenshots under test/e2e/artifacts/month-close-*.png.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStoredSettings } from '../../electron/engine/store/settings';
import { addPayee } from '../engine/reconcile/fixtures';
import { createTestDb, type TestStore } from '../helpers/db';
import type { ServeProcess } from '../helpers/serveProcess';
import { expectAccessible } from './day';
import { ARTIFACTS, startTeamPages } from './harness';

const APPROVER = 'Ana Ruiz';
const PREPARER = 'Ben Ito';
// March 2026 has ended; the schools took no money in it, so each checklist is met (ready to close).
const MONTH = '2026-03';

let store: TestStore;
let server: ServeProcess;
let browser: Browser;
let ana: Page;
let ben: Page;
const pageErrors: string[] = [];

async function openMonth(page: Page, payeeId: number): Promise<void> {
  await page.evaluate(`window.location.hash = '#/month/${payeeId}?month=${MONTH}'`);
  await page.getByRole('heading', { level: 1, name: 'Month' }).waitFor();
}

const checklist = (page: Page, state: string) => page.getByRole('heading', { name: `Checklist: ${state}` });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `month-close-${name}.png`), fullPage: true });

beforeAll(async () => {
  store = await createTestDb({ file: true });
  await addPayee(store.db, 1, 'Lincoln Elementary');
  await addPayee(store.db, 2, 'Food Services');
  await writeStoredSettings(store.writer, [['requireSeparateApprover', true]]);
  ({
    server,
    browser,
    approver: ana,
    preparer: ben,
  } = await startTeamPages(store, { approver: APPROVER, preparer: PREPARER }, pageErrors));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await store?.cleanup();
});

describe("a school's month, submitted by a preparer and closed by an approver", () => {
  it('the preparer submits; closing is not offered to a preparer', async () => {
    await openMonth(ben, 1);
    await checklist(ben, 'Ready to close').waitFor();
    expect(await ben.getByRole('button', { name: 'Close the month' }).count()).toBe(0);
    await ben.getByRole('button', { name: 'Submit for approval' }).click();
    await ben.getByText('Submitted for an approver to close.').waitFor();
    await checklist(ben, 'Submitted').waitFor();
    await shot(ben, 'submitted');
    await expectAccessible('Month view, submitted (preparer)', ben);
  });

  it("the approver closes it in another context, and the preparer's page shows it closed", async () => {
    await openMonth(ana, 1);
    await checklist(ana, 'Submitted').waitFor();
    await ana.getByRole('button', { name: 'Close the month' }).click();
    await ana.getByText('Closed. The month is locked.').waitFor();
    await checklist(ana, 'Closed').waitFor();
    await ana.getByText(`Closed by ${APPROVER}, submitted by ${PREPARER}.`).waitFor();
    // No reload: the server's data.changed event refreshes Ben's month.
    await checklist(ben, 'Closed').waitFor({ timeout: 30_000 });
    await ben.getByText(`Closed by ${APPROVER}, submitted by ${PREPARER}.`).waitFor();
    // Ben's own "Submitted" banner no longer describes the month once Ana has closed it.
    expect(await ben.getByText('Submitted for an approver to close.').count()).toBe(0);
    await shot(ana, 'closed-approver');
    await shot(ben, 'closed-preparer');
    await expectAccessible('Month view, closed (preparer)', ben);
  });

  it("prints the closed month's packet as a download", async () => {
    const [download] = await Promise.all([
      ana.waitForEvent('download'),
      ana.getByRole('button', { name: "Print the auditor's packet", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`district-recon-packet-${MONTH}-1.pdf`);
    const file = join(store.folder!, download.suggestedFilename());
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Lincoln Elementary');
    expect(text).toMatch(new RegExp(`Prepared by\\s+${PREPARER}`));
    expect(text).toMatch(new RegExp(`Approved by\\s+${APPROVER}`));
    expect(text).not.toContain('DRAFT');
    await ana.getByText(/district-recon-packet-2026-03-1\.pdf, SHA-256 [0-9a-f]{64}\./).waitFor();
  });

  it('refuses an approver closing a month she submitted herself, in its own words', async () => {
    await openMonth(ana, 2);
    await checklist(ana, 'Ready to close').waitFor();
    await ana.getByRole('button', { name: 'Submit for approval' }).click();
    await checklist(ana, 'Submitted').waitFor();
    await ana.getByRole('button', { name: 'Close the month' }).click();
    await ana
      .getByRole('alert')
      .getByText(
        `${MONTH} of Food Services (school 2) was submitted by ${APPROVER}; a different approver must close it.`,
      )
      .waitFor();
    await checklist(ana, 'Submitted').waitFor();
    await shot(ana, 'self-approval-refused');
    await expectAccessible('Month view, self-approval refused', ana);
    // The one console error is Chromium's note of the refused close's 403, which the page showed.
    expect(pageErrors).toEqual([
      expect.stringMatching(/^Ana Ruiz: Failed to load resource: .* 403 \(Forbidden\) \(http:.*\/rpc\/month\.close\)$/),
    ]);
  });
});
