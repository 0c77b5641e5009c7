/** Opens the app in Chromium through the browser host and visits every view, with a screenshot of each. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './harness';

/** The views of DESIGN.md §8, written out here so the test checks the app rather than itself. */
const VIEWS = [
  { id: 'overview', title: 'Overview' },
  { id: 'batches', title: 'Batches' },
  { id: 'gl-batches', title: 'GL Batches' },
  { id: 'transactions', title: 'Transactions' },
  { id: 'changes', title: 'Changes' },
  { id: 'chart-of-accounts', title: 'Chart of Accounts' },
  { id: 'settings', title: 'Settings' },
];

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the app in a browser', () => {
  it('loads, takes the token out of the address bar and shows the version from app.info', async () => {
    await app.page.getByText('v0.0.0-e2e').waitFor();
    expect(app.page.url()).not.toContain('token=');
    expect(await app.page.title()).toBe('District Recon');
  });

  it.each(VIEWS.map((view) => [view.title, view.id] as const))('navigates to %s', async (title, id) => {
    await app.page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: title, exact: true }).click();
    await app.page.waitForURL(new RegExp(`#/${id}$`));
    // The hash changes before React re-renders the view, so the heading is read until it follows.
    await expect.poll(() => app.page.getByRole('heading', { level: 1 }).first().textContent()).toContain(title);
    await app.screenshot(`view-${id}`);
  });
});
