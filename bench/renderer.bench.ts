/**
 * The renderer on a big local copy, in Chromium through the browser host (BENCH_SCALE-aware, 1M
 * transactions by default):
 *   - navigation -> first rows on screen for Batches and Transactions (median of 5, each from a fresh
 *     page load so no store is warm; goal < 300 ms);
 *   - a wheel scroll through 10k Transactions rows while a PerformanceObserver collects long tasks
 *     (goal: none over 50 ms);
 *   - a scrollbar jump to the middle of the list (time until its rows are on screen) and how many
 *     pages the renderer then holds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { openBigStore, openInChromium } from './support/bigApp';

const here = dirname(fileURLToPath(import.meta.url));
const scale = Number(process.env.BENCH_SCALE ?? '1');
const total = Math.round(1_000_000 * scale);
const SCROLL_ROWS = Math.min(10_000, total - 100);
const ROW_HEIGHT = 34;
const RUNS = 5;

/** In-page measurements, installed as plain JS (the node tsconfig has no DOM types, and tsx's keepNames would add helpers the page lacks). */
interface Probes {
  firstRows(view: string, grid: string): Promise<number>;
  watchScroll(): void;
  nextFrame(): Promise<void>;
  scrollRatio(rows: number, rowHeight: number): number;
  firstRowOnScreen(): number;
  scrollResult(): { rowsScrolled: number; longTasks: number; maxLongTaskMs: number; placeholderFrames: number };
  jumpTo(row: number, rowHeight: number, rows: number): Promise<number>;
  scrollToEnd(): Promise<number>;
}
/** In page.evaluate callbacks (serialised into the page): `(globalThis as unknown as InPage).benchProbes`. */
type InPage = { benchProbes: Probes };
const PROBES = `window.benchProbes = {
  firstRows(view, grid) {
    return new Promise((done) => {
      const selector = '[role="grid"][aria-label="' + grid + '"] .data-table-item';
      const start = performance.now();
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        requestAnimationFrame(() => done(performance.now() - start));
      });
      observer.observe(document.body, { childList: true, subtree: true });
      location.hash = '#/' + view;
    });
  },
  watchScroll() {
    this.longTasks = [];
    this.placeholderFrames = 0;
    this.watching = true;
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) this.longTasks.push(entry.duration); }).observe({ type: 'longtask' });
    const scroller = document.querySelector('[data-virtual-scroll]');
    const frame = () => {
      // A placeholder inside the viewport (overscan rows outside it do not count).
      const view = scroller.getBoundingClientRect();
      const visible = [...scroller.querySelectorAll('.data-table-placeholder')].some((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      });
      if (visible) this.placeholderFrames++;
      if (this.watching) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  },
  nextFrame() { return new Promise((done) => requestAnimationFrame(() => done())); },
  // Rows of content per scrolled pixel: 1 / rowHeight unless the list is taller than the scroll area it gets.
  scrollRatio(rows, rowHeight) {
    const scroller = document.querySelector('[data-virtual-scroll]');
    const view = scroller.clientHeight;
    return (rows * rowHeight - view) / (scroller.scrollHeight - view);
  },
  firstRowOnScreen() {
    const scroller = document.querySelector('[data-virtual-scroll]');
    const top = scroller.getBoundingClientRect().top;
    const onScreen = [...scroller.querySelectorAll('[data-index]')].filter((row) => row.getBoundingClientRect().bottom > top + 1);
    return Math.min(...onScreen.map((row) => Number(row.dataset.index)));
  },
  scrollResult() {
    this.watching = false;
    return {
      rowsScrolled: this.firstRowOnScreen(),
      longTasks: this.longTasks.length,
      maxLongTaskMs: +Math.max(0, ...this.longTasks).toFixed(1),
      placeholderFrames: this.placeholderFrames,
    };
  },
  jumpTo(row, rowHeight, rows) {
    return new Promise((done) => {
      const scroller = document.querySelector('[data-virtual-scroll]');
      const ratio = this.scrollRatio(rows, rowHeight);
      const start = performance.now();
      scroller.scrollTop = Math.ceil(Math.min(row * rowHeight, rows * rowHeight - scroller.clientHeight) / ratio);
      const check = () => {
        const target = scroller.querySelector('[data-index="' + row + '"]');
        if (target && target.classList.contains('data-table-item')) done(performance.now() - start);
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  },
  async scrollToEnd() {
    const scroller = document.querySelector('[data-virtual-scroll]');
    scroller.scrollTop = scroller.scrollHeight;
    await new Promise((done) => setTimeout(done, 1500));
    const indexes = [...scroller.querySelectorAll('.data-table-item')].map((element) => Number(element.dataset.index));
    return Math.max(-1, ...indexes);
  },
};`;

