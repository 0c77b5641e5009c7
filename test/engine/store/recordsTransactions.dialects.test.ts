/**
 * Exports, reversal facts and transaction pages, filters, counts, search and seeks, on both
 * dialects (issue 16): the same tests, with the same rows (recordsSeed.ts), on SQLite and on
 * PostgreSQL. They run in order: the reversals test reads the export the exports test left, and the
 * transaction read at the end has the items and changes the reversals test wrote.
 */
import { expect, it } from 'vitest';
import type { PaymentMethod } from '../../../shared/domain';
import { readStoredSettings } from '../../../electron/engine/store/settings';
import {
  completeExport,
  forgetExport,
  listExports,
  pendingExport,
  pendingExports,
  receiptsOf,
  setExportOutput,
  glCoverage,
  hasGlRowsBetween,
} from '../../../electron/engine/store/exports';
import { reversalFacts } from '../../../electron/engine/store/reversals';
import type { TransactionFilter } from '../../../shared/contract';
import {
  countTransactions,
  getTransaction,
  listTransactions,
  seekTransactions,
} from '../../../electron/engine/store/transactions';
import { unacknowledgedReversals } from '../../../electron/engine/store/batches';
import { execute, rowsOf, runRead, runWrite } from '../../../electron/engine/store/work';
import { describeOnBothDialects } from '../../helpers/dialectStore';
import { seedRecords, T0 } from './recordsSeed';

