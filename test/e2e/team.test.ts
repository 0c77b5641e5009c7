/**
 * The bookkeeper's day with two people (issue 16): a district server (`district-recon serve` on a
 * seeded SQLite file) and two users in two Chromium contexts, each signed in through the sign-in
 * page. Ben, a preparer, has a deposit open; Ana, an approver, signs it off; Ben's page shows it
 * signed, and by whom, from the server's pushed event, without reloading. Each page says who is
 * signed in and offers only what that role may do (no sign-off for Ben); Sign out ends Ana's session
 * on the server. Screenshots at 1366x768 under test/e2e/artifacts/team-*.png.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChecksFresh } from '../../electron/engine/reconcile';
import { seedDistrict } from '../engine/reconcile/fixtures';
import { createTestDb, type TestStore } from '../helpers/db';
import type { ServeProcess } from '../helpers/serveProcess';
import { expectAccessible } from './day';
import { ARTIFACTS, startTeamPages } from './harness';

const BATCH = '730001';
const APPROVER = 'Ana Ruiz';
const PREPARER = 'Ben Ito';
const NOTE = 'Matched to the bank deposit of 3/2.';

let store: TestStore;
let server: ServeProcess;
let browser: Browser;
let ana: Page;
let ben: Page;
const pageErrors: string[] = [];

async function openBatch(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Batches', exact: true }).click();
  await page
    .getByRole('grid', { name: 'Batches' })
    .getByRole('row', { name: new RegExp(BATCH) })
    .click();
  await page.getByRole('heading', { name: `Batch ${BATCH}` }).waitFor();
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `team-${name}.png`) });

beforeAll(async () => {
  store = await createTestDb({ file: true });
  await seedDistrict(store.db);
  await ensureChecksFresh(store.writer);
  ({
    server,
    browser,
    approver: ana,
    preparer: ben,
  } = await startTeamPages(store, { approver: APPROVER, preparer: PREPARER }, pageErrors));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await store?.cleanup();
});

describe('two users on one district server', () => {
  it('each is signed in with a session of their own', async () => {
    const who = async (page: Page) =>
      page.evaluate(async () => (await (await fetch('/auth/me')).json()) as { result: { user: { name: string } } });
    expect((await who(ana)).result.user.name).toBe(APPROVER);
    expect((await who(ben)).result.user.name).toBe(PREPARER);
    const header = (page: Page) => page.getByRole('banner');
    await header(ana).getByText(`Signed in as ${APPROVER} (approver)`).waitFor();
    await header(ben).getByText(`Signed in as ${PREPARER} (preparer)`).waitFor();
    await expect(header(ben).getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
  });

  it('one signs off a deposit; the other, who has it open, sees it signed and by whom, without reloading', async () => {
    await Promise.all([openBatch(ana), openBatch(ben)]);
    const benHistory = ben.getByRole('region', { name: 'Sign-off history' });
    await benHistory.getByText('Not signed off yet.').waitFor();
    // A preparer is told who signs off, and offered no sign-off the server would refuse.
    await ben.getByText('Sign-off: Needs an approver; you are signed in as a preparer.').waitFor();
    await expect(ben.getByRole('button', { name: 'Sign off…' }).count()).resolves.toBe(0);
    // A page that reloads loses this mark; one that re-reads its data keeps it.
    await ben.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));
    await shot(ben, '01-preparer-before');

    await ana.getByRole('button', { name: 'Sign off…' }).click();
    const dialog = ana.getByRole('dialog', { name: `Sign off batch ${BATCH}?` });
    await dialog.getByLabel('Note (optional)').fill(NOTE);
    await dialog.getByRole('button', { name: 'Sign off' }).click();
    await dialog.waitFor({ state: 'detached' });
    const anaHistory = ana.getByRole('region', { name: 'Sign-off history' });
    await anaHistory.getByText(`by ${APPROVER}`).waitFor();
    await anaHistory.scrollIntoViewIfNeeded();
    await shot(ana, '02-approver-signed');

    // Ben did nothing: the server's event re-read his page.
    await benHistory.getByText('Signed off', { exact: true }).waitFor({ timeout: 15_000 });
    await expect(benHistory.textContent()).resolves.toContain(`by ${APPROVER}`);
    await expect(benHistory.textContent()).resolves.toContain(NOTE);
    await ben.getByRole('region', { name: 'Sign-off history' }).getByText(`by ${APPROVER}`).waitFor();
    await expect(ben.getByRole('button', { name: /Sign off…|Withdraw sign-off…/ }).count()).resolves.toBe(0);
    await expect(ben.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(
      true,
    );
    await benHistory.scrollIntoViewIfNeeded();
    await shot(ben, '03-preparer-sees-signed');
    await expectAccessible('Batch detail on a district server', ben);

    // The record on the server names the signed-in approver, not the preparer watching.
    const rows = store.sqlite.prepare(`SELECT action, by, note FROM batch_reviews WHERE batch_id = ?`).all(BATCH);
    expect(rows).toEqual([{ action: 'sign_off', by: APPROVER, note: NOTE }]);
    expect(pageErrors).toEqual([]);
  });

  it('a preparer reads the settings but cannot change them; only an approver exports', async () => {
    await ben.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await ben
      .getByText('Settings and the service connection: Needs an admin; you are signed in as a preparer.')
      .waitFor();
    // The fieldset's disabled reaches every control in it, in a real browser.
    await expect(ben.getByLabel('Service address (URL)').isDisabled()).resolves.toBe(true);
    await expect(ben.getByRole('button', { name: 'Test connection' }).isDisabled()).resolves.toBe(true);
    await expect(ben.getByRole('button', { name: 'Save settings' }).isDisabled()).resolves.toBe(true);
    await shot(ben, '04-preparer-settings');

    for (const page of [ana, ben]) {
      await page
        .getByRole('navigation', { name: 'Views' })
        .getByRole('link', { name: 'GL Batches', exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: 'GL Batches' }).waitFor();
    }
    await ana.getByRole('button', { name: 'Post to the ledger…' }).waitFor();
    await ben.getByText('Export: Needs an approver; you are signed in as a preparer.').waitFor();
    await expect(ben.getByRole('button', { name: 'Post to the ledger…' }).count()).resolves.toBe(0);
  });

  it('Sign out ends the session on the server and returns to the sign-in page; the other user stays signed in', async () => {
    await ana.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await ana.waitForURL(/\/login$/);
    await ana.getByRole('button', { name: 'Sign in' }).waitFor();
    // The sign-in page's policy allows it no fetch: ask with the context's own cookies.
    const me = async (page: Page) => (await page.request.get(`${server.url}/auth/me`)).status();
    await expect(me(ana)).resolves.toBe(401);
    await expect(me(ben)).resolves.toBe(200);
    // Going back into the app needs a new sign-in.
    await ana.goto(`${server.url}/#/overview`);
    // A redirect keeps the fragment.
    await ana.waitForURL(/\/login(#.*)?$/);
    expect(pageErrors).toEqual([]);
  });
});
