/**
 * The "reads and records" store modules run on both dialects (issue 16): the same tests, with the
 * same rows, on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portableHandles, type PortableReadable, type PortableWritable } from '../../../electron/engine/store/handles';
import { openPostgresStore, type PostgresStore } from '../../../electron/engine/store/postgres/open';
import { readStoredSettings, writeStoredSettings } from '../../../electron/engine/store/settings';
import {
  disableUser,
  findUserById,
  findUserByName,
  insertUser,
  listUsers,
  updatePasswordHash,
} from '../../../electron/engine/store/users';
import { deleteSession, findLiveSession, insertSession } from '../../../electron/engine/store/sessions';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  settleIdempotencyKey,
} from '../../../electron/engine/store/idempotency';
import { daySummary } from '../../../electron/engine/store/daySummary';
import {
  batchesInReviewState,
  batchParts,
  dailyDepositTotals,
  getBatchRow,
  listBatchRows,
} from '../../../electron/engine/store/batches';
import {
  batchesByIds,
  batchesWithStaleChecks,
  checksOf,
  glTotalsOfBatch,
  saveChecks,
  transactionsOfBatch,
  unbatchedLike,
} from '../../../electron/engine/store/checks';
import {
  acknowledgeChangeRows,
  batchChangesSince,
  countUnacknowledged,
  listChangeRows,
  newestUnacknowledgedTransactions,
  unacknowledgedByKind,
} from '../../../electron/engine/store/changes';
import {
  completeExport,
  forgetExport,
  listExports,
  pendingExport,
  pendingExports,
  receiptsOf,
  setExportOutput,
} from '../../../electron/engine/store/exports';
import { databaseStatus } from '../../../electron/engine/store/status';
import { reversalFacts } from '../../../electron/engine/store/reversals';
import type { TransactionFilter } from '../../../shared/contract';
import { countTransactions, getTransaction, listTransactions } from '../../../electron/engine/store/transactionQueries';
import { seekTransactions } from '../../../electron/engine/store/transactionSeek';
import { glCoverage, hasGlRowsBetween } from '../../../electron/engine/store/exportCoverage';
import {
  bankLinesToSettle,
  depositsIn,
  depositTotals,
  unacknowledgedReversals,
} from '../../../electron/engine/store/morning';
import { execute, firstOf, rowsOf, runRead, runWrite } from '../../../electron/engine/store/work';
import { createTestDb } from '../../helpers/db';
import { describePostgres, usePostgresTestDatabase } from '../../helpers/postgres';

const T0 = '2026-03-03T00:00:00.000Z';

/** Two payees; deposits B1 (payee 1, CC, Mar 2, ties out), B2 (payee 2, ACH, Mar 3, short a row), B3 (payee 1, CC, Mar 3). */
async function seed(writer: PortableWritable): Promise<void> {
  await runWrite(writer, function* (db) {
    for (const [id, name] of [
      [1, 'Athletics'],
      [2, 'Band'],
    ] as const) {
      yield* execute(
        db.insertInto('payees').values({ id, name, merchant_id: `m${id}`, removed: 0, raw: '{}', updated_at: T0 }),
      );
    }
    const batch = (id: string, payee: number, date: string, method: string, cents: number, count: number) =>
      db.insertInto('batches').values({
        id,
        payee_id: payee,
        date,
        payment_method: method,
        total_cents: cents,
        fees_cents: 0,
        partial_cents: cents,
        total_count: count,
        raw: '{}',
        first_seen_at: T0,
        updated_at: T0,
      });
    yield* execute(batch('B1', 1, '2026-03-02', 'CC', 3000, 2));
    yield* execute(batch('B2', 2, '2026-03-03', 'ACH', 5000, 2));
    yield* execute(batch('B3', 1, '2026-03-03', 'CC', 700, 1));
    const txn = (id: number, payee: number, method: string, date: string, cents: number, batchId: string | null) =>
      db.insertInto('transactions').values({
        id,
        order_id: id + 1000,
        payee_id: payee,
        payment_method: method,
        status: 'Settled',
        status_message: null,
        amount_cents: cents,
        amount_refunded_cents: 0,
        convenience_fee_cents: 25,
        tax_cents: 0,
        shipping_cents: 0,
        batch_id: batchId,
        data: `Ticket for game ${id}`,
        payer_name: id % 2 ? 'Jane Doe' : 'John Roe',
        gl_account_id: null,
        business_date: date,
        raw: '{}',
        first_seen_at: T0,
        updated_at: T0,
        first_seen_run_id: null,
        first_status: 'Settled',
      });
    yield* execute(txn(11, 1, 'CC', '2026-03-02', 1000, 'B1'));
    yield* execute(txn(12, 1, 'CC', '2026-03-02', 2000, 'B1'));
    yield* execute(txn(21, 2, 'ACH', '2026-03-03', 5000, 'B2'));
    yield* execute(txn(31, 1, 'CC', '2026-03-03', 700, 'B3'));
    yield* execute(txn(40, 1, 'CC', '2026-03-01', 900, null));
    const gl = (glBatchId: string, batchId: string, payee: number, date: string, cents: number) =>
      db.insertInto('gl_batches').values({
        gl_batch_id: glBatchId,
        date,
        batch_id: batchId,
        payee_id: payee,
        gl_account_id: null,
        gl_number: '4100-000',
        gl_label: 'Athletics',
        amount_cents: cents,
        amount_without_fees_cents: cents - 10,
        count: 1,
        raw: '{}',
        synced_at: T0,
      });
    yield* execute(gl('g1', 'B1', 1, '2026-03-02', 3000));
    yield* execute(gl('g2', 'B2', 2, '2026-03-03', 5000));
    yield* execute(gl('g3', 'B3', 1, '2026-03-03', 700));
    const change = (transactionId: number, kind: string, toStatus: string, seenAt: string, delta: number | null) =>
      db.insertInto('transaction_changes').values({
        transaction_id: transactionId,
        kind,
        from_status: 'Settled',
        to_status: toStatus,
        delta_cents: delta,
        detail: `${kind} ${transactionId}`,
        sync_run_id: null,
        seen_at: seenAt,
        acknowledged_at: null,
        acknowledged_by: null,
      });
    yield* execute(change(11, 'refunded', 'Settled', '2026-03-04T10:00:00.000Z', 500));
    yield* execute(change(21, 'returned', 'Returned', '2026-03-05T10:00:00.000Z', null));
    yield* execute(change(31, 'voided', 'Voided', '2026-03-05T11:00:00.000Z', null));
    yield* execute(
      db.insertInto('batch_reviews').values({
        batch_id: 'B3',
        action: 'sign_off',
        by: 'Ann',
        at: '2026-03-04T15:00:00.000Z',
        note: null,
        total_cents: 700,
        fees_cents: 0,
        partial_cents: 700,
        total_count: 1,
        fingerprint: 'f3',
      }),
    );
    yield* execute(
      db.insertInto('batch_reviews').values({
        batch_id: 'B3',
        action: 'reopen',
        by: 'District Recon',
        at: '2026-03-05T15:00:00.000Z',
        note: 'changed',
        total_cents: 700,
        fees_cents: 0,
        partial_cents: 700,
        total_count: 1,
        fingerprint: 'f3',
      }),
    );
  });
}

