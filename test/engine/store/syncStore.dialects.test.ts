/**
 * The sync's store (runs, cursors, reference lists, deposits, GL days, transaction pages, details,
 * deposits to check) written once for both dialects: the same steps on SQLite and on PostgreSQL
 * leave the same rows and change records. SQLite writes a transaction page with its prepared
 * statements, PostgreSQL with multi-row INSERT … ON CONFLICT: the expectations below are one list.
 */
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Batch, GlBatch, ReceivedTransaction, Received, TransactionStatus } from '../../../shared/domain';
import { batchExists, countBatchTransactions } from '../../../electron/engine/store/batchSync';
import { batchesToCheck, clearBatchesToCheck } from '../../../electron/engine/store/batchesToCheck';
import { withBulkCheckpoints } from '../../../electron/engine/store/bulk';
import { portableHandles, type PortableReadable, type PortableWritable } from '../../../electron/engine/store/handles';
import { openPostgresStore } from '../../../electron/engine/store/postgres/open';
import { listGlAccounts, listPayees, replaceGlAccounts } from '../../../electron/engine/store/reference';
import { commitSyncStep } from '../../../electron/engine/store/syncCommit';
import {
  allCursors,
  deleteCursor,
  finishRun,
  getCursor,
  getRun,
  lastSuccessAt,
  lastSuccessStartedAt,
  listRuns,
  setCursor,
  startRun,
} from '../../../electron/engine/store/syncState';
import { lacksDetails, storeDetails } from '../../../electron/engine/store/transactionDetails';
import type { PageRow } from '../../../electron/engine/store/transactionWriter';
import { rowsOf, runRead } from '../../../electron/engine/store/work';
import { createTestDb } from '../../helpers/db';
import { describePostgres, usePostgresTestDatabase } from '../../helpers/postgres';

const T0 = '2026-03-03T06:00:00.000Z';
const T1 = '2026-03-04T06:00:00.000Z';
const T2 = '2026-03-05T06:00:00.000Z';

const payee = (id: number, name: string) => ({
  value: { id, name, merchantId: `m${id}`, removed: false },
  raw: JSON.stringify({ id, name }),
});
const account = (id: string, number: string, label: string) => ({
  value: { id, number, label, removed: false },
  raw: JSON.stringify({ id, number, label }),
});

function sale(
  id: number,
  status: TransactionStatus,
  amountCents: number,
  batchId: string | null,
  items: Array<[string, number]>,
  extra: { refundedCents?: number; payerName?: string | null } = {},
): ReceivedTransaction {
  const value = {
    id,
    orderId: id * 10,
    payeeId: 1,
    paymentMethod: 'CC' as const,
    status,
    statusMessage: null,
    amountCents,
    amountRefundedCents: extra.refundedCents ?? 0,
    convenienceFeeCents: 0,
    taxCents: 0,
    shippingCents: 0,
    batchId,
    data: null,
    payerName: extra.payerName ?? null,
    glAccountId: null,
  };
  return {
    value,
    items: items.map(([itemId, cents]) => ({
      transactionId: id,
      itemId,
      itemName: `Item ${itemId}`,
      amountCents: cents,
      glAccountId: null,
      studentNumber: null,
      studentName: null,
      raw: JSON.stringify({ itemId, cents }),
    })),
    raw: JSON.stringify({ ...value, items }),
  };
}

const onDay =
  (day: string) =>
  (parsed: ReceivedTransaction): PageRow => ({
    parsed,
    businessDate: day,
    fallbackDate: day,
  });

const batch = (id: string, totalCents: number): Received<Batch> => {
  const value: Batch = {
    id,
    payeeId: 1,
    date: '2026-03-02',
    paymentMethod: 'CC',
    totalCents,
    feesCents: 0,
    partialCents: totalCents,
    totalCount: 1,
  };
  return { value, raw: JSON.stringify(value) };
};

