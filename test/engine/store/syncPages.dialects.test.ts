/**
 * The sync's transaction pages, written once for both dialects: the same steps on SQLite and on
 * PostgreSQL leave the same rows and change records. SQLite writes a page with its prepared
 * statements, PostgreSQL with multi-row INSERT … ON CONFLICT: the expectations below are one list.
 * The deposits a page names are then checked and cleared.
 */
import { expect, it } from 'vitest';
import { countBatchTransactions } from '../../../electron/engine/store/batches';
import { batchesToCheck, clearBatchesToCheck } from '../../../electron/engine/store/checks';
import { withBulkCheckpoints } from '../../../electron/engine/store/dialect';
import type { WritableDB } from '../../../electron/engine/store/work';
import { commitSyncStep, getCursor, getRun, startRun } from '../../../electron/engine/store/syncState';
import {
  lacksDetails,
  storeDetails,
  storedDigestsFrom,
  unpackDigests,
} from '../../../electron/engine/store/transactions';
import type { PageRow } from '../../../electron/engine/store/transactions';
import { storedRows } from './storedRows';
import { account, onDay, payee, sale, T0, T1, T2 } from './syncFixtures';
import { describeOnBothDialects } from '../../helpers/dialectStore';

let runId: number;

/** The run the pages are written under, and the payees and GL accounts they name. */
async function startSyncing(writer: WritableDB): Promise<void> {
  runId = await startRun(writer, 'schedule', T1);
  await commitSyncStep(writer, { runId, now: T0, payees: [payee(2, 'Band'), payee(1, 'Athletics')] });
  await commitSyncStep(writer, {
    runId,
    now: T0,
    glAccounts: [account('a2', '4200-000', 'Band'), account('a1', '4100-000', 'Athletics')],
  });
}

