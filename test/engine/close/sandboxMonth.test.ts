/**
 * A sandbox month closed end to end (issue 29): refused while items are open, each named; closed once
 * they are done; then every write path of the closed month refused with CLOSED; a refund of one of its
 * sales seen later posts in the next open month; re-open needs a reason. On SQLite, and on PostgreSQL
 * under the node-postgres project (the harness puts the engine there).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthStatus } from '../../../shared/contract';
import type { BatchSummary } from '../../../shared/domain';
import { writeSandboxStatement } from '../../../electron/sandbox/bankFormats';
import { startHarness, type Harness } from '../sync/harness';
import { refusal } from './refusal';

const MONTH = '2026-03';
// Early April: March has ended, its deposits are in, and the bank statement covers its last week.
const NOW = '2026-04-06T15:00:00Z';
// Every sale itemised, so every GL row has a Chart of Accounts account (the sandbox leaves the rest on none).
const SCENARIO = { days: 45, dailyVolume: 12, payees: 2, glAccounts: 8, rates: { items: 1 } };

describe('a sandbox month, closed end to end', () => {
  let h: Harness;
  let payeeId: number;
  let deposits: BatchSummary[];

  beforeAll(async () => {
    h = await startHarness({ sandbox: { seed: 29, now: NOW, scenario: SCENARIO } });
    expect((await h.sync(h.sandbox.state.batches[0]!.date)).status).toBe('succeeded');
    const statement = writeSandboxStatement(h.sandbox.state, 'bai2');
    await h.engine.call('bank.import', { fileName: statement.fileName, content: statement.content });
    payeeId = (await h.engine.call('payees.list'))[0]!.id;
    deposits = (
      await h.engine.call('batches.list', {
        filter: { payeeIds: [payeeId], from: `${MONTH}-01`, to: `${MONTH}-31` },
        limit: 500,
      })
    ).rows.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    expect(deposits.length).toBeGreaterThan(10);
  }, 180_000);
  afterAll(async () => h?.close());

  const status = (): Promise<MonthStatus> => h.engine.call('month.status', { month: MONTH, payeeId });

  it('is open while its deposits are not signed off or posted, and close names each open item', async () => {
    const open = await status();
    expect(open.state).toBe('open');
    const unmet = open.checklist.filter((i) => !i.met);
    expect(unmet.map((i) => i.item)).toEqual(expect.arrayContaining(['deposits_signed_off', 'deposits_posted_once']));
    const signOff = unmet.find((i) => i.item === 'deposits_signed_off')!;
    expect(signOff.open).toBe(deposits.length);
    expect(signOff.firstOpen[0]!.link).toEqual({ view: 'batches', itemId: deposits[0]!.id });
    expect(signOff.firstOpen[0]!.label).toContain(deposits[0]!.id);
    expect(open.figures.deposits).toBe(deposits.length);
    expect(open.figures.depositCents).toBe(deposits.reduce((sum, d) => sum + d.totalCents, 0));

    const refused = await refusal(h.engine.call('month.close', { month: MONTH, payeeId }));
    expect(refused.code).toBe('CONFLICT');
    const lines = refused.message.split('\n');
    expect(lines).toHaveLength(unmet.length + 1);
    for (const item of unmet) expect(refused.message).toContain(`- ${item.title}: ${item.open} open`);
  });

  it('is not closed before the month ends', async () => {
    const refused = await refusal(h.engine.call('month.close', { month: '2026-04', payeeId }));
    expect(refused.message).toMatch(/has not ended/);
  });

  it('closes once every item is done, recording the one name as self-approved', async () => {
    for (const deposit of deposits) {
      await h.engine.call('batches.signOff', { id: deposit.id, note: 'Checked against the slips' });
    }
    // Each open item's first few are done, from where its links lead, until none is left.
    const openOf = async (id: string) => (await status()).checklist.find((i) => i.item === id)!;
    for (let item = await openOf('suggestions_decided'); !item.met; item = await openOf('suggestions_decided')) {
      // One at a time: confirming a line withdraws the other lines' suggestions of its deposits.
      const thing = item.firstOpen[0]!;
      expect(thing.link.view).toBe('bank');
      const { line } = await h.engine.call('bank.line', { id: Number(thing.link.itemId) });
      await h.engine.call('bank.confirm', { lineId: line.id, batchIds: line.suggestions[0]!.batchIds });
    }
    for (let item = await openOf('deposits_in_bank'); !item.met; item = await openOf('deposits_in_bank')) {
      for (const thing of item.firstOpen) {
        await h.engine.call('bank.explain', { batchId: thing.link.itemId!, kind: 'other', note: 'Deposited by hand' });
      }
    }
    const revenue = await openOf('revenue_on_accounts');
    expect(revenue.firstOpen.map((t) => t.label)).toEqual([]);
    await h.engine.call('export.glBatches', {
      from: `${MONTH}-01`,
      to: `${MONTH}-31`,
      payeeIds: [payeeId],
      file: join(h.folder, 'march.xlsx'),
    });
    const current = await status();
    expect(current.checklist.filter((i) => !i.met)).toEqual([]);
    expect(current.state).toBe('ready');

    const closed = await h.engine.call('month.close', { month: MONTH, payeeId });
    expect(closed).toMatchObject({ state: 'closed', closedBy: 'bookkeeper', selfApproved: true, packetError: null });
    expect(closed.events.map((e) => e.event)).toEqual(['closed']);
    // The packet stored at close is the one printed for the closed month, not a draft, every time.
    const printed = await h.engine.call('month.packet', { month: MONTH, payeeId });
    expect(printed).toMatchObject({ draft: false, sha256: closed.packetSha256 });
    expect(closed.packetSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await h.engine.call('month.packet', { month: MONTH, payeeId })).pdfBase64).toBe(printed.pdfBase64);
    const district = await h.engine.call('month.district', { month: MONTH });
    expect(district.rows.at(-1)).toMatchObject({ payeeId, state: 'closed', daysPastDeadline: 0 });
  });

  describe('every write path of the closed month is refused with CLOSED', () => {
    const closedMessage = (message: string) => {
      expect(message).toContain(`${MONTH} of`);
      expect(message).toContain(`school ${payeeId}`);
      expect(message).toContain('by bookkeeper');
    };

    it('unsign', async () => {
      const refused = await refusal(h.engine.call('batches.unsign', { id: deposits[0]!.id, reason: 'again' }));
      expect(refused.code).toBe('CLOSED');
      closedMessage(refused.message);
    });

    it('sign-off', async () => {
      const refused = await refusal(h.engine.call('batches.signOff', { id: deposits[1]!.id, note: 'again' }));
      expect(refused.code).toBe('CLOSED');
    });

    it('prepare', async () => {
      const refused = await refusal(h.engine.call('batches.prepare', { id: deposits[0]!.id }));
      expect(refused.code).toBe('CLOSED');
    });

    it('bank confirm, unmatch and explain of its lines', async () => {
      const matched = (await h.engine.call('bank.forBatch', { batchId: deposits[0]!.id })).line;
      expect(matched).not.toBeNull();
      const lineId = matched!.id;
      // One call at a time: each is made when its refusal is awaited (made at once, the later ones'
      // refusals would arrive with nothing yet listening: unhandled rejections).
      for (const call of [
        () => h.engine.call('bank.confirm', { lineId, batchIds: [deposits[0]!.id] }),
        () => h.engine.call('bank.unmatch', { lineId, reason: 'wrong line' }),
        () => h.engine.call('bank.explain', { lineId, kind: 'other', note: 'x' }),
        () => h.engine.call('bank.explain', { batchId: deposits[0]!.id, kind: 'other', note: 'x' }),
      ]) {
        expect((await refusal(call())).code).toBe('CLOSED');
      }
    });

    it('acknowledging a change seen in it', async () => {
      const db = h.engine.internals.store.writer.db;
      const transaction = await db
        .selectFrom('transactions')
        .select('id')
        .where('batch_id', '=', deposits[0]!.id)
        .executeTakeFirstOrThrow();
      const inserted = await db
        .insertInto('transaction_changes')
        .values({
          transaction_id: transaction.id,
          kind: 'anomaly',
          from_status: 'Settled',
          to_status: 'Settled',
          delta_cents: null,
          detail: 'seen in March',
          sync_run_id: null,
          seen_at: '2026-03-20T15:00:00.000Z',
          acknowledged_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const refused = await refusal(h.engine.call('changes.acknowledge', { ids: [Number(inserted.id)] }));
      expect(refused.code).toBe('CLOSED');
      const row = await db
        .selectFrom('transaction_changes')
        .select('acknowledged_at')
        .where('id', '=', inserted.id)
        .executeTakeFirstOrThrow();
      expect(row.acknowledged_at).toBeNull();
    });

    it('posting its deposits again', async () => {
      const before = await h.engine.call('export.list');
      const refused = await refusal(
        h.engine.call('export.glBatches', {
          from: `${MONTH}-01`,
          to: `${MONTH}-31`,
          payeeIds: [payeeId],
          repost: true,
          file: join(h.folder, 'march-again.xlsx'),
        }),
      );
      expect(refused.code).toBe('CLOSED');
      expect(await h.engine.call('export.list')).toHaveLength(before.length);
    });
  });

  it("a refund of a closed month's sale is allowed, and posts in the next open month", async () => {
    const db = h.engine.internals.store.writer.db;
    const sale = await db
      .selectFrom('transactions')
      .select(['id'])
      .where('batch_id', '=', deposits[2]!.id)
      .where('status', '=', 'Settled')
      .where('amount_refunded_cents', '=', 0)
      .executeTakeFirstOrThrow();
    const result = await h.engine.call('payments.refund', {
      transactionId: Number(sale.id),
      amount: '1.00',
      reason: 'overpayment',
    });
    expect(result.intent?.state).toBe('done');
    const april = await h.engine.call('reconcile.reversals', { from: '2026-04-01', to: '2026-04-30' });
    const refund = april.reversals.find((r) => r.transactionId === Number(sale.id));
    expect(refund).toMatchObject({ period: '2026-04', amountCents: 100 });
    expect((await status()).state).toBe('closed');
  });

  it('re-opens only with a reason, keeping the trail', async () => {
    const refused = await refusal(h.engine.call('month.reopen', { month: MONTH, payeeId, reason: '  ' }));
    expect(refused.code).toBe('BAD_ARGUMENTS');
    const reopened = await h.engine.call('month.reopen', {
      month: MONTH,
      payeeId,
      reason: 'Auditor asked for a correction',
    });
    expect(reopened.state).toBe('ready');
    expect(reopened.events.map((e) => [e.event, e.detail])).toEqual([
      ['closed', 'self-approved'],
      ['reopened', 'Auditor asked for a correction'],
    ]);
    // Open again: the write that was refused goes through.
    await h.engine.call('batches.unsign', { id: deposits[0]!.id, reason: 'correction' });
  });
});
