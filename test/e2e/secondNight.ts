/**
 * The bookkeeper's second morning (issue 14). During the day 40 sales and 2 declines come in (the app
 * syncs them while Pending); overnight they settle, five earlier sales are refunded, an ACH sale is
 * returned, and the service changes an amount in the deposit signed off yesterday. Under the tie-out
 * as batched a refund no longer re-opens a deposit (issue 13); a changed amount, the deposit's own
 * fact, still does. The first screen at 1366 x 768 must show every action item above the fold and
 * nothing routine above them; Changes groups the night by kind and acknowledges a group whole.
 */
import { expect, it } from 'vitest';
import { applyEvent } from '../../electron/sandbox/processor';
import { samplePayment } from '../../electron/sandbox/index';
import { sandboxClient } from '../helpers/sandbox';
import { day, expectAccessible, goTo, shot } from './day';

const NEXT_MORNING = '2026-03-11T15:00:00Z';
const FOLD = 768;

async function syncNow(trigger: 'manual' | 'schedule'): Promise<void> {
  const run = await day.engine.sync.start({ trigger });
  const summary = await run.finished;
  expect(summary?.status, summary?.error ?? '').toBe('succeeded');
}

export function secondNight(): void {
  it('a day of sales, then a night of settlements, refunds, a return and a changed signed-off deposit', async () => {
    const { sandbox } = day;
    const api = sandboxClient(sandbox);
    const payee = sandbox.truth().payees[0]!.id;
    // Cents that are none of the processor's test amounts (2, 10, 11, 12, 97), then two declines (10).
    for (let i = 0; i < 40; i++) {
      const reply = await api.post('/txns', samplePayment(payee, `${20 + i}.${String(30 + i).padStart(2, '0')}`));
      expect(reply.status, reply.text).toBeLessThan(300);
    }
    for (const amount of ['15.10', '16.10']) await api.post('/txns', samplePayment(payee, amount));
    await syncNow('manual');

    sandbox.advanceDays(1);
    day.clock.set(NEXT_MORNING);
    const truth = sandbox.truth();
    const settledIn = (method: string) =>
      truth.transactions.filter(
        (t) =>
          t.status === 'Settled' &&
          t.paymentMethod === method &&
          t.batchId !== null &&
          t.batchId !== day.brokenBatchId &&
          t.batchId !== day.signedBatchId &&
          t.amountRefundedCents === 0 &&
          t.amountCents > 600,
      );
    for (const t of settledIn('CC').slice(0, 5)) {
      sandbox.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: t.id, cents: 500 });
    }
    const returned = settledIn('ACH')[0]!;
    applyEvent(sandbox.state, { atMs: sandbox.now().epochMilliseconds, seq: 0, kind: 'return', txnId: returned.id });
    const changed = truth.transactions.find((t) => t.batchId === day.signedBatchId)!;
    sandbox.injectDiscrepancy({
      kind: 'change_transaction_amount',
      transactionId: changed.id,
      cents: changed.amountCents + 100,
    });
    await syncNow('schedule');

    const { needsYou, routine } = await day.engine.call('overview.get', {});
    expect(needsYou.reopened.batches.map((b) => b.id)).toEqual([day.signedBatchId]);
    expect(needsYou.reversals.byKind.refund.count).toBeGreaterThanOrEqual(5);
    expect(needsYou.reversals.byKind.return.count).toBeGreaterThanOrEqual(1);
    expect(needsYou.attention.map((a) => a.kind)).toEqual(expect.arrayContaining(['anomaly', 'declined']));
    expect(routine.changes.find((c) => c.kind === 'settled')?.count).toBeGreaterThanOrEqual(40);
  });

  it('the first screen at 1366 x 768: every action item above the fold, nothing routine above them', async () => {
    const { page } = day;
    await page.setViewportSize({ width: 1366, height: FOLD });
    await goTo('Overview');
    const needsYou = page.getByRole('region', { name: 'Needs you' });
    await needsYou.locator('.needs-you-reversals').waitFor();
    const { needsYou: expected } = await day.engine.call('overview.get', {});
    await expect(needsYou.textContent()).resolves.toContain(`${expected.count} to look at`);
    const path = await shot('17-second-morning-1366x768');
    expect(path).toMatch(/1366x768\.png$/);

    const items = needsYou.locator('.needs-you-item');
    const kinds = await items.evaluateAll((nodes) =>
      nodes.map((n) => n.className.replace('needs-you-item needs-you-', '')),
    );
    expect(kinds.slice(0, 3)).toEqual(['differs', 'reopened', 'reversals']);
    expect(kinds).toEqual(expect.arrayContaining(['anomaly', 'declined']));
    let lastBottom = 0;
    for (let i = 0; i < kinds.length; i++) {
      const box = (await items.nth(i).boundingBox())!;
      expect(box.y + box.height, `${kinds[i]} is above the fold`).toBeLessThanOrEqual(FOLD);
      lastBottom = Math.max(lastBottom, box.y + box.height);
    }
    const routineBox = (await page.getByRole('region', { name: 'Routine news' }).boundingBox())!;
    expect(routineBox.y).toBeGreaterThanOrEqual(lastBottom);
    const routineLine = await page.getByRole('region', { name: 'Routine news' }).textContent();
    expect(routineLine).toMatch(/sales settled as expected/);
    await expectAccessible('Overview (second morning, 1366 x 768)');

    // One click from the re-opened deposit to its detail, with the reason.
    await needsYou.getByRole('link', { name: new RegExp(`Batch ${day.signedBatchId}`) }).click();
    const history = page.getByRole('region', { name: 'Sign-off history' });
    await history
      .getByText(/amount/)
      .first()
      .waitFor();
    await shot('18-reopened-deposit');
    // And one key from the most serious item.
    await goTo('Overview');
    await needsYou.waitFor();
    await page.getByRole('heading', { level: 1 }).first().click();
    await page.keyboard.press('n');
    await page.getByRole('region', { name: 'Tie-out checks' }).waitFor();
    expect(page.url()).toContain(`#/batches/${encodeURIComponent(day.brokenBatchId)}`);
  });

  it('Changes groups the night by kind, action first, and acknowledges the settlements in one action', async () => {
    const { page } = day;
    await goTo('Changes');
    const action = page.getByRole('region', { name: 'Needs a look' });
    const routine = page.getByRole('region', { name: 'Routine' });
    await action.waitFor();
    const [actionBox, routineBox] = [(await action.boundingBox())!, (await routine.boundingBox())!];
    expect(actionBox.y).toBeLessThan(routineBox.y);
    const settled = (await day.engine.call('changes.groups', {})).find((g) => g.kind === 'settled')!;
    await expect(
      routine.getByRole('button', { name: `Settled ${settled.count} changes` }).getAttribute('aria-expanded'),
    ).resolves.toBe('false');
    await shot('19-changes-grouped');
    await expectAccessible('Changes (grouped)');
    await routine.getByRole('button', { name: `Acknowledge ${settled.count} settled…` }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge this group?' });
    await expect(dialog.textContent()).resolves.toContain(
      `${settled.count} “Settled” changes will be marked as reviewed`,
    );
    await shot('20-acknowledge-group');
    await dialog.getByRole('button', { name: `Acknowledge ${settled.count}` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(routine.getByRole('button', { name: /^Settled/ }).count()).resolves.toBe(0);
    expect((await day.engine.call('changes.groups', {})).some((g) => g.kind === 'settled')).toBe(false);
    expect(day.pageErrors).toEqual([]);
  });
}
