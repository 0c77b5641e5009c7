import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../shared/domain';
import type { TransactionFilter } from '../../../shared/contract';
import { countTransactions, getTransaction, listTransactions } from '../../../electron/engine/store/transactions';
import { createTestDb } from '../../helpers/db';
import { seedTransactions } from './seedTransactions';

type Db = Awaited<ReturnType<typeof createTestDb>>;
let db: Db;

beforeEach(async () => {
  db = await createTestDb();
  await seedTransactions(db.db, 500, (i) => ({
    id: 1000 + i,
    batchId: i % 4 === 1 ? null : `B${i % 7}`,
    businessDate: `2026-03-${String(1 + (i % 20)).padStart(2, '0')}`,
  }));
  db.sqlite
    .prepare(
      `INSERT INTO payees (id, name, merchant_id, raw, updated_at) VALUES (2, 'South Elementary', 'M2', '{}', 'x')`,
    )
    .run();
  db.sqlite
    .prepare(
      `INSERT INTO transaction_changes (transaction_id, kind, to_status, seen_at) VALUES (1001, 'first_seen', 'Pending', 'x')`,
    )
    .run();
});
afterEach(() => db.cleanup());

async function all(filter: TransactionFilter, limit = 37): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  let cursor: string | null = null;
  do {
    const page = await listTransactions(db.reader, { filter, cursor, limit });
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

const expected = (keep: (i: number) => boolean) =>
  Array.from({ length: 500 }, (_, i) => i)
    .filter(keep)
    .map((i) => ({ id: 1000 + i, date: `2026-03-${String(1 + (i % 20)).padStart(2, '0')}` }))
    .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))
    .map((r) => r.id);

describe('the timeline of a transaction', () => {
  it('opens with a first sighting rebuilt from the row when none is stored (a routine new sale), reviewed as seen', async () => {
    db.sqlite
      .prepare(
        `UPDATE transactions SET first_status = 'Pending', first_seen_at = '2026-03-02T14:00:00.000Z' WHERE id = 1002`,
      )
      .run();
    db.sqlite
      .prepare(
        `INSERT INTO transaction_changes (transaction_id, kind, from_status, to_status, delta_cents, seen_at) VALUES (1002, 'refunded', 'Pending', 'Refunded', 102, '2026-03-04T14:00:00.000Z')`,
      )
      .run();
    const { changes } = await getTransaction(db.reader, 1002);
    expect(changes).toEqual([
      {
        id: -1002,
        transactionId: 1002,
        kind: 'first_seen',
        fromStatus: null,
        toStatus: 'Pending',
        deltaCents: null,
        detail: null,
        syncRunId: null,
        seenAt: '2026-03-02T14:00:00.000Z',
        acknowledgedAt: '2026-03-02T14:00:00.000Z',
        // Issue 14: each change names the deposit its transaction is in.
        batchId: 'B2',
      },
      expect.objectContaining({
        kind: 'refunded',
        fromStatus: 'Pending',
        toStatus: 'Refunded',
        deltaCents: 102,
        acknowledgedAt: null,
      }),
    ]);
    expect(changes[1]!.id).toBeGreaterThan(0);
  });

  it('a row without first_status (inserted without it) reads its current status as the first', async () => {
    expect((await getTransaction(db.reader, 1003)).changes).toEqual([
      expect.objectContaining({ id: -1003, kind: 'first_seen', toStatus: 'Unknown', seenAt: 'x', acknowledgedAt: 'x' }),
    ]);
  });
});

describe('transactions.list / count / get', () => {
  it.each<[string, TransactionFilter, (i: number) => boolean]>([
    ['everything', {}, () => true],
    ['one status', { statuses: ['Unknown'] }, (i) => i % 4 === 3],
    ['several statuses', { statuses: ['Unknown', 'Pending'] }, (i) => i % 4 === 3 || i % 4 === 1],
    ['several payees and a method', { payeeIds: [1, 3], methods: ['ACH'] }, (i) => i % 3 !== 1 && i % 5 === 0],
    ['a date range', { from: '2026-03-05', to: '2026-03-07' }, (i) => i % 20 >= 4 && i % 20 <= 6],
    ['a batch', { batchId: 'B3' }, (i) => i % 4 !== 1 && i % 7 === 3],
  ])('keyset pages of %s: every row once, newest first, same as the count', async (_name, filter, keep) => {
    const ids = (await all(filter)).map((t) => t.id);
    expect(ids).toEqual(expected(keep));
    expect(await countTransactions(db.reader, filter)).toBe(ids.length);
  });

  it('searches transaction and order numbers, and names or text (non-ASCII too) by substring', async () => {
    expect((await all({ search: '1007' })).map((t) => t.id)).toEqual([1007]);
    expect((await all({ search: '90010' })).map((t) => t.id)).toEqual([1010]);
    const zoe = await all({ search: 'Müll' }, 20);
    expect(zoe.map((t) => t.id)).toEqual(
      Array.from({ length: 500 }, (_, i) => 1000 + i)
        .filter((id) => (id - 1000) % 3 === 0)
        .reverse(),
    );
    expect(await countTransactions(db.reader, { search: 'Müll' })).toBe(zoe.length);
    expect((await all({ search: 'Yearbook 42' })).map((t) => t.id).sort()).toEqual([
      1042, 1420, 1421, 1422, 1423, 1424, 1425, 1426, 1427, 1428, 1429,
    ]);
    expect(
      (await all({ search: 'Smith', statuses: ['Settled'] })).every(
        (t) => t.payerName === 'Liam Smith' && t.status === 'Settled',
      ),
    ).toBe(true);
  });

  it('a transaction with its timeline and payee; an unknown one is NOT_FOUND in words', async () => {
    const detail = await getTransaction(db.reader, 1001);
    expect(detail.transaction).toMatchObject({ id: 1001, payeeId: 2, status: 'Pending', amountCents: 101 });
    expect(detail.payeeName).toBe('South Elementary');
    // A first sighting stored before migration 004 is used as is, not doubled.
    expect(detail.changes.map((c) => c.kind)).toEqual(['first_seen']);
    expect(detail.changes[0]!.id).toBeGreaterThan(0);
    await expect(getTransaction(db.reader, 5)).rejects.toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    await expect(listTransactions(db.reader, { filter: {}, cursor: 'garbage', limit: 10 })).rejects.toThrow(
      expect.objectContaining({ code: 'BAD_ARGUMENTS' }),
    );
  });
});