describeOnBothDialects(
  'reads and records: exports, reversals, transactions',
  (store) => {
    it('exports: totals and contents recorded in one unit, completed with the receipt sequence, or forgotten', async () => {
      const values = (from: string, to: string, payeeIds: number[], methods: PaymentMethod[]) =>
        pendingExport({
          createdAt: '2026-03-06T15:00:00.000Z',
          scope: { from, to, payeeIds, methods },
          layout: 'ascender',
          file: `/exports/${from}.csv`,
          companionFile: null,
          createdBy: 'Ann',
        });
      const insert = (row: ReturnType<typeof values>) =>
        runWrite(store.writer, function* (db) {
          const [inserted] = yield* rowsOf(db.insertInto('exports').values(row).returning('id'));
          return inserted!.id;
        });
      expect(await glCoverage(store.reader)).toEqual({
        first: '2026-03-02',
        last: '2026-03-03',
        oldestUnexported: '2026-03-02',
      });
      expect(await hasGlRowsBetween(store.reader, '2026-03-03', '2026-03-04')).toBe(true);
      expect(await hasGlRowsBetween(store.reader, '2026-03-04', '2026-03-10')).toBe(false);

      const first = await insert(values('2026-03-02', '2026-03-02', [1], []));
      const dropped = await insert(values('2026-03-03', '2026-03-03', [], []));
      const refund = (await unacknowledgedReversals(store.reader))[0]!.changeId;
      const receipts = Array.from({ length: 600 }, (_, i) => ({
        receipt: String(17 + i),
        kind: 'deposit' as const,
        batchId: 'B1',
        changeId: null,
        date: '2026-03-02',
      }));
      await setExportOutput(
        store.writer,
        first,
        { rowCount: 2, totalCents: 3000, totalWithoutFeesCents: 2990, sha256: 'h1' },
        { changeIds: [refund, refund], receipts },
      );
      await setExportOutput(
        store.writer,
        dropped,
        { rowCount: 1, totalCents: 700, totalWithoutFeesCents: 690, sha256: 'h2' },
        { changeIds: [refund], receipts: [{ ...receipts[0]!, receipt: '9000' }] },
      );
      expect((await pendingExports(store.reader)).map((e) => [e.id, e.sha256])).toEqual([
        [first, 'h1'],
        [dropped, 'h2'],
      ]);
      const record = await completeExport(store.writer, first);
      expect(record).toMatchObject({
        id: first,
        payeeIds: [1],
        methods: [],
        rowCount: 2,
        totalCents: 3000,
        sha256: 'h1',
      });
      await expect(completeExport(store.writer, first)).rejects.toThrow(`export ${first} is no longer pending`);
      expect((await readStoredSettings(store.reader)).get('ascenderNextReceipt')).toBe(617);
      expect((await receiptsOf(store.reader, first)).length).toBe(600);
      await forgetExport(store.writer, dropped);
      expect(await pendingExports(store.reader)).toEqual([]);
      expect(await receiptsOf(store.reader, dropped)).toEqual([]);
      expect((await listExports(store.reader)).map((e) => e.id)).toEqual([first]);
      const reversals = await runRead(store.reader, function* (db) {
        return yield* rowsOf(db.selectFrom('export_reversals').select(['export_id', 'change_id']));
      });
      expect(reversals).toEqual([{ export_id: first, change_id: refund }]);

      // The first export covers payee 1's Mar 2; one of Band's ACH on Mar 3 leaves payee 1's Mar 3 open.
      expect((await glCoverage(store.reader)).oldestUnexported).toBe('2026-03-03');
      const ach = await insert(values('2026-03-03', '2026-03-03', [], ['ACH']));
      await completeExport(store.writer, ach);
      expect((await glCoverage(store.reader)).oldestUnexported).toBe('2026-03-03');
      const all = await insert(values('2026-03-01', '2026-03-31', [], []));
      await completeExport(store.writer, all);
      expect(await glCoverage(store.reader)).toEqual({
        first: '2026-03-02',
        last: '2026-03-03',
        oldestUnexported: null,
      });
    });

    it('reversals: the facts of a scope read in one unit, chunked lists included', async () => {
      await runWrite(store.writer, function* (db) {
        yield* execute(
          db.insertInto('gl_accounts').values({
            id: 'a1',
            number: '4100-000',
            label: 'Athletics tickets',
            removed: 0,
            raw: '{}',
            updated_at: T0,
          }),
        );
        yield* execute(
          db.insertInto('transaction_items').values({
            transaction_id: 11,
            item_id: 'i1',
            item_name: 'Ticket',
            amount_cents: 1000,
            gl_account_id: 'a1',
            student_number: null,
            student_name: null,
            raw: '{}',
          }),
        );
        yield* execute(
          db.insertInto('gl_batches').values({
            gl_batch_id: 'g1-fee',
            date: '2026-03-02',
            batch_id: 'B1',
            payee_id: 1,
            gl_account_id: null,
            gl_number: '5900-000',
            gl_label: 'Fees',
            amount_cents: -50,
            amount_without_fees_cents: 0,
            count: 0,
            raw: '{}',
            synced_at: T0,
          }),
        );
      });
      const refund = (await unacknowledgedReversals(store.reader))[0]!.changeId;
      const exportId = (await listExports(store.reader)).at(-1)!.id;
      const facts = await reversalFacts(store.reader, { batchId: 'B1' });
      expect(facts.changes).toEqual([
        {
          changeId: refund,
          transactionId: 11,
          changeKind: 'refunded',
          toStatus: 'Settled',
          deltaCents: 500,
          seenAt: '2026-03-04T10:00:00.000Z',
          amountCents: 1000,
          feeCents: 25,
          taxCents: 0,
          shippingCents: 0,
          ownGlNumber: null,
          batchId: 'B1',
          batchDate: '2026-03-02',
          payeeId: 1,
          payeeName: 'Athletics',
          paymentMethod: 'CC',
          // Recorded outside a sync run: never the first sync's baseline (issue 30 item 6).
          baseline: 0,
        },
      ]);
      expect(facts.items).toEqual([{ transactionId: 11, glNumber: '4100-000', amountCents: 1000 }]);
      expect(facts.partLines).toEqual([{ batchId: 'B1', part: 'fee', glNumber: '5900-000' }]);
      expect([...facts.labels]).toEqual([['4100-000', 'Athletics tickets']]);
      expect([...facts.exported]).toEqual([[refund, exportId]]);
      // The return of Band's deposit is a reversal too; scoped by when it was seen and by payee.
      const march5 = { seenFrom: '2026-03-05T00:00:00.000Z', seenBefore: '2026-03-06T00:00:00.000Z' };
      expect((await reversalFacts(store.reader, march5)).changes.map((c) => [c.transactionId, c.changeKind])).toEqual([
        [21, 'returned'],
      ]);
      expect((await reversalFacts(store.reader, { ...march5, payeeIds: [1] })).changes).toEqual([]);
      expect(await reversalFacts(store.reader, { batchId: 'B3' })).toEqual({
        changes: [],
        items: [],
        partLines: [],
        labels: new Map(),
        exported: new Map(),
      });
    });

    it('transactions: keyset pages, split filters, counts, text search, scrollbar jumps and one transaction', async () => {
      const all = async (filter: TransactionFilter, limit = 2, from: string | null = null) => {
        const ids: number[] = [];
        let cursor = from;
        do {
          const page = await listTransactions(store.reader, { filter, cursor, limit });
          ids.push(...page.rows.map((t) => t.id));
          cursor = page.nextCursor;
        } while (cursor);
        return ids;
      };
      expect(await all({})).toEqual([31, 21, 12, 11, 40]);
      expect(await all({ payeeIds: [1, 2] })).toEqual([31, 21, 12, 11, 40]);
      expect(await all({ statuses: ['Settled', 'Voided'], payeeIds: [1] })).toEqual([31, 12, 11, 40]);
      expect(await all({ methods: ['ACH'] })).toEqual([21]);
      expect(await all({ from: '2026-03-02', to: '2026-03-02', batchId: 'B1' })).toEqual([12, 11]);
      expect(await countTransactions(store.reader, { payeeIds: [1] })).toBe(4);
      expect(await countTransactions(store.reader, {})).toBe(5);
      // Text search: by substring, any case, newest transaction number first.
      expect(await all({ search: 'jane' })).toEqual([31, 21, 11]);
      expect(await countTransactions(store.reader, { search: 'jane' })).toBe(3);
      expect(await all({ search: 'JANE', payeeIds: [1] })).toEqual([31, 11]);
      expect(await all({ search: 'game 1' })).toEqual([12, 11]);
      expect(await all({ search: 'Jane Doe', methods: ['CC'] })).toEqual([31, 11]);
      expect(await all({ search: 'Jo' })).toEqual([12, 40]);
      expect(await all({ search: '21' })).toEqual([21]);
      expect(await all({ search: '1011' })).toEqual([11]);
      expect(await countTransactions(store.reader, { search: '50%' })).toBe(0);

      expect(await seekTransactions(store.reader, {}, 0)).toBeNull();
      expect(await all({}, 10, await seekTransactions(store.reader, {}, 2))).toEqual([12, 11, 40]);
      expect(
        await all({ payeeIds: [1, 2] }, 10, await seekTransactions(store.reader, { payeeIds: [1, 2] }, 3)),
      ).toEqual([11, 40]);
      expect(await all({}, 10, await seekTransactions(store.reader, {}, 99))).toEqual([]);
      expect(await all({ search: 'jane' }, 10, await seekTransactions(store.reader, { search: 'jane' }, 1))).toEqual([
        21, 11,
      ]);

      const detail = await getTransaction(store.reader, 11);
      expect(detail.transaction).toMatchObject({ id: 11, orderId: 1011, amountCents: 1000, batchId: 'B1' });
      expect(detail.payeeName).toBe('Athletics');
      expect(detail.items).toEqual([expect.objectContaining({ itemId: 'i1', amountCents: 1000, glAccountId: 'a1' })]);
      expect(detail.changes.map((c) => [c.kind, c.batchId])).toEqual([
        ['first_seen', 'B1'],
        ['refunded', 'B1'],
      ]);
      await expect(getTransaction(store.reader, 5)).rejects.toThrow('Transaction 5 is not in the local copy');
      await expect(listTransactions(store.reader, { filter: {}, cursor: 'garbage', limit: 10 })).rejects.toThrow(
        'The page cursor',
      );
    });
  },
  seedRecords,
);
