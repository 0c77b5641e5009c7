/**
 * The bookkeeper's day with two people (issue 16): a district server (`district-recon serve` on a
 * seeded SQLite file) and two users in two Chromium contexts, each signed in through the sign-in
 * page. Ben, a preparer, has a deposit open; Ana, an approver, signs it off; Ben's page shows it
 * signed, and by whom, from the server's pushed event, without reloading. Screenshots at 1366x768
 * under test/e2e/artifacts/team-*.png.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChecksFresh } from '../../electron/engine/reconcile';
import { insertUser } from '../../electron/engine/store/users';
import { hashPassword } from '../../electron/engine/team/passwords';
import { seedDistrict } from '../engine/reconcile/fixtures';
import { createTestDb, type TestStore } from '../helpers/db';
import { startServe, type ServeProcess } from '../helpers/serveProcess';
import { PASSWORD } from '../helpers/teamHost';
import { expectAccessible } from './day';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT } from './harness';

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

/** A context of its own (its own cookies: its own session), signed in through the sign-in form. */
async function signedInPage(name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`${name}: ${message.text()} (${message.location().url})`);
  });
  await page.goto(`${server.url}/`);
  await page.waitForURL(/\/login$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  return page;
}

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
  if (!existsSync(join(ROOT, 'out/web/index.html'))) {
    throw new Error('The renderer is not built: run `npm run build:web` first (npm run test:e2e does).');
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  store = await createTestDb({ file: true });
  await seedDistrict(store.db);
  await ensureChecksFresh(store.writer);
  const passwordHash = await hashPassword(PASSWORD);
  for (const [name, role] of [
    [APPROVER, 'approver'],
    [PREPARER, 'preparer'],
  ] as const) {
    await insertUser(store.writer, { name, role, passwordHash, createdAt: '2026-03-04T15:00:00.000Z' });
  }
  server = await startServe(join(store.folder!, 'district-recon.sqlite'));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  [ana, ben] = await Promise.all([signedInPage(APPROVER), signedInPage(PREPARER)]);
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
  });

  it('one signs off a deposit; the other, who has it open, sees it signed and by whom, without reloading', async () => {
    await Promise.all([openBatch(ana), openBatch(ben)]);
    const benHistory = ben.getByRole('region', { name: 'Sign-off history' });
    await benHistory.getByText('Not signed off yet.').waitFor();
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
    await ben.getByRole('button', { name: 'Withdraw sign-off…' }).waitFor();
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
});
