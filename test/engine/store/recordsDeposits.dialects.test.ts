/**
 * Day summaries, checks, batches, changes, the morning view and database status, on both dialects
 * (issue 16): the same tests, with the same rows (recordsSeed.ts), on SQLite and on PostgreSQL. They
 * run in order: status counts the change the changes test acknowledged.
 */
import { expect, it } from 'vitest';
import {
  daySummary,
  batchesByIds,
  batchesWithStaleChecks,
  checksOf,
  glTotalsOfBatch,
  saveChecks,
  transactionsOfBatch,
  unbatchedLike,
} from '../../../electron/engine/store/checks';
import {
  batchDetailRows,
  batchesInReviewState,
  dailyDepositTotals,
  getBatchRow,
  listBatchRows,
  bankLinesToSettle,
  depositsIn,
  depositTotals,
  unacknowledgedReversals,
} from '../../../electron/engine/store/batches';
import {
  acknowledgeChangeRows,
  batchChangesSince,
  countUnacknowledged,
  listChangeRows,
  newestUnacknowledgedTransactions,
  unacknowledgedByKind,
} from '../../../electron/engine/store/transactions';
import { databaseStatus } from '../../../electron/engine/store/syncState';
import { execute, firstOf, rowsOf, runRead, runWrite } from '../../../electron/engine/store/work';
import { describeOnBothDialects } from '../../helpers/dialectStore';
import { seedRecords, T0 } from './recordsSeed';

