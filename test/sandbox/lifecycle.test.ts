/** The processor's life on the simulated clock, and the scenario's invariants. */
import { afterEach, describe, expect, it } from 'vitest';
import { generateScenario, samplePayment } from '../../electron/sandbox/index';
import { truthOf } from '../../electron/sandbox/truth';
import { addDays, businessDayBounds, formatServiceDateTime } from '../../shared/time';
import { sandboxClient, startSandbox, startTestSandbox, type SandboxServer } from '../helpers/sandbox';

let server: SandboxServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const cents = (text: string) => Math.round(Number(text) * 100);
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

describe('a transaction across simulated midnights', () => {
  it('goes Pending -> Settled (into a batch) -> Refunded across two midnights', async () => {
    // 15:00 Central on 2026-03-10; the scenario is empty so the batch is ours alone.
    server = await startSandbox({ now: '2026-03-10T20:00:00Z', scenario: { days: 0 } });
    const api = sandboxClient(server);
    const payee = (await api.get('/payees')).json[0].id;
    const created = (await api.post('/txns', samplePayment(payee, '80.00', { convenience_fee: '2.00' }))).json;
    expect(created.status).toBe('Pending');
    expect(created.batch).toBeNull();
    expect((await api.post('/txns', { operation: 'refund', transaction_id: created.id, items: [] })).json.error).toBe(
      'CANNOT_UNDO',
    );
    expect((await api.get('/batches')).json.objects).toEqual([]); // still open

    server.advanceTo('2026-03-11T07:00:00Z'); // 01:00 Central: midnight 1 has run
    const settled = (await api.get(`/txns/${created.id}`)).json;
    expect(settled.status).toBe('Settled');
    expect(settled.batch).toEqual(expect.any(Number));
    const batches = (await api.get('/batches')).json.objects;
    expect(batches).toEqual([
      {
        id: String(settled.batch),
        payee,
        date: '2026-03-10',
        payment_method: 'CC',
        total_amount: '80.00',
        fees_amount: '2.00',
        partial_amount: '78.00',
        total_count: 1,
      },
    ]);
    const partial = (
      await api.post('/txns', { operation: 'refund', transaction_id: created.id, amount: '30.00', items: [] })
    ).json;
    expect(partial).toMatchObject({ status: 'Settled', amount_refunded: '30.00' });

    server.advanceDays(1); // midnight 2
    const rest = (await api.post(`/txns/${created.id}`, { operation: 'refund', items: [] })).json;
    expect(rest).toMatchObject({ status: 'Refunded', amount_refunded: '80.00' });
    // The batch formed at midnight 1 is frozen: refunds never change a formed batch.
    expect((await api.get('/batches')).json.objects[0].total_amount).toBe('80.00');
  });

  it('settles .02 at once, batches Cash and PhysicalCheck, and keeps declines, errors and unknowns out of batches', async () => {
    server = await startSandbox({ now: '2026-03-10T20:00:00Z', scenario: { days: 0 } });
    const api = sandboxClient(server);
    const payee = (await api.get('/payees')).json[0].id;
    const post = async (amount: string, extra: Record<string, unknown> = {}) =>
      (await api.post('/txns', samplePayment(payee, amount, extra))).json;
    const quick = await post('10.02');
    expect(quick.status).toBe('Settled');
    expect(
      (await api.post('/txns', { operation: 'refund', transaction_id: quick.id, amount: '1.00', items: [] })).status,
    ).toBe(200);
    await post('10.10');
    await post('10.12');
    await post('10.97');
    await post('20.00', { payment_method: 'Cash', credit_card: undefined });
    await post('21.00', { payment_method: 'PhysicalCheck', credit_card: undefined });
    server.advanceDays(1);
    const batches = (await api.get('/batches')).json.objects;
    expect(
      batches.map((b: { payment_method: string; total_amount: string }) => [b.payment_method, b.total_amount]),
    ).toEqual([
      ['CC', '10.02'],
      ['Cash', '20.00'],
      ['PhysicalCheck', '21.00'],
    ]);
    const statuses = (await api.get('/txns')).json.objects.map((t: { status: string }) => t.status);
    expect(statuses).toEqual(['Settled', 'Declined', 'Error', 'Unknown', 'Settled', 'Settled']);
  });

  it("runs the scenario's scheduled refunds and ACH returns as the clock passes them", async () => {
    server = await startSandbox({
      now: '2026-03-10T20:00:00Z',
      scenario: { days: 30, dailyVolume: 60, rates: { refund: 0.2, achReturn: 0.5 } },
    });
    const before = server.truth().transactions;
    const pendingEvents = server.state.schedule.length;
    expect(pendingEvents).toBeGreaterThan(0);
    server.advanceDays(45);
    const after = new Map(server.truth().transactions.map((t) => [t.id, t]));
    const changed = before.filter((t) => {
      const now = after.get(t.id)!;
      return now.status !== t.status || now.amountRefundedCents !== t.amountRefundedCents;
    });
    expect(changed.some((t) => after.get(t.id)!.status === 'Returned' && t.paymentMethod === 'ACH')).toBe(true);
    expect(changed.some((t) => after.get(t.id)!.amountRefundedCents > t.amountRefundedCents)).toBe(true);
    // Batches formed before never change.
    const oldBatches = server.truth().batches.filter((b) => b.date < '2026-03-10');
    expect(oldBatches.length).toBeGreaterThan(0);
  });

  it('refuses to move the clock backwards', async () => {
    server = await startSandbox({ now: '2026-03-10T20:00:00Z', scenario: { days: 0 } });
    expect(() => server!.advanceTo('2026-03-09T20:00:00Z')).toThrow(/cannot go back/);
  });
});

