import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, TransactionFilter } from '../../../shared/contract';
import type { Transaction } from '../../../shared/domain';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { createTestEngine } from '../../helpers/engine';
import { seedTransactions } from './seedTransactions';

const TOTAL = 3000;
let engine: Engine;

beforeAll(async () => {
  engine = await createTestEngine();
  // Ids and dates disagree in order (a day holds ids from all over), so the list's order is the date's.
  await seedTransactions(engine.internals.store.writer.db, TOTAL, (i) => ({
    id: 10_000 + i,
    batchId: `B${i % 7}`,
    businessDate: `2026-02-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`,
  }));
});
afterAll(() => engine.close());

/** Every row of the list, by keyset pages: the order a seek must agree with. */
async function wholeList(filter: TransactionFilter): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Transaction> = await engine.call('transactions.list', { filter, cursor, limit: 1000 });
    ids.push(...page.rows.map((t) => t.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

async function firstRowsAt(filter: TransactionFilter, position: number): Promise<number[]> {
  const { cursor } = await engine.call('transactions.seek', { filter, position });
  const page = await engine.call('transactions.list', { filter, cursor, limit: 3 });
  return page.rows.map((t) => t.id);
}

describe('transactions.seek', () => {
  it.each<[string, TransactionFilter]>([
    ['everything', {}],
    ['one status', { statuses: ['Unknown'] }],
    ['several statuses', { statuses: ['Unknown', 'Pending'] }],
    ['several payees and a method', { payeeIds: [1, 3], methods: ['ACH'] }],
    ['a date range', { from: '2026-02-05', to: '2026-02-17' }],
    ['a name search', { search: 'garcía' }],
    ['a name search and a status', { search: 'Liam Smith', statuses: ['Refunded', 'Settled'] }],
  ])('lands the list on the asked row: %s (first, middle, last, past the end)', async (_name, filter) => {
    const ids = await wholeList(filter);
    const { count } = await engine.call('transactions.count', { filter });
    expect(ids.length).toBe(count);
    expect(count).toBeGreaterThan(10);
    const middle = Math.floor(count / 2);
    expect(await firstRowsAt(filter, 0)).toEqual(ids.slice(0, 3));
    expect((await engine.call('transactions.seek', { filter, position: 0 })).cursor).toBeNull();
    expect(await firstRowsAt(filter, 1)).toEqual(ids.slice(1, 4));
    expect(await firstRowsAt(filter, middle)).toEqual(ids.slice(middle, middle + 3));
    expect(await firstRowsAt(filter, count - 1)).toEqual([ids[count - 1]]);
    expect(await firstRowsAt(filter, count)).toEqual([]);
    expect(await firstRowsAt(filter, count + 1000)).toEqual([]);
  });

  it('agrees with keyset paging at every page start', async () => {
    const filter: TransactionFilter = { statuses: ['Settled', 'Refunded', 'Pending'] };
    let cursor: string | null = null;
    for (let position = 0; ; position += 200) {
      expect((await engine.call('transactions.seek', { filter, position })).cursor).toBe(cursor);
      const page: Page<Transaction> = await engine.call('transactions.list', { filter, cursor, limit: 200 });
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
  });

  it('refuses a position that is not a row number', async () => {
    await expect(engine.call('transactions.seek', { position: -1 })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      message: expect.stringContaining('position'),
    });
    await expect(engine.call('transactions.seek', { position: 1.5 })).rejects.toMatchObject({ code: 'BAD_ARGUMENTS' });
  });

  it('is empty past the end of an empty list', async () => {
    expect(await firstRowsAt({ search: 'nobody by this name' }, 5)).toEqual([]);
  });
});