describeOnBothDialects(
  'reads and records: deposits, checks, changes, status',
  (store) => {
    it('daySummary: per day, payee and method, local against batches and GL', async () => {
      expect(await daySummary(store.reader, '2026-03-01', '2026-03-31')).toEqual([
        {
          date: '2026-03-02',
          payeeId: 1,
          paymentMethod: 'CC',
          localCount: 2,
          localCents: 3000,
          batchCount: 2,
          batchCents: 3000,
          glCents: 3000,
          tiesOut: true,
        },
        {
          date: '2026-03-03',
          payeeId: 1,
          paymentMethod: 'CC',
          localCount: 1,
          localCents: 700,
          batchCount: 1,
          batchCents: 700,
          glCents: 700,
          tiesOut: true,
        },
        {
          date: '2026-03-03',
          payeeId: 2,
          paymentMethod: 'ACH',
          localCount: 1,
          localCents: 5000,
          batchCount: 2,
          batchCents: 5000,
          glCents: 5000,
          tiesOut: false,
        },
      ]);
      expect(await daySummary(store.reader, '2026-03-03', '2026-03-03')).toHaveLength(2);
    });

    it('checks: inputs of a batch, saved verdicts upserted, stale ones found', async () => {
      expect((await batchesByIds(store.reader, ['B2', 'B1'])).map((b) => b.id).sort()).toEqual(['B1', 'B2']);
      expect(await batchesByIds(store.reader, [])).toEqual([]);
      expect(await transactionsOfBatch(store.reader, 'B1')).toEqual([
        {
          id: 11,
          amount_cents: 1000,
          amount_refunded_cents: 0,
          convenience_fee_cents: 25,
          status: 'Settled',
          payee_id: 1,
        },
        {
          id: 12,
          amount_cents: 2000,
          amount_refunded_cents: 0,
          convenience_fee_cents: 25,
          status: 'Settled',
          payee_id: 1,
        },
      ]);
      expect(await glTotalsOfBatch(store.reader, 'B1')).toEqual({ rows: 1, amount: 3000, net: 2990 });
      expect(await glTotalsOfBatch(store.reader, 'none')).toEqual({ rows: 0, amount: 0, net: 0 });
      const b1 = (await getBatchRow(store.reader, 'B1'))!;
      expect(await unbatchedLike(store.reader, b1, '2026-02-25', ['Settled'], 10)).toEqual([
        { id: 40, amount_cents: 900, convenience_fee_cents: 25 },
      ]);
      expect((await batchesWithStaleChecks(store.reader)).sort()).toEqual(['B1', 'B2', 'B3']);
      const row = {
        batch_id: 'B1',
        verdict: 'ties_out',
        difference_cents: 0,
        checks: '[]',
        fingerprint: 'f1',
        computed_at: '2026-03-03T01:00:00.000Z',
      };
      await saveChecks(store.writer, row);
      await saveChecks(store.writer, { ...row, verdict: 'differs', difference_cents: -5 });
      await saveChecks(store.writer, { ...row, batch_id: 'B2', verdict: 'differs', difference_cents: 100 });
      await saveChecks(store.writer, { ...row, batch_id: 'B3', fingerprint: 'f3' });
      expect(await checksOf(store.reader, 'B1')).toEqual({ ...row, verdict: 'differs', difference_cents: -5 });
      expect(await batchesWithStaleChecks(store.reader)).toEqual([]);
    });

    it('batches: keyset pages with verdicts, one batch with its parts, review states, daily totals', async () => {
      const page = await listBatchRows(store.reader, {}, null, 2);
      expect(page.map((b) => [b.id, b.payee_name, b.verdict])).toEqual([
        ['B3', 'Athletics', 'ties_out'],
        ['B2', 'Band', 'differs'],
      ]);
      expect((await listBatchRows(store.reader, {}, { date: '2026-03-03', id: 'B2' }, 2)).map((b) => b.id)).toEqual([
        'B1',
      ]);
      expect(
        (await listBatchRows(store.reader, { payeeIds: [1], verdicts: ['differs'], from: '2026-03-01' }, null, 9)).map(
          (b) => b.id,
        ),
      ).toEqual(['B1']);
      const parts = (await batchDetailRows(store.reader, 'B1'))!;
      expect(parts.batch).toEqual(await getBatchRow(store.reader, 'B1'));
      expect(parts.checks).toEqual(await checksOf(store.reader, 'B1'));
      expect(parts.transactions[0]).not.toHaveProperty('raw');
      expect(await batchDetailRows(store.reader, 'B9')).toBeUndefined();
      expect(parts.payeeName).toBe('Athletics');
      expect(parts.checks?.verdict).toBe('differs');
      expect(parts.transactions.map((t) => t.id)).toEqual([11, 12]);
      expect(parts.glRows.map((g) => g.gl_batch_id)).toEqual(['g1']);
      expect(parts.history).toEqual([]);
      expect((await batchesInReviewState(store.reader, 'open', 10)).map((b) => b.id)).toEqual(['B2', 'B1']);
      expect((await batchesInReviewState(store.reader, 'reopened', 10)).map((b) => b.id)).toEqual(['B3']);
      expect(await dailyDepositTotals(store.reader, '2026-03-02')).toEqual([
        { date: '2026-03-02', payeeId: 1, paymentMethod: 'CC', totalCents: 3000 },
        { date: '2026-03-03', payeeId: 1, paymentMethod: 'CC', totalCents: 700 },
        { date: '2026-03-03', payeeId: 2, paymentMethod: 'ACH', totalCents: 5000 },
      ]);
    });

    it('changes: pages, counts by kind, newest transactions, acknowledging, changes of a batch', async () => {
      const all = await listChangeRows(store.reader, { unacknowledgedOnly: true, limit: 10 });
      expect(all.map((c) => [c.transaction_id, c.kind, c.batch_id])).toEqual([
        [31, 'voided', 'B3'],
        [21, 'returned', 'B2'],
        [11, 'refunded', 'B1'],
      ]);
      expect(
        (await listChangeRows(store.reader, { unacknowledgedOnly: false, beforeId: all[0]!.id, limit: 1 })).map(
          (c) => c.id,
        ),
      ).toEqual([all[1]!.id]);
      expect(
        (await unacknowledgedByKind(store.reader))
          .sort((a, b) => a.kind.localeCompare(b.kind))
          .map((k) => [k.kind, k.count]),
      ).toEqual([
        ['refunded', 1],
        ['returned', 1],
        ['voided', 1],
      ]);
      expect(await newestUnacknowledgedTransactions(store.reader, ['refunded', 'returned'], null, 5)).toEqual([21, 11]);
      expect(await newestUnacknowledgedTransactions(store.reader, ['returned', 'voided'], ['Voided'], 5)).toEqual([31]);
      expect(await batchChangesSince(store.reader, 'B1', '2026-03-01T00:00:00.000Z', 10)).toEqual([
        { transaction_id: 11, kind: 'refunded', detail: 'refunded 11' },
      ]);
      expect(await batchChangesSince(store.reader, 'B1', '2026-03-01T00:00:00.000Z', 10, ['refunded'])).toEqual([]);
      expect(await countUnacknowledged(store.reader)).toBe(3);
      expect(
        await acknowledgeChangeRows(store.writer, { kinds: ['returned'] }, 'Ann', '2026-03-06T00:00:00.000Z'),
      ).toBe(1);
      expect(await acknowledgeChangeRows(store.writer, { ids: [] }, 'Ann', '2026-03-06T00:00:00.000Z')).toBe(0);
      expect(await countUnacknowledged(store.reader)).toBe(2);
    });

    it('morning: deposits by state and verdict, the farthest off first, reversals waiting, bank lines to settle', async () => {
      expect(
        (await depositTotals(store.reader)).sort((a, b) =>
          `${a.state}${a.verdict}`.localeCompare(`${b.state}${b.verdict}`),
        ),
      ).toEqual([
        { state: 'open', verdict: 'differs', count: 2, totalCents: 8000, differenceCents: 105 },
        { state: 'reopened', verdict: 'ties_out', count: 1, totalCents: 700, differenceCents: 0 },
      ]);
      expect((await depositsIn(store.reader, 'open', ['differs'], 10)).map((b) => [b.id, b.payee_name])).toEqual([
        ['B2', 'Band'],
        ['B1', 'Athletics'],
      ]);
      expect((await depositsIn(store.reader, 'reopened', null, 10)).map((b) => b.id)).toEqual(['B3']);
      const refund = await runRead(store.reader, function* (db) {
        return yield* firstOf(db.selectFrom('transaction_changes').select('id').where('kind', '=', 'refunded'));
      });
      // The return was acknowledged above; a voided sale is not a reversal.
      expect(await unacknowledgedReversals(store.reader)).toEqual([
        { changeId: refund!.id, seenAt: '2026-03-04T10:00:00.000Z' },
      ]);

      expect(await bankLinesToSettle(store.reader)).toBeNull();
      await runWrite(store.writer, function* (db) {
        const [account] = yield* rowsOf(
          db.insertInto('bank_accounts').values({ number: '0001', currency: 'USD', first_seen_at: T0 }).returning('id'),
        );
        const [statement] = yield* rowsOf(
          db
            .insertInto('bank_statements')
            .values({
              file_name: 's.csv',
              sha256: 'abc',
              format: 'csv',
              from_date: '2026-03-01',
              to_date: '2026-03-05',
              line_count: 3,
              new_line_count: 3,
              imported_at: T0,
              imported_by: 'Ann',
            })
            .returning('id'),
        );
        const lines: number[] = [];
        for (const n of [1, 2, 3]) {
          const [line] = yield* rowsOf(
            db
              .insertInto('bank_lines')
              .values({
                account_id: account!.id,
                statement_id: statement!.id,
                posted_date: '2026-03-03',
                amount_cents: n * 100,
                type_code: '165',
                bank_reference: `r${n}`,
                text: 'DEPOSIT',
                raw: '{}',
                identity: `i${n}`,
                line_number: n,
              })
              .returning('id'),
          );
          lines.push(line!.id);
        }
        // Line 1 matched, line 2 only suggested, line 3 neither.
        for (const [line, status] of [
          [lines[0]!, 'matched'],
          [lines[1]!, 'suggested'],
        ] as const) {
          yield* execute(
            db.insertInto('bank_matches').values({
              line_id: line,
              how: 'exact',
              status,
              rank: 1,
              batch_ids: '["B1"]',
              transaction_id: null,
              gap_days: 0,
              created_at: T0,
            }),
          );
        }
      });
      expect(await bankLinesToSettle(store.reader)).toEqual({ unmatched: 1, suggested: 1 });
    });

    it('status: counts, date spans and the sync state of the database', async () => {
      const status = await databaseStatus(store.reader, 'the database');
      expect(status).toMatchObject({
        database: 'the database',
        counts: {
          transactions: 5,
          batches: 3,
          glBatchRows: 3,
          payees: 2,
          glAccounts: 0,
          changes: 3,
          unacknowledgedChanges: 2,
        },
        transactionDates: { first: '2026-03-01', last: '2026-03-03' },
        batchDates: { first: '2026-03-02', last: '2026-03-03' },
        cursors: {},
        lastRun: null,
        lastSuccessAt: null,
      });
    });
  },
  seedRecords,
);
