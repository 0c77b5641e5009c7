import { describe, expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import type { Database } from '../../../electron/engine/store/schema';
import { engineTest } from '../../helpers/engineTest';
import { addBatch, seedDistrict } from '../reconcile/fixtures';

/** An export as the registry keeps it once its file is in place. */
async function exported(
  db: Kysely<Database>,
  from: string,
  to: string,
  filters: { payeeIds?: number[]; methods?: string[]; status?: string } = {},
) {
  await db
    .insertInto('exports')
    .values({
      created_at: '2026-03-20T12:00:00.000Z',
      from_date: from,
      to_date: to,
      payee_ids: JSON.stringify(filters.payeeIds ?? []),
      methods: JSON.stringify(filters.methods ?? []),
      layout: 'xlsx',
      file: `/tmp/${from}-${to}.xlsx`,
      row_count: 1,
      total_cents: 1,
      sha256: 'x',
      status: filters.status ?? 'done',
    })
    .execute();
}

describe('the default GL range: the oldest month not yet exported, else the latest month with data', () => {
  engineTest.override({ now: '2026-03-20T15:00:00Z' });

  const range = (engine: Engine) => engine.call('glBatches.defaultRange', {});

  engineTest('is the week before today when there is no data at all', async ({ engine }) => {
    await expect(range(engine)).resolves.toEqual({ from: '2026-03-13', to: '2026-03-19', reason: 'no_data' });
  });

  // seedDistrict: deposits on 2026-03-02 (payees 1 and 2) and 2026-03-03 (payees 1 and 2).
  engineTest.for([
    ['nothing exported: the month, up to the last day with data', [], '2026-03-01', '2026-03-03', 'not_exported'],
    [
      'the first day exported: from the day after, never posting it twice',
      [['2026-03-01', '2026-03-02']],
      '2026-03-03',
      '2026-03-03',
      'not_exported',
    ],
    [
      'everything exported: the latest month with data',
      [['2026-02-01', '2026-03-31']],
      '2026-03-01',
      '2026-03-03',
      'all_exported',
    ],
    [
      'an export still pending does not count',
      [['2026-03-01', '2026-03-31', 'pending']],
      '2026-03-01',
      '2026-03-03',
      'not_exported',
    ],
  ] as const)('%s', async ([, exports, from, to, reason], { engine, db }) => {
    await seedDistrict(db);
    for (const [a, b, status] of exports as ReadonlyArray<readonly [string, string, string?]>) {
      await exported(db, a, b, { status });
    }
    await expect(range(engine)).resolves.toEqual({ from, to, reason });
  });

  engineTest('takes an export for some payees or methods as covering only those', async ({ engine, db }) => {
    await seedDistrict(db);
    await exported(db, '2026-03-01', '2026-03-31', { payeeIds: [1] });
    await exported(db, '2026-03-01', '2026-03-31', { payeeIds: [2], methods: ['ACH'] });
    // Payee 2's card deposit of 03-03 is the only one left: 03-02 has exported rows, so it starts on 03-03.
    await expect(range(engine)).resolves.toEqual({ from: '2026-03-03', to: '2026-03-03', reason: 'not_exported' });
  });

  engineTest('opens on an older month left behind, ending on its last day', async ({ engine, db }) => {
    await seedDistrict(db);
    await addBatch(db, { id: '729001', payeeId: 1, date: '2026-02-16', transactions: [{ id: 990, amountCents: 500 }] });
    await exported(db, '2026-03-01', '2026-03-31');
    await expect(range(engine)).resolves.toEqual({ from: '2026-02-01', to: '2026-02-28', reason: 'not_exported' });
  });
});
