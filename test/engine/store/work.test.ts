/**
 * Units of work (store/work.ts) run the same on both dialects: SQLite executes them synchronously in
 * one transaction, PostgreSQL in one SERIALIZABLE transaction run again after a serialization
 * failure. The guarded sign-off is the proof: of 20 at once, exactly one is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portableHandles, type WritableDB } from '../../../electron/engine/store/work';
import { openPostgresStore, type PostgresStore } from '../../../electron/engine/store/dialect';
import { claimExport } from '../../../electron/engine/store/exports';
import { appendReviewGuarded, type NewReview } from '../../../electron/engine/store/reviews';
import { execute, firstOf, rowsOf, runRead, runWrite } from '../../../electron/engine/store/work';
import { createTestDb, type TestStore } from '../../helpers/db';
import { describePostgres, usePostgresTestDatabase } from '../../helpers/postgres';

async function seedBatch(writer: WritableDB): Promise<void> {
  await runWrite(writer, function* (db) {
    yield* execute(
      db.insertInto('batches').values({
        id: '730001',
        payee_id: 1,
        date: '2026-03-02',
        payment_method: 'CC',
        total_cents: 1500,
        fees_cents: 0,
        partial_cents: 1500,
        total_count: 1,
        raw: '{}',
        first_seen_at: '2026-03-03T00:00:00.000Z',
        updated_at: '2026-03-03T00:00:00.000Z',
      }),
    );
    yield* execute(
      db.insertInto('batch_checks').values({
        batch_id: '730001',
        verdict: 'ties_out',
        difference_cents: 0,
        checks: '[]',
        fingerprint: 'f1',
        computed_at: '2026-03-03T00:00:00.000Z',
      }),
    );
  });
}

const signOff = (by: string): NewReview => ({
  batch_id: '730001',
  action: 'sign_off',
  by,
  at: '2026-03-04T15:00:00.000Z',
  note: null,
  total_cents: 1500,
  fees_cents: 0,
  partial_cents: 1500,
  total_count: 1,
  fingerprint: 'f1',
});

function behavesTheSame(open: () => Promise<{ writer: WritableDB; close(): Promise<void> }>) {
  let writer: WritableDB;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ writer, close } = await open());
    await seedBatch(writer);
  }, 120_000);
  afterAll(() => close());

  it('of 20 guarded sign-offs at once, exactly one is written and the others see it', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        appendReviewGuarded(writer, '730001', (state) => {
          if (state.latest?.action === 'sign_off') throw new Error(`already signed off by ${state.latest.by}`);
          return signOff(`user ${i}`);
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const winner = (won[0] as PromiseFulfilledResult<{ by: string }>).value.by;
    for (const lost of outcomes.filter((o) => o.status === 'rejected')) {
      expect((lost as PromiseRejectedResult).reason.message).toBe(`already signed off by ${winner}`);
    }
    const written = await runRead(writer, function* (db) {
      return yield* rowsOf(db.selectFrom('batch_reviews').select(['action', 'by']).where('batch_id', '=', '730001'));
    });
    expect(written).toEqual([{ action: 'sign_off', by: winner }]);
  });

  it('two overlapping export claims at once take each deposit once', async () => {
    await runWrite(writer, function* (db) {
      for (let day = 2; day <= 13; day++) {
        const date = `2026-04-${String(day).padStart(2, '0')}`;
        yield* execute(
          db.insertInto('gl_batches').values({
            gl_batch_id: `g${day}`,
            date,
            batch_id: `74${String(day).padStart(4, '0')}`,
            payee_id: 1,
            gl_account_id: null,
            gl_number: '4100-000',
            gl_label: 'Athletics',
            amount_cents: day * 100,
            amount_without_fees_cents: day * 100,
            count: 1,
            raw: '{}',
            synced_at: '2026-04-20T00:00:00.000Z',
          }),
        );
      }
    });
    const claim = (from: string, to: string) =>
      claimExport(writer, {
        createdAt: '2026-04-20T15:00:00.000Z',
        scope: { from, to },
        layout: 'je-csv',
        file: `/exports/${from}.csv`,
        companionFile: null,
        createdBy: 'Ann',
        changeIds: [],
        repost: false,
      });
    const [a, b] = await Promise.all([claim('2026-04-01', '2026-04-10'), claim('2026-04-05', '2026-04-30')]);
    const claimed = await runRead(writer, function* (db) {
      return yield* rowsOf(db.selectFrom('export_deposits').select(['export_id', 'batch_id']).orderBy('batch_id'));
    });
    const batchIds = claimed.map((row) => row.batch_id);
    expect(new Set(batchIds).size).toBe(batchIds.length);
    expect(batchIds).toHaveLength(12);
    expect(a.deposits + b.deposits).toBe(12);
    expect(a.alreadyPosted.deposits + b.alreadyPosted.deposits).toBe(6);
  });

  it('a unit that throws leaves nothing of what it wrote', async () => {
    await expect(
      runWrite(writer, function* (db) {
        yield* execute(db.updateTable('batch_checks').set({ verdict: 'differs' }).where('batch_id', '=', '730001'));
        throw new Error('refused after writing');
      }),
    ).rejects.toThrow('refused after writing');
    const checks = await runRead(writer, function* (db) {
      return yield* firstOf(db.selectFrom('batch_checks').select('verdict').where('batch_id', '=', '730001'));
    });
    expect(checks).toEqual({ verdict: 'ties_out' });
  });
}

describe('units of work on SQLite', () => {
  behavesTheSame(async () => {
    const store: TestStore = await createTestDb({ file: true });
    return { writer: store.writer, close: () => store.cleanup() };
  });
});

describePostgres('units of work on PostgreSQL', () => {
  const database = usePostgresTestDatabase();
  behavesTheSame(async () => {
    const store: PostgresStore = await openPostgresStore(database().url);
    return { writer: portableHandles(store.writer, store.reader).writer, close: () => store.close() };
  });
});
