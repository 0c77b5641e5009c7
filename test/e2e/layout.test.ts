/**
 * Issue 30 item 8: every view at the two small laptop sizes (1366x768, 1280x720), on sandbox data after
 * two syncs (so Changes has groups to acknowledge and Batches a detail to open). Each is photographed
 * (test/e2e/artifacts/layout-<size>-<view>.png, looked at by a person) and measured: the main content
 * never scrolls sideways, no container's content spills out of it unless it is a scroll area made so,
 * and every button's text fits its box. At 1366x768 each view also passes axe-core. One school has a long
 * name, as real districts do: the Batches view shows it whole (wrapped), not cut with room to spare.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/engine';
import { startSandbox, type SandboxServer } from '../../electron/sandbox/index';
import { fixedClock } from '../../shared/time';
import { VIEWS } from '../../shared/views';
import { expectAccessible } from './day';
import { ARTIFACTS, startE2eEngine, type E2eApp } from './harness';

const NOW = '2026-03-10T15:00:00Z';
const LONG_SCHOOL = 'Thomas Jefferson Science and Technology Magnet High School';
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
] as const;

let app: E2eApp;
let sandbox: SandboxServer;
let engine: Engine;
let page: Page;
let openBatch: string;
const pageErrors: string[] = [];

async function syncNow(): Promise<void> {
  const run = await engine.sync.start({ trigger: 'manual' });
  const summary = await run.finished;
  expect(summary?.status, summary?.error ?? '').toBe('succeeded');
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, now: NOW, scenario: { days: 10, dailyVolume: 60, payees: 4 } });
  sandbox.state.payees[2]!.name = LONG_SCHOOL;
  const clock = fixedClock(NOW);
  app = await startE2eEngine({ name: 'layout', clock, sandbox });
  engine = app.engine;
  await engine.call('settings.set', { patch: { firstSyncDays: 12, reviewerName: 'Pat Reviewer' } });
  await syncNow();
  // A night later, with refunds after batching: changes since the last review for the Changes view.
  sandbox.advanceDays(1);
  clock.set('2026-03-11T15:00:00Z');
  const refundable = sandbox
    .truth()
    .transactions.filter((t) => t.status === 'Settled' && t.batchId !== null && t.amountCents > 600);
  for (const t of refundable.slice(0, 4)) {
    sandbox.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: t.id, cents: 500 });
  }
  await syncNow();
  const listed = await engine.call('batches.list', { filter: { notSignedOff: true }, limit: 1 });
  openBatch = listed.rows[0]!.id;

  page = await app.openBrowser({ viewport: SIZES[0], errors: pageErrors });
});

afterAll(async () => {
  await app?.close();
  expect(pageErrors).toEqual([]);
});

/**
 * What spills: the main area scrolling sideways, a box whose content leaves it, a table row wider than
 * its table, a pill or button leaving its column, a cut header, a button whose words do not fit. Run in
 * the page as plain JavaScript (the node project's types have no DOM).
 */
const MEASURE = `(() => {
    const problems = [];
    const name = (el) =>
      \`\${el.tagName.toLowerCase()}\${el.id ? \`#\${el.id}\` : ''}\${el.className && typeof el.className === 'string' ? \`.\${el.className.trim().split(/\\s+/).join('.')}\` : ''} “\${(el.textContent ?? '').trim().slice(0, 40)}”\`;
    const main = document.querySelector('main');
    if (main.scrollWidth > main.clientWidth + 1)
      problems.push(\`the main area scrolls sideways (\${main.scrollWidth} > \${main.clientWidth})\`);
    const visible = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
    for (const box of main.querySelectorAll(
      'section, .panel, .view, .view-head, .banner, .filters, form, .detail-actions, .change-group',
    )) {
      if (!visible(box)) continue;
      const style = getComputedStyle(box);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      if (box.scrollWidth > box.clientWidth + 1)
        problems.push(\`\${name(box)} spills sideways (\${box.scrollWidth} > \${box.clientWidth})\`);
    }
    // A table row wider than its table: its last columns are cut off (the tables clip, they do not scroll sideways).
    for (const row of main.querySelectorAll('.data-table-row, tr')) {
      if (visible(row) && row.scrollWidth > row.clientWidth + 1) {
        problems.push(
          \`a row of \${name(row.closest('[role=grid], table') ?? row)} is cut (\${row.scrollWidth} > \${row.clientWidth})\`,
        );
        break;
      }
    }
    // Badges (the review pill) and buttons (Acknowledge) stay inside their column; headers are not cut.
    for (const inner of main.querySelectorAll('.badge, button, .button')) {
      const cell = inner.closest('.cell, td');
      if (visible(inner) && cell && inner.getBoundingClientRect().right > cell.getBoundingClientRect().right + 1) {
        problems.push(\`\${name(inner)} leaves its column\`);
        break;
      }
    }
    // A pill cut to an ellipsis by its column.
    for (const cell of main.querySelectorAll('.cell')) {
      if (visible(cell) && cell.querySelector('.badge') && cell.scrollWidth > cell.clientWidth + 1) {
        problems.push(\`\${name(cell)}: its pill is cut\`);
        break;
      }
    }
    for (const head of main.querySelectorAll('.data-table-head .cell, th')) {
      if (visible(head) && head.scrollWidth > head.clientWidth + 1)
        problems.push(\`the column header \${name(head)} is cut\`);
    }
    const mainRight = main.getBoundingClientRect().right;
    for (const button of main.querySelectorAll('button, .button')) {
      if (!visible(button)) continue;
      if (button.scrollWidth > button.clientWidth + 1 || button.scrollHeight > button.clientHeight + 2) {
        problems.push(
          \`\${name(button)}: its words do not fit (\${button.scrollWidth}x\${button.scrollHeight} in \${button.clientWidth}x\${button.clientHeight})\`,
        );
      }
      // A button in a scroll area may sit beyond its edge; one outside any is cut off.
      let scroller = button.parentElement;
      while (scroller && scroller !== main && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX))
        scroller = scroller.parentElement;
      if (scroller === main && button.getBoundingClientRect().right > mainRight + 1)
        problems.push(\`\${name(button)} is cut off at the right edge\`);
    }
    return problems;
  })()`;