const engine = await openBigStore(total);
// The first batches.list computes every deposit's checks once (sync does this in real use): not a navigation cost.
const started = performance.now();
await engine.call('batches.list', {});
const checksWarmupMs = Math.round(performance.now() - started);
const app = await openInChromium(engine);
const { host, page } = app;
const errors: string[] = [];
page.on('pageerror', (error) => errors.push(error.message));
await page.addInitScript(PROBES);

const median = (xs: number[]) => +[...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);

/** From a fresh page showing Settings: set the hash, time until a data row of `grid` is painted. */
async function timeToFirstRows(view: string, grid: string): Promise<number> {
  await page.goto(`${host.url}/#/settings`);
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  return page.evaluate(([view, grid]) => (globalThis as unknown as InPage).benchProbes.firstRows(view, grid), [
    view,
    grid,
  ] as const);
}

await page.goto(host.launchUrl);
await page.getByRole('heading', { name: 'Overview' }).waitFor();
const firstRows: Record<string, { runsMs: number[]; medianMs: number }> = {};
for (const [view, grid] of [
  ['batches', 'Batches'],
  ['transactions', 'Transactions'],
] as const) {
  const runsMs: number[] = [];
  for (let run = 0; run < RUNS; run++) runsMs.push(+(await timeToFirstRows(view, grid)).toFixed(1));
  firstRows[view] = { runsMs, medianMs: median(runsMs) };
  console.log(
    `${view}: navigation -> first rows, median of ${RUNS}: ${firstRows[view].medianMs} ms (${runsMs.join(', ')})`,
  );
}

const scroll = await scrollThrough(page, SCROLL_ROWS);
console.log(
  `scroll through ${scroll.rowsScrolled} rows in ${scroll.wheelSteps} wheel steps (${scroll.rowsPerStep} rows each): ${scroll.longTasks} long tasks, longest ${scroll.maxLongTaskMs} ms, ${scroll.placeholderFrames} frames showed a placeholder`,
);
const jump = await jumpTo(page, Math.floor(total / 2));
console.log(
  `jump to row ${jump.row}: rows on screen after ${jump.ms} ms; last row reachable: ${jump.lastRowReachable} (row ${jump.lastRowShown + 1} of ${total})`,
);

await app.close();

const result = {
  scale,
  transactions: total,
  goals: { firstRowsMs: 300, longTaskMs: 50 },
  checksWarmupMs,
  firstRows,
  scroll,
  jump,
  pass:
    Object.values(firstRows).every((r) => r.medianMs < 300) &&
    scroll.maxLongTaskMs <= 50 &&
    jump.lastRowReachable &&
    errors.length === 0,
  pageErrors: errors,
};
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'renderer.json'), JSON.stringify(result));
console.log(JSON.stringify(result));
if (errors.length) process.exitCode = 1;

/** Wheel-scrolls the Transactions list by `rows` rows, a frame per step, watching for long tasks and placeholders. */
async function scrollThrough(page: Page, rows: number) {
  await page.goto(`${host.url}/#/transactions`);
  const body = page.locator('[role="grid"][aria-label="Transactions"] [data-virtual-scroll]');
  await body.locator('.data-table-item').first().waitFor();
  await page.evaluate(() => (globalThis as unknown as InPage).benchProbes.watchScroll());
  const box = (await body.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // A wheel step scrolls 680 px; past MAX_SCROLL_HEIGHT (15M px) a scrolled pixel is more than a pixel of rows.
  const step = 20 * ROW_HEIGHT;
  const ratio = await page.evaluate(
    ([count, height]) => (globalThis as unknown as InPage).benchProbes.scrollRatio(count, height),
    [total, ROW_HEIGHT] as const,
  );
  const steps = Math.ceil((rows * ROW_HEIGHT) / (step * ratio));
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, step);
    await page.evaluate(() => (globalThis as unknown as InPage).benchProbes.nextFrame());
  }
  await page.waitForTimeout(300);
  return {
    ...(await page.evaluate(() => (globalThis as unknown as InPage).benchProbes.scrollResult())),
    wheelSteps: steps,
    rowsPerStep: +(20 * ratio).toFixed(1),
  };
}

/** Drags the scrollbar (sets scrollTop) to `row`; time until that row's data is on screen. Then tries the very end. */
async function jumpTo(page: Page, row: number) {
  const ms = await page.evaluate(
    ([row, height, rows]) => (globalThis as unknown as InPage).benchProbes.jumpTo(row, height, rows),
    [row, ROW_HEIGHT, total] as const,
  );
  const lastRowShown = await page.evaluate(() => (globalThis as unknown as InPage).benchProbes.scrollToEnd());
  return { row, ms: +ms.toFixed(1), lastRowShown, lastRowReachable: lastRowShown === total - 1 };
}