describeOnBothDialects(
  'the sync store: transaction pages',
  (store) => {
    it('writes a page of transactions: new rows, their items, and only the changes worth a review', async () => {
      const page = [
        sale(101, 'Pending', 1500, null, [
          ['i1', 1000],
          ['i2', 500],
        ]),
        sale(102, 'Settled', 2500, '730001', [['i3', 2500]]),
        sale(103, 'Declined', 700, null, []),
        sale(104, 'Settled', 900, '730001', [['i4', 900]], { refundedCents: 200 }),
      ].map(onDay('2026-03-02'));
      const { counts, touched } = await commitSyncStep(store.writer, {
        runId,
        now: T0,
        transactions: page,
        setCursors: { 'txns.position': { day: '2026-03-03', at: null } },
      });
      expect(counts).toEqual({
        transactionsInserted: 4,
        transactionsUpdated: 0,
        changesRecorded: 2,
        batchesSynced: 0,
        glBatchesSynced: 0,
      });
      expect([...touched]).toEqual(['730001']);
      expect(await getCursor(store.reader, 'txns.position')).toEqual({ day: '2026-03-03', at: null });
      expect(
        await storedRows(
          store.reader,
          'transactions',
          [
            'id',
            'status',
            'amount_cents',
            'batch_id',
            'business_date',
            'first_seen_at',
            'first_seen_run_id',
            'first_status',
          ],
          'id',
        ),
      ).toEqual([
        {
          id: 101,
          status: 'Pending',
          amount_cents: 1500,
          batch_id: null,
          business_date: '2026-03-02',
          first_seen_at: T0,
          first_seen_run_id: runId,
          first_status: 'Pending',
        },
        {
          id: 102,
          status: 'Settled',
          amount_cents: 2500,
          batch_id: '730001',
          business_date: '2026-03-02',
          first_seen_at: T0,
          first_seen_run_id: runId,
          first_status: 'Settled',
        },
        {
          id: 103,
          status: 'Declined',
          amount_cents: 700,
          batch_id: null,
          business_date: '2026-03-02',
          first_seen_at: T0,
          first_seen_run_id: runId,
          first_status: 'Declined',
        },
        {
          id: 104,
          status: 'Settled',
          amount_cents: 900,
          batch_id: '730001',
          business_date: '2026-03-02',
          first_seen_at: T0,
          first_seen_run_id: runId,
          first_status: 'Settled',
        },
      ]);
      expect(
        await storedRows(store.reader, 'transaction_items', ['transaction_id', 'item_id', 'amount_cents'], 'item_id'),
      ).toEqual([
        { transaction_id: 101, item_id: 'i1', amount_cents: 1000 },
        { transaction_id: 101, item_id: 'i2', amount_cents: 500 },
        { transaction_id: 102, item_id: 'i3', amount_cents: 2500 },
        { transaction_id: 104, item_id: 'i4', amount_cents: 900 },
      ]);
      expect(
        await storedRows(
          store.reader,
          'transaction_changes',
          ['transaction_id', 'kind', 'from_status', 'to_status', 'delta_cents', 'sync_run_id', 'seen_at'],
          'id',
        ),
      ).toEqual([
        {
          transaction_id: 103,
          kind: 'first_seen',
          from_status: null,
          to_status: 'Declined',
          delta_cents: null,
          sync_run_id: runId,
          seen_at: T0,
        },
        {
          transaction_id: 104,
          kind: 'refunded',
          from_status: null,
          to_status: 'Settled',
          delta_cents: 200,
          sync_run_id: runId,
          seen_at: T0,
        },
      ]);
      expect(await batchesToCheck(store.reader)).toEqual(['730001']);
      expect((await getRun(store.reader, runId)).transactionsInserted).toBe(4);
      expect(await countBatchTransactions(store.reader, '730001')).toBe(2);
    });

    it('re-reads a page: an unchanged row costs nothing, a settled one is recorded, a new date keeps its items', async () => {
      // Opened once: its payer is kept through later list pages, which never carry it.
      expect(await lacksDetails(store.reader, 101)).toBe(true);
      expect(await storeDetails(store.writer, 101, 'Pat Doe', null)).toBe(true);
      expect(await storeDetails(store.writer, 101, null, null)).toBe(false);
      expect(await lacksDetails(store.reader, 999)).toBe(false);
      const page: PageRow[] = [
        onDay('2026-03-02')(sale(101, 'Settled', 1500, '730002', [['i1', 1000]])),
        onDay('2026-03-02')(sale(102, 'Settled', 2500, '730001', [['i3', 2500]])),
        onDay('2026-03-03')(sale(103, 'Declined', 700, null, [])),
        // Read through a batch: no date of its own, so the stored one stays.
        {
          parsed: sale(104, 'Refunded', 900, '730001', [['i4', 900]], { refundedCents: 900 }),
          businessDate: null,
          fallbackDate: '2026-03-09',
        },
      ];
      const { counts, touched } = await commitSyncStep(store.writer, {
        runId,
        now: T1,
        transactions: page,
        toCheck: ['730009'],
      });
      expect(counts).toMatchObject({ transactionsInserted: 0, transactionsUpdated: 3, changesRecorded: 2 });
      expect([...touched].sort()).toEqual(['730001', '730002']);
      expect(
        await storedRows(
          store.reader,
          'transactions',
          ['id', 'status', 'batch_id', 'business_date', 'payer_name', 'first_seen_at', 'updated_at', 'first_status'],
          'id',
        ),
      ).toEqual([
        {
          id: 101,
          status: 'Settled',
          batch_id: '730002',
          business_date: '2026-03-02',
          payer_name: 'Pat Doe',
          first_seen_at: T0,
          updated_at: T1,
          first_status: 'Pending',
        },
        {
          id: 102,
          status: 'Settled',
          batch_id: '730001',
          business_date: '2026-03-02',
          payer_name: null,
          first_seen_at: T0,
          updated_at: T0,
          first_status: 'Settled',
        },
        {
          id: 103,
          status: 'Declined',
          batch_id: null,
          business_date: '2026-03-03',
          payer_name: null,
          first_seen_at: T0,
          updated_at: T1,
          first_status: 'Declined',
        },
        {
          id: 104,
          status: 'Refunded',
          batch_id: '730001',
          business_date: '2026-03-02',
          payer_name: null,
          first_seen_at: T0,
          updated_at: T1,
          first_status: 'Settled',
        },
      ]);
      expect(await storedRows(store.reader, 'transaction_items', ['transaction_id', 'item_id'], 'item_id')).toEqual([
        { transaction_id: 101, item_id: 'i1' },
        { transaction_id: 102, item_id: 'i3' },
        { transaction_id: 104, item_id: 'i4' },
      ]);
      expect(
        (
          await storedRows(
            store.reader,
            'transaction_changes',
            ['transaction_id', 'kind', 'from_status', 'to_status', 'delta_cents', 'seen_at'],
            'id',
          )
        ).filter((change) => change.seen_at === T1),
      ).toEqual([
        {
          transaction_id: 101,
          kind: 'settled',
          from_status: 'Pending',
          to_status: 'Settled',
          delta_cents: null,
          seen_at: T1,
        },
        {
          transaction_id: 104,
          kind: 'refunded',
          from_status: 'Settled',
          to_status: 'Refunded',
          delta_cents: 700,
          seen_at: T1,
        },
      ]);
      expect(await batchesToCheck(store.reader)).toEqual(['730001', '730002', '730009']);
      expect((await getRun(store.reader, runId)).transactionsUpdated).toBe(3);
    });

    it('writes new and stored rows in one unit; a new transaction listed twice keeps its last listing', async () => {
      const page: PageRow[] = [
        sale(105, 'Pending', 1200, null, [['i5', 1200]]),
        sale(102, 'Refunded', 2500, '730001', [['i3b', 2500]], { refundedCents: 2500 }),
        sale(105, 'Settled', 1300, '730001', [
          ['i5', 800],
          ['i6', 500],
        ]),
      ].map(onDay('2026-03-04'));
      const { counts } = await commitSyncStep(store.writer, { runId, now: T2, transactions: page });
      expect(counts).toMatchObject({ transactionsInserted: 1, transactionsUpdated: 1 });
      const rows = await storedRows(
        store.reader,
        'transactions',
        ['id', 'status', 'amount_cents', 'first_seen_at'],
        'id',
      );
      expect(rows.filter((row) => row.id === 102 || row.id === 105)).toEqual([
        { id: 102, status: 'Refunded', amount_cents: 2500, first_seen_at: T0 },
        { id: 105, status: 'Settled', amount_cents: 1300, first_seen_at: T2 },
      ]);
      const items = await storedRows(
        store.reader,
        'transaction_items',
        ['transaction_id', 'item_id', 'amount_cents'],
        'item_id',
      );
      expect(items.filter((item) => item.transaction_id === 102 || item.transaction_id === 105)).toEqual([
        { transaction_id: 102, item_id: 'i3b', amount_cents: 2500 },
        { transaction_id: 105, item_id: 'i5', amount_cents: 800 },
        { transaction_id: 105, item_id: 'i6', amount_cents: 500 },
      ]);
    });

    it('gives the digests the store holds from a day on, a packed text per day', async () => {
      const rows = await storedRows(store.reader, 'transactions', ['id', 'business_date', 'raw_digest'], 'id');
      const days = [...new Set(rows.map((row) => row.business_date as string))].sort();
      expect(days.length).toBeGreaterThan(1);
      const expected = new Map<string, Map<number, string>>();
      for (const row of rows)
        if (row.business_date !== days[0] && row.raw_digest !== null)
          expected.set(
            row.business_date as string,
            (expected.get(row.business_date as string) ?? new Map()).set(row.id as number, row.raw_digest as string),
          );
      expect(expected.size).toBeGreaterThan(0);

      const packed = await storedDigestsFrom(store.reader, days[1]!);
      expect(new Map([...packed].map(([day, pairs]) => [day, unpackDigests(pairs)]))).toEqual(expected);
    });

    it('clears the deposits checked, and runs a bulk write', async () => {
      await clearBatchesToCheck(store.writer, ['730001', '730009']);
      expect(await batchesToCheck(store.reader)).toEqual(['730002']);
      expect(await withBulkCheckpoints(store.writer, async () => (await batchesToCheck(store.reader)).length)).toBe(1);
      await clearBatchesToCheck(store.writer, []);
      expect(await batchesToCheck(store.reader)).toEqual(['730002']);
    });
  },
  startSyncing,
);
