/**
 * What the bookkeeper's-day e2e (bookkeeper-day.test.ts, secondNight.ts) shares: the running app and
 * sandbox, the facts one step leaves for the next, and the steps' helpers (screenshots under
 * test/e2e/artifacts/bookkeeper-*.png, axe-core with no serious or critical findings).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Engine } from '../../electron/engine/engine';
import type { SandboxServer } from '../../electron/sandbox/index';
import type { fixedClock } from '../../shared/time';
import { ARTIFACTS } from './harness';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Day {
  sandbox: SandboxServer;
  engine: Engine;
  page: Page;
  clock: ReturnType<typeof fixedClock>;
  /** The deposit made not to tie out. */
  brokenBatchId: string;
  /** The deposit signed off on the first morning (re-opened on the second). */
  signedBatchId: string;
  pageErrors: string[];
}

export const day = {} as Day;

export async function shot(name: string): Promise<string> {
  const path = join(ARTIFACTS, `bookkeeper-${name}.png`);
  await day.page.screenshot({ path });
  return path;
}

/** axe-core on the page as it is; fails on serious or critical violations, naming them. */
export async function expectAccessible(label: string, page: Page = day.page): Promise<void> {
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
export async function leaveFields(): Promise<void> {
  await day.page.getByRole('heading', { level: 1 }).first().click();
}

export async function goTo(title: string): Promise<void> {
  await day.page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: title, exact: true }).click();
  await day.page.getByRole('heading', { level: 1, name: title }).waitFor();
}