interface Handles {
  writer: PortableWritable;
  reader: PortableReadable;
  close(): Promise<void>;
}

function behavesTheSame(open: () => Promise<Handles>) {
  let writer: PortableWritable;
  let reader: PortableReadable;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ writer, reader, close } = await open());
    await seed(writer);
  }, 120_000);
  afterAll(() => close());

  it('settings: written in one unit, an existing key replaced, read back as JSON', async () => {
    await writeStoredSettings(writer, [
      ['a', 1],
      ['b', { x: 'y' }],
    ]);
    await writeStoredSettings(writer, [['a', 2]]);
    expect(Object.fromEntries(await readStoredSettings(reader))).toEqual({ a: 2, b: { x: 'y' } });
  });

  it('users: a name taken in any case is refused; disabling and a new password end the sessions', async () => {
    expect(await insertUser(writer, { name: 'Ana', role: 'approver', passwordHash: 'h1', createdAt: T0 })).toBe(true);
    expect(await insertUser(writer, { name: 'ANA', role: 'viewer', passwordHash: 'h2', createdAt: T0 })).toBe(false);
    expect(await insertUser(writer, { name: 'Ben', role: 'preparer', passwordHash: 'h3', createdAt: T0 })).toBe(true);
    const ana = await findUserByName(reader, 'ana');
    expect(ana).toMatchObject({ name: 'Ana', role: 'approver', password_hash: 'h1', disabled: 0 });
    expect(await findUserById(reader, ana!.id)).toEqual(ana);
    expect((await listUsers(reader)).map((u) => u.name)).toEqual(['Ana', 'Ben']);

    const session = (id: string, userId: number, createdAt: string, expiresAt: string) => ({
      id_hash: id,
      user_id: userId,
      created_at: createdAt,
      expires_at: expiresAt,
      csrf_token: `csrf-${id}`,
    });
    await insertSession(writer, session('s-old', ana!.id, '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'));
    await insertSession(writer, session('s1', ana!.id, '2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z'));
    // The expired session went when s1 started.
    expect(await findLiveSession(reader, 's-old', '2026-03-01T12:00:00.000Z')).toBeUndefined();
    const live = await findLiveSession(reader, 's1', '2026-03-03T12:00:00.000Z');
    expect(live?.session.csrf_token).toBe('csrf-s1');
    expect(live?.user).toEqual(ana);
    expect(await findLiveSession(reader, 's1', '2026-03-04T00:00:00.000Z')).toBeUndefined();

    expect(await updatePasswordHash(writer, 'ANA', 'h9')).toBe(true);
    expect(await findLiveSession(reader, 's1', '2026-03-03T12:00:00.000Z')).toBeUndefined();
    expect((await findUserByName(reader, 'Ana'))?.password_hash).toBe('h9');

    await insertSession(writer, session('s2', ana!.id, '2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z'));
    await deleteSession(writer, 's2');
    expect(await findLiveSession(reader, 's2', '2026-03-03T12:00:00.000Z')).toBeUndefined();
    await insertSession(writer, session('s3', ana!.id, '2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z'));
    expect(await disableUser(writer, 'ana')).toBe(true);
    expect(await findLiveSession(reader, 's3', '2026-03-03T12:00:00.000Z')).toBeUndefined();
    expect((await findUserByName(reader, 'Ana'))?.disabled).toBe(1);
    expect(await disableUser(writer, 'nobody')).toBe(false);
    expect(await updatePasswordHash(writer, 'nobody', 'x')).toBe(false);
  });

  it('idempotency: of 10 claims of one key at once, one claims it; settled, a retry gets the answer', async () => {
    const ben = (await findUserByName(reader, 'Ben'))!;
    const claim = (key: string, createdAt = '2026-03-03T10:00:00.000Z') =>
      claimIdempotencyKey(
        writer,
        { userId: ben.id, key, method: 'signOff', requestHash: 'r1', createdAt },
        '2026-03-02T10:00:00.000Z',
      );
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => claim('k1')));
    expect(outcomes.filter((o) => o === undefined)).toHaveLength(1);
    for (const o of outcomes.filter((o) => o !== undefined)) expect(o).toMatchObject({ key: 'k1', status: null });
    await settleIdempotencyKey(writer, ben.id, 'k1', 200, '{"ok":true}');
    expect(await claim('k1')).toMatchObject({ status: 200, response: '{"ok":true}', request_hash: 'r1' });
    // A settled key is kept; a released unsettled one can be claimed again.
    await releaseIdempotencyKey(writer, ben.id, 'k1');
    expect(await claim('k2')).toBeUndefined();
    await releaseIdempotencyKey(writer, ben.id, 'k2');
    expect(await claim('k2')).toBeUndefined();
    // A key older than the expiry goes before the claim, which then claims it anew.
    await settleIdempotencyKey(writer, ben.id, 'k2', 200, '{}');
    expect(await claim('k1', '2026-03-03T11:00:00.000Z')).toMatchObject({ status: 200 });
    await claimIdempotencyKey(
      writer,
      { userId: ben.id, key: 'k9', method: 'm', requestHash: 'r', createdAt: '2026-03-09T00:00:00.000Z' },
      '2026-03-08T00:00:00.000Z',
    );
    expect(await claim('k1', '2026-03-09T00:00:00.000Z')).toBeUndefined();
  });

  it('daySummary: per day, payee and method, local against batches and GL', async () => {
    expect(await daySummary(reader, '2026-03-01', '2026-03-31')).toEqual([
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
    expect(await daySummary(reader, '2026-03-03', '2026-03-03')).toHaveLength(2);
  });

  it('checks: inputs of a batch, saved verdicts upserted, stale ones found', async () => {
    expect((await batchesByIds(reader, ['B2', 'B1'])).map((b) => b.id).sort()).toEqual(['B1', 'B2']);
    expect(await batchesByIds(reader, [])).toEqual([]);
    expect(await transactionsOfBatch(reader, 'B1')).toEqual([
      { id: 11, amount_cents: 1000, amount_refunded_cents: 0, convenience_fee_cents: 25, status: 'Settled' },
      { id: 12, amount_cents: 2000, amount_refunded_cents: 0, convenience_fee_cents: 25, status: 'Settled' },
    ]);
    expect(await glTotalsOfBatch(reader, 'B1')).toEqual({ rows: 1, amount: 3000, net: 2990 });
    expect(await glTotalsOfBatch(reader, 'none')).toEqual({ rows: 0, amount: 0, net: 0 });
    const b1 = (await getBatchRow(reader, 'B1'))!;
    expect(await unbatchedLike(reader, b1, '2026-02-25', ['Settled'], 10)).toEqual([
      { id: 40, amount_cents: 900, convenience_fee_cents: 25 },
    ]);
    expect((await batchesWithStaleChecks(reader)).sort()).toEqual(['B1', 'B2', 'B3']);
    const row = {
      batch_id: 'B1',
      verdict: 'ties_out',
      difference_cents: 0,
      checks: '[]',
      fingerprint: 'f1',
      computed_at: '2026-03-03T01:00:00.000Z',
    };
    await saveChecks(writer, row);
    await saveChecks(writer, { ...row, verdict: 'differs', difference_cents: -5 });
    await saveChecks(writer, { ...row, batch_id: 'B2', verdict: 'differs', difference_cents: 100 });
    await saveChecks(writer, { ...row, batch_id: 'B3', fingerprint: 'f3' });
    expect(await checksOf(reader, 'B1')).toEqual({ ...row, verdict: 'differs', difference_cents: -5 });
    expect(await batchesWithStaleChecks(reader)).toEqual([]);
  });

  it('batches: keyset pages with verdicts, one batch with its parts, review states, daily totals', async () => {
    const page = await listBatchRows(reader, {}, null, 2);
    expect(page.map((b) => [b.id, b.payee_name, b.verdict])).toEqual([
      ['B3', 'Athletics', 'ties_out'],
      ['B2', 'Band', 'differs'],
    ]);
    expect((await listBatchRows(reader, {}, { date: '2026-03-03', id: 'B2' }, 2)).map((b) => b.id)).toEqual(['B1']);
    expect(
      (await listBatchRows(reader, { payeeIds: [1], verdicts: ['differs'], from: '2026-03-01' }, null, 9)).map(
        (b) => b.id,
      ),
    ).toEqual(['B1']);
    const b1 = (await getBatchRow(reader, 'B1'))!;
    const parts = await batchParts(reader, b1);
    expect(parts.payeeName).toBe('Athletics');
    expect(parts.checks?.verdict).toBe('differs');
    expect(parts.transactions.map((t) => t.id)).toEqual([11, 12]);
    expect(parts.glRows.map((g) => g.gl_batch_id)).toEqual(['g1']);
    expect(parts.history).toEqual([]);
    expect((await batchesInReviewState(reader, 'open', 10)).map((b) => b.id)).toEqual(['B2', 'B1']);
    expect((await batchesInReviewState(reader, 'reopened', 10)).map((b) => b.id)).toEqual(['B3']);
    expect(await dailyDepositTotals(reader, '2026-03-02')).toEqual([
      { date: '2026-03-02', payeeId: 1, paymentMethod: 'CC', totalCents: 3000 },
      { date: '2026-03-03', payeeId: 1, paymentMethod: 'CC', totalCents: 700 },
      { date: '2026-03-03', payeeId: 2, paymentMethod: 'ACH', totalCents: 5000 },
    ]);
  });

  it('changes: pages, counts by kind, newest transactions, acknowledging, changes of a batch', async () => {
    const all = await listChangeRows(reader, { unacknowledgedOnly: true, limit: 10 });
    expect(all.map((c) => [c.transaction_id, c.kind, c.batch_id])).toEqual([
      [31, 'voided', 'B3'],
      [21, 'returned', 'B2'],
      [11, 'refunded', 'B1'],
    ]);
    expect(
      (await listChangeRows(reader, { unacknowledgedOnly: false, beforeId: all[0]!.id, limit: 1 })).map((c) => c.id),
    ).toEqual([all[1]!.id]);
    expect(
      (await unacknowledgedByKind(reader)).sort((a, b) => a.kind.localeCompare(b.kind)).map((k) => [k.kind, k.count]),
    ).toEqual([
      ['refunded', 1],
      ['returned', 1],
      ['voided', 1],
    ]);
    expect(await newestUnacknowledgedTransactions(reader, ['refunded', 'returned'], null, 5)).toEqual([21, 11]);
    expect(await newestUnacknowledgedTransactions(reader, ['returned', 'voided'], ['Voided'], 5)).toEqual([31]);
    expect(await batchChangesSince(reader, 'B1', '2026-03-01T00:00:00.000Z', 10)).toEqual([
      { transaction_id: 11, kind: 'refunded', detail: 'refunded 11' },
    ]);
    expect(await batchChangesSince(reader, 'B1', '2026-03-01T00:00:00.000Z', 10, ['refunded'])).toEqual([]);
    expect(await countUnacknowledged(reader)).toBe(3);
    expect(await acknowledgeChangeRows(writer, { kinds: ['returned'] }, 'Ann', '2026-03-06T00:00:00.000Z')).toBe(1);
    expect(await acknowledgeChangeRows(writer, { ids: [] }, 'Ann', '2026-03-06T00:00:00.000Z')).toBe(0);
    expect(await countUnacknowledged(reader)).toBe(2);
  });

  it('morning: deposits by state and verdict, the farthest off first, reversals waiting, bank lines to settle', async () => {
    expect(
      (await depositTotals(reader)).sort((a, b) => `${a.state}${a.verdict}`.localeCompare(`${b.state}${b.verdict}`)),
    ).toEqual([
      { state: 'open', verdict: 'differs', count: 2, totalCents: 8000, differenceCents: 105 },
      { state: 'reopened', verdict: 'ties_out', count: 1, totalCents: 700, differenceCents: 0 },
    ]);
    expect((await depositsIn(reader, 'open', ['differs'], 10)).map((b) => [b.id, b.payee_name])).toEqual([
      ['B2', 'Band'],
      ['B1', 'Athletics'],
    ]);
    expect((await depositsIn(reader, 'reopened', null, 10)).map((b) => b.id)).toEqual(['B3']);
    const refund = await runRead(reader, function* (db) {
      return yield* firstOf(db.selectFrom('transaction_changes').select('id').where('kind', '=', 'refunded'));
    });
    // The return was acknowledged above; a voided sale is not a reversal.
    expect(await unacknowledgedReversals(reader)).toEqual([
      { changeId: refund!.id, seenAt: '2026-03-04T10:00:00.000Z' },
    ]);

    expect(await bankLinesToSettle(reader)).toBeNull();
    await runWrite(writer, function* (db) {
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
    expect(await bankLinesToSettle(reader)).toEqual({ unmatched: 1, suggested: 1 });
  });

  it('exports: totals and contents recorded in one unit, completed with the receipt sequence, or forgotten', async () => {
    const values = (from: string, to: string, payeeIds: number[], methods: string[]) =>
      pendingExport({
        createdAt: '2026-03-06T15:00:00.000Z',
        scope: { from, to, payeeIds, methods },
        layout: 'ascender',
        file: `/exports/${from}.csv`,
        companionFile: null,
        createdBy: 'Ann',
      });
    const insert = (row: ReturnType<typeof values>) =>
      runWrite(writer, function* (db) {
        const [inserted] = yield* rowsOf(db.insertInto('exports').values(row).returning('id'));
        return inserted!.id;
      });
    expect(await glCoverage(reader)).toEqual({
      first: '2026-03-02',
      last: '2026-03-03',
      oldestUnexported: '2026-03-02',
    });
    expect(await hasGlRowsBetween(reader, '2026-03-03', '2026-03-04')).toBe(true);
    expect(await hasGlRowsBetween(reader, '2026-03-04', '2026-03-10')).toBe(false);

    const first = await insert(values('2026-03-02', '2026-03-02', [1], []));
    const dropped = await insert(values('2026-03-03', '2026-03-03', [], []));
    const refund = (await unacknowledgedReversals(reader))[0]!.changeId;
    const receipts = Array.from({ length: 600 }, (_, i) => ({
      receipt: String(17 + i),
      kind: 'deposit' as const,
      batchId: 'B1',
      changeId: null,
      date: '2026-03-02',
    }));
    await setExportOutput(
      writer,
      first,
      { rowCount: 2, totalCents: 3000, totalWithoutFeesCents: 2990, sha256: 'h1' },
      { changeIds: [refund, refund], receipts },
    );
    await setExportOutput(
      writer,
      dropped,
      { rowCount: 1, totalCents: 700, totalWithoutFeesCents: 690, sha256: 'h2' },
      { changeIds: [refund], receipts: [{ ...receipts[0]!, receipt: '9000' }] },
    );
    expect((await pendingExports(reader)).map((e) => [e.id, e.sha256])).toEqual([
      [first, 'h1'],
      [dropped, 'h2'],
    ]);
    const record = await completeExport(writer, first);
    expect(record).toMatchObject({
      id: first,
      payeeIds: [1],
      methods: [],
      rowCount: 2,
      totalCents: 3000,
      sha256: 'h1',
    });
    await expect(completeExport(writer, first)).rejects.toThrow(`export ${first} is no longer pending`);
    expect((await readStoredSettings(reader)).get('ascenderNextReceipt')).toBe(617);
    expect((await receiptsOf(reader, first)).length).toBe(600);
    await forgetExport(writer, dropped);
    expect(await pendingExports(reader)).toEqual([]);
    expect(await receiptsOf(reader, dropped)).toEqual([]);
    expect((await listExports(reader)).map((e) => e.id)).toEqual([first]);
    const reversals = await runRead(reader, function* (db) {
      return yield* rowsOf(db.selectFrom('export_reversals').select(['export_id', 'change_id']));
    });
    expect(reversals).toEqual([{ export_id: first, change_id: refund }]);

    // The first export covers payee 1's Mar 2; one of Band's ACH on Mar 3 leaves payee 1's Mar 3 open.
    expect((await glCoverage(reader)).oldestUnexported).toBe('2026-03-03');
    const ach = await insert(values('2026-03-03', '2026-03-03', [], ['ACH']));
    await completeExport(writer, ach);
    expect((await glCoverage(reader)).oldestUnexported).toBe('2026-03-03');
    const all = await insert(values('2026-03-01', '2026-03-31', [], []));
    await completeExport(writer, all);
    expect(await glCoverage(reader)).toEqual({ first: '2026-03-02', last: '2026-03-03', oldestUnexported: null });
  });

  it('status: counts, date spans and the sync state of the database', async () => {
    const status = await databaseStatus(reader, 'the database');
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

  it('reversals: the facts of a scope read in one unit, chunked lists included', async () => {
    await runWrite(writer, function* (db) {
      yield* execute(
        db
          .insertInto('gl_accounts')
          .values({ id: 'a1', number: '4100-000', label: 'Athletics tickets', removed: 0, raw: '{}', updated_at: T0 }),
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
    const refund = (await unacknowledgedReversals(reader))[0]!.changeId;
    const exportId = (await listExports(reader)).at(-1)!.id;
    const facts = await reversalFacts(reader, { batchId: 'B1' });
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
      },
    ]);
    expect(facts.items).toEqual([{ transactionId: 11, glNumber: '4100-000', amountCents: 1000 }]);
    expect(facts.partLines).toEqual([{ batchId: 'B1', part: 'fee', glNumber: '5900-000' }]);
    expect([...facts.labels]).toEqual([['4100-000', 'Athletics tickets']]);
    expect([...facts.exported]).toEqual([[refund, exportId]]);
    // The return of Band's deposit is a reversal too; scoped by when it was seen and by payee.
    const march5 = { seenFrom: '2026-03-05T00:00:00.000Z', seenBefore: '2026-03-06T00:00:00.000Z' };
    expect((await reversalFacts(reader, march5)).changes.map((c) => [c.transactionId, c.changeKind])).toEqual([
      [21, 'returned'],
    ]);
    expect((await reversalFacts(reader, { ...march5, payeeIds: [1] })).changes).toEqual([]);
    expect(await reversalFacts(reader, { batchId: 'B3' })).toEqual({
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
        const page = await listTransactions(reader, filter, cursor, limit);
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
    expect(await countTransactions(reader, { payeeIds: [1] })).toBe(4);
    expect(await countTransactions(reader, {})).toBe(5);
    // Text search: by substring, any case, newest transaction number first.
    expect(await all({ search: 'jane' })).toEqual([31, 21, 11]);
    expect(await countTransactions(reader, { search: 'jane' })).toBe(3);
    expect(await all({ search: 'JANE', payeeIds: [1] })).toEqual([31, 11]);
    expect(await all({ search: 'game 1' })).toEqual([12, 11]);
    expect(await all({ search: 'Jane Doe', methods: ['CC'] })).toEqual([31, 11]);
    expect(await all({ search: 'Jo' })).toEqual([12, 40]);
    expect(await all({ search: '21' })).toEqual([21]);
    expect(await all({ search: '1011' })).toEqual([11]);
    expect(await countTransactions(reader, { search: '50%' })).toBe(0);

    expect(await seekTransactions(reader, {}, 0)).toBeNull();
    expect(await all({}, 10, await seekTransactions(reader, {}, 2))).toEqual([12, 11, 40]);
    expect(await all({ payeeIds: [1, 2] }, 10, await seekTransactions(reader, { payeeIds: [1, 2] }, 3))).toEqual([
      11, 40,
    ]);
    expect(await all({}, 10, await seekTransactions(reader, {}, 99))).toEqual([]);
    expect(await all({ search: 'jane' }, 10, await seekTransactions(reader, { search: 'jane' }, 1))).toEqual([21, 11]);

    const detail = await getTransaction(reader, 11);
    expect(detail.transaction).toMatchObject({ id: 11, orderId: 1011, amountCents: 1000, batchId: 'B1' });
    expect(detail.payeeName).toBe('Athletics');
    expect(detail.items).toEqual([expect.objectContaining({ itemId: 'i1', amountCents: 1000, glAccountId: 'a1' })]);
    expect(detail.changes.map((c) => [c.kind, c.batchId])).toEqual([
      ['first_seen', 'B1'],
      ['refunded', 'B1'],
    ]);
    await expect(getTransaction(reader, 5)).rejects.toThrow('Transaction 5 is not in the local copy');
    await expect(listTransactions(reader, {}, 'garbage', 10)).rejects.toThrow('The page cursor');
  });
}

describe('reads and records on SQLite', () => {
  behavesTheSame(async () => {
    const store = await createTestDb({ file: true });
    return { writer: store.writer, reader: store.reader, close: () => store.cleanup() };
  });
});

describePostgres('reads and records on PostgreSQL', () => {
  const database = usePostgresTestDatabase();
  behavesTheSame(async () => {
    const store: PostgresStore = await openPostgresStore(database().url);
    return { ...portableHandles(store.writer, store.reader), close: () => store.close() };
  });
});
