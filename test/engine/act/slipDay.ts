/**
 * What the deposit slip tests start from: a school's day of cash and checks collected through the
 * app, and a slip of it counted by one person and verified by another.
 */
import { expect } from 'vitest';
import { todayCentral } from '../../../shared/time';
import { tableRows } from '../../helpers/storeRows';
import { startSyncedHarness, type Harness } from '../sync/harness';

export interface SlipCollections {
  cashCents: number;
  checksCents: number;
  /** Cash and checks: what a slip of the day records. */
  collectedCents: number;
}

export interface SlipDay extends SlipCollections {
  h: Harness;
  payee: number;
  today: string;
}

/** A school's cash and check collections of a business day that still stand (not voided, declined or errored). */
export async function slipCollections(h: Harness, payee: number, date: string): Promise<SlipCollections> {
  const standing = (await tableRows(h.engine, 'transactions')).filter(
    (t) =>
      Number(t.payee_id) === payee &&
      t.business_date === date &&
      ['Cash', 'PhysicalCheck'].includes(String(t.payment_method)) &&
      !['Voided', 'Declined', 'Error'].includes(String(t.status)),
  );
  const sum = (method: string) =>
    standing.filter((t) => t.payment_method === method).reduce((total, t) => total + Number(t.amount_cents), 0);
  const cashCents = sum('Cash');
  const checksCents = sum('PhysicalCheck');
  return { cashCents, checksCents, collectedCents: cashCents + checksCents };
}

/**
 * From the run's synced store (a copy of its first sync, `keep` closing it after the test), $25.00 in
 * cash and a $12.50 check (number 1042) collected from Ana Ruiz for the sandbox's second school today;
 * whatever else the scenario collected in cash and checks that day belongs on the day's slip too, and is
 * in the sums.
 */
export async function collectedDay(keep: (h: Harness) => Harness): Promise<SlipDay> {
  const { h, summary } = await startSyncedHarness();
  keep(h);
  expect(summary.status).toBe('succeeded');
  const payee = h.sandbox.state.payees[1]!.id;
  const today = todayCentral({ now: () => h.sandbox.now() });
  for (const [method, amount, checkNumber] of [
    ['Cash', '25.00', undefined],
    ['PhysicalCheck', '12.50', '1042'],
  ] as const) {
    const done = await h.engine.call('payments.collect', {
      method,
      payeeId: payee,
      amount,
      payer: { name: 'Ana Ruiz' },
      ...(checkNumber ? { checkNumber } : {}),
    });
    expect(done.intent!.state).toBe('done');
  }
  return { h, payee, today, ...(await slipCollections(h, payee, today)) };
}

/** The day's slip counted by Dana (`countedCashCents` in cash, the checks as recorded), verified by Lee. */
export async function verifiedSlip(
  day: Pick<SlipDay, 'h' | 'payee' | 'today'>,
  countedCashCents: number,
  comment?: string,
): Promise<{ id: string }> {
  const slip = (await day.h.engine.callAs('Dana', 'slips.create', {
    payeeId: day.payee,
    date: day.today,
    cash: { '0.01': countedCashCents },
    ...(comment ? { comment } : {}),
  })) as { id: string };
  await day.h.engine.callAs('Lee', 'slips.verify', { id: slip.id });
  return slip;
}
