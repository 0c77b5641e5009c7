/**
 * The Overview's reversal totals come from amounts alone (reversalsSummary); they must be the
 * amounts the full allocation gives (reversalsInRange), capped and refused cases included.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { reversalsInRange, reversalsSummary } from '../../../electron/engine/reconcile/reversals';
import { districtEngine } from './districtEngine';
import { refundAfterBatching, statusAfterBatching } from './fixtures';

const RANGE = { from: '2026-03-04', to: '2026-03-09' };

describe('reversal totals from amounts alone', () => {
  let engine: Engine;
  beforeEach(async () => {
    ({ engine } = await districtEngine());
    const db = engine.internals.store.writer.db;
    // A partial refund, then a return that takes back only what is left (capped).
    await refundAfterBatching(db, 1001, 700, '2026-03-04T08:00:00.000Z');
    await statusAfterBatching(db, 1001, 'Returned', '2026-03-05T08:00:00.000Z');
    // A full return, then a refund with nothing left to take back (not posted).
    await statusAfterBatching(db, 1004, 'Returned', '2026-03-05T09:00:00.000Z');
    await refundAfterBatching(db, 1004, 500, '2026-03-06T08:00:00.000Z');
    // Two refunds of one sale, a void, and a refund of another payee's sale.
    await refundAfterBatching(db, 1006, 1000, '2026-03-06T09:00:00.000Z');
    await refundAfterBatching(db, 1006, 2001, '2026-03-07T09:00:00.000Z');
    await statusAfterBatching(db, 1007, 'Voided', '2026-03-07T10:00:00.000Z');
    await refundAfterBatching(db, 1008, 345, '2026-03-08T10:00:00.000Z');
    // Seen before the range: it still decides what is left of 1002's later return.
    await refundAfterBatching(db, 1002, 1500, '2026-03-03T10:00:00.000Z');
    await statusAfterBatching(db, 1002, 'Returned', '2026-03-06T10:00:00.000Z');
  });
  afterEach(() => engine.close());

  it('gives each reversal the amount the allocation gives it, oldest first, and the newest in full', async () => {
    const full = await reversalsInRange(engine.internals.store.reader, RANGE);
    expect(full.length).toBeGreaterThanOrEqual(7);
    const summary = await reversalsSummary(engine.internals.store.reader, RANGE, () => true, 3);
    expect(summary.amounts).toEqual(
      full.map((r) => ({
        changeId: r.changeId,
        transactionId: r.transactionId,
        kind: r.kind,
        seenAt: r.seenAt,
        amountCents: r.amountCents,
      })),
    );
    expect(summary.latest).toEqual(full.slice(-3));
    // The capped return of 1001 takes back what the refund left; the refund after 1004's return posts nothing.
    expect(full.find((r) => r.transactionId === 1001 && r.kind === 'return')?.amountCents).toBe(2500 - 700);
    expect(full.filter((r) => r.transactionId === 1004).map((r) => r.kind)).toEqual(['return']);
  });

  it('keeps only the reversals asked for, their amounts still worked out after the others', async () => {
    const full = await reversalsInRange(engine.internals.store.reader, RANGE);
    const returns = new Set(full.filter((r) => r.kind === 'return').map((r) => r.changeId));
    const summary = await reversalsSummary(engine.internals.store.reader, RANGE, (id) => returns.has(id), 12);
    expect(summary.amounts.map((r) => [r.changeId, r.amountCents])).toEqual(
      full.filter((r) => returns.has(r.changeId)).map((r) => [r.changeId, r.amountCents]),
    );
    expect(summary.latest).toEqual(full.filter((r) => returns.has(r.changeId)));
  });
});