function measure(): Promise<string[]> {
  return page.evaluate(MEASURE) as Promise<string[]>;
}

/**
 * The Batches list's date and school cells whose words are not wholly visible (cut to an ellipsis, or a
 * line clamped away), and how many listed rows name the long school. Plain JavaScript, as MEASURE.
 */
const CUT_NAMES = `(() => {
    const grid = document.querySelector('[role=grid][aria-label=Batches]');
    const heads = [...grid.querySelectorAll('[role=columnheader]')].map((h) => h.textContent.trim());
    const columns = [heads.indexOf('Payee'), heads.findIndex((h) => h.startsWith('Business date'))];
    const cut = [];
    let longSchool = 0;
    for (const row of grid.querySelectorAll('.data-table-item')) {
      const cells = row.querySelectorAll('[role=gridcell]');
      for (const at of columns) {
        const cell = cells[at];
        const words = cell.textContent.trim();
        if (words === ${JSON.stringify(LONG_SCHOOL)}) longSchool++;
        const boxes = [cell, ...cell.querySelectorAll('*')];
        if (boxes.some((box) => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1))
          cut.push(\`\${words} (\${cell.clientWidth}px)\`);
      }
    }
    return { columns, longSchool, cut: [...new Set(cut)] };
  })()`;

const PAGES = [
  // Month with no school chosen is every school's month: the District view.
  ...VIEWS.map((view) => ({
    name: view.id,
    hash: `#/${view.id}`,
    title: view.id === 'month' ? 'District' : view.title,
  })),
  { name: 'batch-detail', hash: '', title: 'Batch' },
];

describe('every view at 1366x768 and 1280x720', () => {
  for (const size of SIZES) {
    it.each(PAGES.map((p) => [p.name, p] as const))(`${size.width}x${size.height}: %s fits`, async (_name, target) => {
      await page.setViewportSize(size);
      const hash = target.hash || `#/batches/${openBatch}`;
      await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: target.title }).first().waitFor();
      // Lists and panels load after the heading: wait until nothing says it is loading.
      await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 30_000 }).toBe(0);
      await page.screenshot({ path: join(ARTIFACTS, `layout-${size.width}x${size.height}-${target.name}.png`) });
      expect(await measure(), `${target.name} at ${size.width}x${size.height}`).toEqual([]);
      if (target.name === 'batches') {
        const names = (await page.evaluate(CUT_NAMES)) as { columns: number[]; longSchool: number; cut: string[] };
        expect(names.columns.every((at) => at >= 0)).toBe(true);
        expect(names.longSchool).toBeGreaterThan(0);
        expect(names.cut, `school names and dates cut at ${size.width}x${size.height}`).toEqual([]);
      }
      if (target.name === 'overview') {
        // The chart's other face: deposits by payee, a table that must stay inside its card.
        await page.getByRole('radio', { name: 'By payee' }).check();
        await page.screenshot({ path: join(ARTIFACTS, `layout-${size.width}x${size.height}-overview-by-payee.png`) });
        expect(await measure(), `overview by payee at ${size.width}x${size.height}`).toEqual([]);
        await page.getByRole('radio', { name: 'By payment method' }).check();
      }
      if (size.width === 1366) await expectAccessible(`${target.name} at 1366x768`, page);
    });
  }
});