const glLine = (glBatchId: string, batchId: string, amountCents: number): Received<GlBatch> => {
  const value: GlBatch = {
    glBatchId,
    date: '2026-03-02',
    batchId,
    payeeId: 1,
    glAccountId: 'a1',
    glNumber: '4100-000',
    glLabel: 'Athletics',
    amountCents,
    amountWithoutFeesCents: amountCents,
    count: 1,
  };
  return { value, raw: JSON.stringify(value) };
};

function behavesTheSame(
  open: () => Promise<{ writer: PortableWritable; reader: PortableReadable; close(): Promise<void> }>,
) {
  let writer: PortableWritable;
  let reader: PortableReadable;
  let close: () => Promise<void>;
  let runId: number;
  beforeAll(async () => {
    ({ writer, reader, close } = await open());
  }, 120_000);
  afterAll(() => close());

  // Rows as they are stored, read on one snapshot of the read connection.
  const read = <R>(query: { compile(): CompiledQuery<R> }) => runRead(reader, () => rowsOf(query));

  it('starts runs (one cut off is marked failed), finishes them and lists them newest first', async () => {
    const first = await startRun(writer, 'manual', T0);
    runId = await startRun(writer, 'schedule', T1);
    expect(runId).toBeGreaterThan(first);
    const cutOff = await getRun(reader, first);
    expect(cutOff).toMatchObject({ id: first, status: 'failed', finishedAt: T1, trigger: 'manual' });
    expect(cutOff.error).toMatch(/^Interrupted before it finished/);
    await finishRun(writer, first, 'succeeded', T0, null);
    expect(await lastSuccessStartedAt(reader)).toBe(T0);
    expect(await lastSuccessAt(reader)).toBe(T0);
    const runs = await listRuns(reader, 5);
    expect(runs.map((run) => [run.id, run.status, run.trigger])).toEqual([
      [runId, 'running', 'schedule'],
      [first, 'succeeded', 'manual'],
    ]);
    expect(runs[0]).toMatchObject({ transactionsInserted: 0, changesRecorded: 0, finishedAt: null, error: null });
    await expect(getRun(reader, 999_999)).rejects.toThrow('Sync run 999999 is not in the database.');
  });

  it('sets, replaces, reads and deletes cursors', async () => {
    expect(await getCursor(reader, 'txns.origin')).toBeNull();
    await setCursor(writer, 'txns.origin', '2026-03-01', T0);
    await setCursor(writer, 'pass', { today: '2026-03-05', start: '2026-03-01' }, T0);
    await setCursor(writer, 'txns.origin', '2026-02-01', T1);
    expect(await getCursor(reader, 'txns.origin')).toBe('2026-02-01');
    expect(await allCursors(reader)).toEqual({
      pass: { today: '2026-03-05', start: '2026-03-01' },
      'txns.origin': '2026-02-01',
    });
    await deleteCursor(writer, 'pass');
    expect(await allCursors(reader)).toEqual({ 'txns.origin': '2026-02-01' });
    expect(await read(reader.db.selectFrom('sync_cursors').select(['name', 'updated_at']))).toEqual([
      { name: 'txns.origin', updated_at: T1 },
    ]);
  });

  it('replaces the reference lists: a row no longer listed is kept, marked removed, and comes back when listed', async () => {
    await commitSyncStep(writer, { runId, now: T0, payees: [payee(2, 'Band'), payee(1, 'Athletics')] });
    await commitSyncStep(writer, {
      runId,
      now: T0,
      glAccounts: [account('a2', '4200-000', 'Band'), account('a1', '4100-000', 'Athletics')],
    });
    await commitSyncStep(writer, { runId, now: T1, payees: [payee(1, 'Athletics Dept')] });
    expect(await listPayees(reader)).toEqual([
      { id: 1, name: 'Athletics Dept', merchantId: 'm1', removed: false },
      { id: 2, name: 'Band', merchantId: 'm2', removed: true },
    ]);
    await replaceGlAccounts(writer, [account('a1', '4100-000', 'Athletics')], T1);
    await replaceGlAccounts(writer, [account('a1', '4100-000', 'Athletics'), account('a2', '4200-000', 'Band')], T2);
    await replaceGlAccounts(writer, [account('a1', '4100-000', 'Athletics')], T2);
    expect(await listGlAccounts(reader)).toEqual([
      { id: 'a1', number: '4100-000', label: 'Athletics', removed: false },
      { id: 'a2', number: '4200-000', label: 'Band', removed: true },
    ]);
  });

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
    const { counts, touched } = await commitSyncStep(writer, {
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
    expect(await getCursor(reader, 'txns.position')).toEqual({ day: '2026-03-03', at: null });
    const db = reader.db;
    expect(
      await read(
        db
          .selectFrom('transactions')
          .select([
            'id',
            'status',
            'amount_cents',
            'batch_id',
            'business_date',
            'first_seen_at',
            'first_seen_run_id',
            'first_status',
          ])
          .orderBy('id'),
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
      await read(
        db.selectFrom('transaction_items').select(['transaction_id', 'item_id', 'amount_cents']).orderBy('item_id'),
      ),
    ).toEqual([
      { transaction_id: 101, item_id: 'i1', amount_cents: 1000 },
      { transaction_id: 101, item_id: 'i2', amount_cents: 500 },
      { transaction_id: 102, item_id: 'i3', amount_cents: 2500 },
      { transaction_id: 104, item_id: 'i4', amount_cents: 900 },
    ]);
    expect(
      await read(
        db
          .selectFrom('transaction_changes')
          .select(['transaction_id', 'kind', 'from_status', 'to_status', 'delta_cents', 'sync_run_id', 'seen_at'])
          .orderBy('id'),
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
    expect(await batchesToCheck(reader)).toEqual(['730001']);
    expect((await getRun(reader, runId)).transactionsInserted).toBe(4);
    expect(await countBatchTransactions(reader, '730001')).toBe(2);
  });

  it('re-reads a page: an unchanged row costs nothing, a settled one is recorded, a new date keeps its items', async () => {
    // Opened once: its payer is kept through later list pages, which never carry it.
    expect(await lacksDetails(reader, 101)).toBe(true);
    expect(await storeDetails(writer, 101, 'Pat Doe', null)).toBe(true);
    expect(await storeDetails(writer, 101, null, null)).toBe(false);
    expect(await lacksDetails(reader, 999)).toBe(false);
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
    const { counts, touched } = await commitSyncStep(writer, {
      runId,
      now: T1,
      transactions: page,
      toCheck: ['730009'],
    });
    expect(counts).toMatchObject({ transactionsInserted: 0, transactionsUpdated: 3, changesRecorded: 2 });
    expect([...touched].sort()).toEqual(['730001', '730002']);
    const db = reader.db;
    expect(
      await read(
        db
          .selectFrom('transactions')
          .select([
            'id',
            'status',
            'batch_id',
            'business_date',
            'payer_name',
            'first_seen_at',
            'updated_at',
            'first_status',
          ])
          .orderBy('id'),
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
    expect(
      await read(db.selectFrom('transaction_items').select(['transaction_id', 'item_id']).orderBy('item_id')),
    ).toEqual([
      { transaction_id: 101, item_id: 'i1' },
      { transaction_id: 102, item_id: 'i3' },
      { transaction_id: 104, item_id: 'i4' },
    ]);
    expect(
      await read(
        db
          .selectFrom('transaction_changes')
          .select(['transaction_id', 'kind', 'from_status', 'to_status', 'delta_cents', 'seen_at'])
          .where('seen_at', '=', T1)
          .orderBy('id'),
      ),
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
    expect(await batchesToCheck(reader)).toEqual(['730001', '730002', '730009']);
    expect((await getRun(reader, runId)).transactionsUpdated).toBe(3);
  });

  it('upserts deposits, writing only those whose JSON changed', async () => {
    expect(await batchExists(reader, '730001')).toBe(false);
    const first = await commitSyncStep(writer, {
      runId,
      now: T0,
      batches: [batch('730001', 3400), batch('730002', 1500)],
    });
    expect(first.counts.batchesSynced).toBe(2);
    expect(await batchExists(reader, '730001')).toBe(true);
    const again = await commitSyncStep(writer, {
      runId,
      now: T1,
      batches: [batch('730001', 3400), batch('730002', 1400)],
    });
    expect(again.counts.batchesSynced).toBe(1);
    expect([...again.touched]).toEqual(['730002']);
    expect(
      await read(
        reader.db.selectFrom('batches').select(['id', 'total_cents', 'first_seen_at', 'updated_at']).orderBy('id'),
      ),
    ).toEqual([
      { id: '730001', total_cents: 3400, first_seen_at: T0, updated_at: T0 },
      { id: '730002', total_cents: 1400, first_seen_at: T0, updated_at: T1 },
    ]);
    expect((await getRun(reader, runId)).batchesSynced).toBe(3);
  });

  it('replaces a day of GL lines whole, naming the deposits whose lines changed', async () => {
    const day = '2026-03-02';
    const lines = [glLine('g1', '730001', 2500), glLine('g1', '730001', 900), glLine('g2', '730002', 1400)];
    const first = await commitSyncStep(writer, {
      runId,
      now: T0,
      glDay: { date: day, rows: lines },
      setCursors: { 'gl.done': day },
    });
    expect([...first.touched].sort()).toEqual(['730001', '730002']);
    expect(first.counts.glBatchesSynced).toBe(3);
    const same = await commitSyncStep(writer, { runId, now: T1, glDay: { date: day, rows: [...lines].reverse() } });
    expect([...same.touched]).toEqual([]);
    const changed = await commitSyncStep(writer, {
      runId,
      now: T2,
      glDay: {
        date: day,
        rows: [glLine('g1', '730001', 2500), glLine('g1', '730001', 900), glLine('g2', '730002', 1500)],
      },
    });
    expect([...changed.touched]).toEqual(['730002']);
    expect(
      await read(
        reader.db
          .selectFrom('gl_batches')
          .select(['gl_batch_id', 'batch_id', 'amount_cents', 'synced_at'])
          .orderBy('amount_cents'),
      ),
    ).toEqual([
      { gl_batch_id: 'g1', batch_id: '730001', amount_cents: 900, synced_at: T2 },
      { gl_batch_id: 'g2', batch_id: '730002', amount_cents: 1500, synced_at: T2 },
      { gl_batch_id: 'g1', batch_id: '730001', amount_cents: 2500, synced_at: T2 },
    ]);
    expect(await getCursor(reader, 'gl.done')).toBe(day);
    expect((await getRun(reader, runId)).glBatchesSynced).toBe(9);
  });

  it('clears the deposits checked, and runs a bulk write', async () => {
    await clearBatchesToCheck(writer, ['730001', '730009']);
    expect(await batchesToCheck(reader)).toEqual(['730002']);
    expect(await withBulkCheckpoints(writer, async () => (await batchesToCheck(reader)).length)).toBe(1);
    await clearBatchesToCheck(writer, []);
    expect(await batchesToCheck(reader)).toEqual(['730002']);
  });
}

describe('the sync store on SQLite', () => {
  behavesTheSame(async () => {
    const store = await createTestDb({ file: true });
    return { writer: store.writer, reader: store.reader, close: () => store.cleanup() };
  });
});

describePostgres('the sync store on PostgreSQL', () => {
  const database = usePostgresTestDatabase();
  behavesTheSame(async () => {
    const store = await openPostgresStore(database().url);
    return { ...portableHandles(store.writer, store.reader), close: () => store.close() };
  });
});
