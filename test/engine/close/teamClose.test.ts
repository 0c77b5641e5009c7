/**
 * Closing a month in team mode (issue 29 item 2) and the district's view (item 4), on the small
 * district (reconcile/fixtures.ts): a preparer submits, a different approver closes; the packet is
 * stored at close and superseded at re-open through the packet interface; a closed deposit changed
 * after the close is an exception on the next open month; the district is sorted most behind first.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { closeMonth, reopenMonth, type MonthDeps, type MonthPackets } from '../../../electron/engine/close';
import { districtEngine } from '../reconcile/districtEngine';
import { refusal } from './refusal';

describe('closing a month', () => {
  let engine: Engine;
  beforeEach(async () => {
    const district = await districtEngine();
    engine = district.engine;
    // After the 15th of April: March is past its deadline.
    district.clock.set('2026-04-20T15:00:00Z');
  });
  afterEach(async () => engine.close());

  it('team mode: a preparer submits, the same person cannot close, a different approver does', async () => {
    await engine.call('settings.set', { patch: { requireSeparateApprover: true } });
    // January: nothing happened, so its checklist is met.
    const args = { month: '2026-01', payeeId: 1 };
    expect((await engine.call('month.status', args)).state).toBe('ready');
    expect((await refusal(engine.callAs('ann', 'month.close', args))).message).toMatch(/has not been submitted/);
    expect(await engine.callAs('ann', 'month.submit', args)).toMatchObject({ state: 'submitted', submittedBy: 'ann' });
    const same = await refusal(engine.callAs('ann', 'month.close', args));
    expect(same).toMatchObject({ code: 'FORBIDDEN' });
    expect(same.message).toMatch(/different approver/);
    expect(await engine.callAs('bob', 'month.close', args)).toMatchObject({
      state: 'closed',
      submittedBy: 'ann',
      closedBy: 'bob',
      selfApproved: false,
    });
    expect((await refusal(engine.callAs('bob', 'month.close', args))).code).toBe('CONFLICT');
  });

  it('stores the packet at close and supersedes it at re-open, through the packet interface', async () => {
    const calls: Array<[string, unknown]> = [];
    const packets: MonthPackets = {
      storePacketAtClose: async (a) => {
        calls.push(['store', a]);
        return { sha256: 'ab'.repeat(32) };
      },
      supersedePackets: async (a) => {
        calls.push(['supersede', a]);
      },
    };
    const store = engine.internals.store;
    const deps: MonthDeps = {
      reader: store.reader,
      writer: store.writer,
      packets,
      at: '2026-04-20T15:00:00.000Z',
      today: '2026-04-20',
      deadlineDay: 15,
      separateApprover: false,
      districtName: 'School district',
    };
    const closed = await closeMonth(deps, { month: '2026-01', payeeId: 2 }, 'carol');
    expect(closed).toMatchObject({
      state: 'closed',
      selfApproved: true,
      packetSha256: 'ab'.repeat(32),
      packetError: null,
    });
    await reopenMonth(deps, { month: '2026-01', payeeId: 2, reason: 'A late slip' }, 'dana');
    expect(calls).toEqual([
      ['store', { month: '2026-01', payeeId: 2, closedBy: 'carol', closedAt: '2026-04-20T15:00:00.000Z' }],
      ['supersede', { month: '2026-01', payeeId: 2, reason: 'A late slip', by: 'dana' }],
    ]);
  });

  it("a closed deposit changed after the close is an exception on the next open month's checklist", async () => {
    const db = engine.internals.store.writer.db;
    await db
      .insertInto('month_closes')
      .values({
        payee_id: 1,
        month: '2026-03',
        state: 'closed',
        submitted_by: null,
        submitted_at: null,
        closed_by: 'carol',
        closed_at: '2026-04-10T15:00:00.000Z',
        self_approved: 1,
        updated_at: '2026-04-10T15:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('batch_reviews')
      .values({
        batch_id: '730001',
        action: 'reopen',
        by: 'sync',
        at: '2026-04-12T07:00:00.000Z',
        note: 'A transaction was added',
        total_cents: 0,
        fees_cents: 0,
        partial_cents: 0,
        total_count: 0,
      })
      .execute();
    const april = await engine.call('month.status', { month: '2026-04', payeeId: 1 });
    expect(april.exceptions).toEqual([
      expect.objectContaining({
        batchId: '730001',
        closedMonth: '2026-03',
        link: { view: 'batches', itemId: '730001' },
      }),
    ]);
    expect((await engine.call('month.status', { month: '2026-05', payeeId: 1 })).exceptions).toEqual([]);
    expect((await engine.call('month.status', { month: '2026-04', payeeId: 2 })).exceptions).toEqual([]);
  });

  it('the district view: one row per school, most behind first, with days past the deadline', async () => {
    const district = await engine.call('month.district', { month: '2026-03' });
    expect(district.deadline).toBe('2026-04-15');
    expect(district.rows.map((r) => r.payeeId).sort()).toEqual([1, 2]);
    for (const row of district.rows) {
      expect(row).toMatchObject({ state: 'open', daysPastDeadline: 5, deposits: 2, signedOff: 0, bankMatched: 0 });
    }
    // The school with more open items first (Athletics has revenue on no account: sale 1007).
    expect(district.rows[0]!.openItems).toBeGreaterThanOrEqual(district.rows[1]!.openItems);
    expect(district.rows[0]!.payeeId).toBe(1);
    expect(district.district.met).toBe(true);
  });
});