describe('the scenario', () => {
  it('is identical for the same seed and differs for another', () => {
    const options = { now: '2026-03-10T20:00:00Z', days: 15, dailyVolume: 50 };
    const a = truthOf(generateScenario({ ...options, seed: 7 }));
    const b = truthOf(generateScenario({ ...options, seed: 7 }));
    const c = truthOf(generateScenario({ ...options, seed: 8 }));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  it('makes a believable district: 3 to 6 schools, ~20 accounts, a few hundred a day, non-ASCII payers', () => {
    const state = generateScenario({ now: '2026-03-10T20:00:00Z', seed: 3, days: 14 });
    expect(state.payees.length).toBeGreaterThanOrEqual(3);
    expect(state.payees.length).toBeLessThanOrEqual(6);
    expect(state.glAccounts).toHaveLength(20);
    expect(state.transactions.length / 14).toBeGreaterThan(150);
    expect(state.transactions.some((t) => /[^ -~]/.test(t.payer?.name ?? ''))).toBe(true);
    const methods = new Set(state.transactions.map((t) => t.method));
    expect([...methods].sort()).toEqual(['ACH', 'CC', 'Cash', 'PhysicalCheck']);
    const statuses = new Set(state.transactions.map((t) => t.status));
    for (const s of ['Settled', 'Declined', 'Voided', 'Refunded']) expect(statuses).toContain(s);
  });

  it('ties out: every batch = its transactions, and its GL rows sum to total and partial', () => {
    const truth = truthOf(generateScenario({ now: '2026-03-10T20:00:00Z', seed: 11, days: 20, dailyVolume: 120 }));
    const byBatch = groupBy(
      truth.transactions.filter((t) => t.batchId !== null),
      (t) => t.batchId!,
    );
    const glByBatch = groupBy(truth.glBatches, (g) => g.batchId);
    expect(truth.batches.length).toBeGreaterThan(50);
    for (const batch of truth.batches) {
      const txns = byBatch.get(batch.id)!;
      expect(txns).toHaveLength(batch.totalCount);
      expect(txns.reduce((s, t) => s + t.amountCents, 0)).toBe(batch.totalCents);
      expect(txns.reduce((s, t) => s + t.convenienceFeeCents, 0)).toBe(batch.feesCents);
      expect(batch.partialCents).toBe(batch.totalCents - batch.feesCents);
      const gl = glByBatch.get(batch.id)!;
      expect(gl.reduce((s, g) => s + g.amountCents, 0)).toBe(batch.totalCents);
      expect(gl.reduce((s, g) => s + g.amountWithoutFeesCents, 0)).toBe(batch.partialCents);
    }
  });
});

describe('GET /gl-batches paging', () => {
  it('holds more objects than limit per page, and a spec-following client loses and duplicates nothing', async () => {
    ({ server } = await startTestSandbox({ scenario: { days: 10, dailyVolume: 60 } }));
    const api = sandboxClient(server);
    const first = (await api.get('/gl-batches?limit=20')).json;
    expect(first.limit).toBe(20);
    expect(first.objects.length).toBeGreaterThan(20);
    const rows = (await api.all('/gl-batches', 20)) as Array<{
      gl_batch_identifier: string;
      batch_id: number;
      amount: string;
      amount_without_fees: string;
    }>;
    const truth = server.truth();
    expect(rows.map((r) => r.gl_batch_identifier)).toEqual(truth.glBatches.map((g) => g.glBatchId));
    expect(new Set(rows.map((r) => r.gl_batch_identifier)).size).toBe(rows.length);
    for (const batch of truth.batches) {
      const mine = rows.filter((r) => String(r.batch_id) === batch.id);
      expect(mine.reduce((s, r) => s + cents(r.amount), 0)).toBe(batch.totalCents);
      expect(mine.reduce((s, r) => s + cents(r.amount_without_fees), 0)).toBe(batch.partialCents);
    }
    // The naive client (offset += objects received) would skip rows: the quirk is real.
    const second = (await api.get(`/gl-batches?limit=20&offset=${first.objects.length}`)).json.objects;
    const proper = (await api.get('/gl-batches?limit=20&offset=20')).json.objects;
    expect(second[0].gl_batch_identifier).not.toBe(proper[0].gl_batch_identifier);
  });
});

describe('day windows of GET /txns', () => {
  it('after=D 00:00:00 & before=D+1 00:00:00 return exactly the transactions of Central day D, DST days included', async () => {
    ({ server } = await startTestSandbox({ now: '2026-03-10T20:00:00Z', scenario: { days: 140, dailyVolume: 30 } }));
    const api = sandboxClient(server);
    const truth = server.truth();
    for (const day of ['2025-11-01', '2025-11-02', '2026-03-08', '2026-03-09']) {
      const start = formatServiceDateTime(businessDayBounds(day).start);
      const end = formatServiceDateTime(businessDayBounds(addDays(day, 1)).start);
      expect(start).toBe(`${day} 00:00:00`);
      const got = (await api.all(
        `/txns?after=${encodeURIComponent(start)}&before=${encodeURIComponent(end)}`,
      )) as Array<{ id: number }>;
      const expected = truth.transactions.filter((t) => t.businessDate === day).map((t) => t.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(got.map((t) => t.id)).toEqual(expected);
    }
  });
});
