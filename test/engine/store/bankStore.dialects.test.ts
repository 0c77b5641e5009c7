/**
 * The bank store (statements, lines, matches, explanations, mappings) behaves the same on SQLite and
 * on PostgreSQL: the same `it`s run on a SQLite file and on a fresh PostgreSQL database, with real
 * rows through the store's functions and the engine's bank modules above them. The `it`s build on
 * each other: import, match, decide, race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmMatch, explain, unexplain, unmatchLine } from '../../../electron/engine/bank/decisions';
import { runBankMatching } from '../../../electron/engine/bank/rematch';
import {
  getMappingJson,
  listMappingRows,
  removeMapping,
  saveMappingJson,
  accountSummaries,
  batchBankSide,
  lineDetail,
  lineStateCounts,
  listLineRows,
  toLineSummaries,
  unheldBatches,
} from '../../../electron/engine/store/bank';
import { listStatementRows, storeStatement, type StatementLineRow } from '../../../electron/engine/store/bank';
import { portableHandles, type ReadableDB, type WritableDB } from '../../../electron/engine/store/work';
import { openPostgresStore } from '../../../electron/engine/store/dialect';
import { execute, rowsOf, runRead, runWrite } from '../../../electron/engine/store/work';
import { createTestDb } from '../../helpers/db';
import { batchRow, returnedRow } from '../bank/bankFixtures';
import { describePostgres, usePostgresTestDatabase } from '../../helpers/postgres';

const SEEN = '2026-03-01T12:00:00.000Z';
const ACCOUNT = '0012345678';
const OTHER = '0099';

interface Handles {
  writer: WritableDB;
  reader: ReadableDB;
  close(): Promise<void>;
}

function line(account: string, postedDate: string, amountCents: number, reference: string): StatementLineRow {
  return {
    account,
    postedDate,
    amountCents,
    typeCode: amountCents > 0 ? '165' : '475',
    bankReference: reference,
    text: `LINE ${reference}`,
    raw: `16,165,${amountCents},,${reference}/`,
    identity: `${postedDate}|${amountCents}|${reference}`,
    lineNumber: Number(reference.replace(/\D/g, '')),
  };
}

async function seed(writer: WritableDB): Promise<void> {
  const batch = (id: string, date: string, totalCents: number, partialCents = totalCents, payeeId = 1) =>
    batchRow({ id, date, totalCents, partialCents, payeeId }, SEEN);
  await runWrite(writer, function* (db) {
    yield* execute(
      db
        .insertInto('batches')
        .values([
          batch('B1', '2026-03-02', 10_000),
          batch('B2', '2026-03-02', 5_000, 4_800),
          batch('B5', '2026-03-05', 3_000, 3_000, 5),
          batch('B6', '2026-03-05', 3_000, 3_000, 6),
          batch('B7', '2026-01-12', 777),
          batch('LOST', '2026-02-20', 700),
        ]),
    );
    yield* execute(
      db.insertInto('transactions').values(returnedRow({ id: 9001, date: '2026-03-02', amountCents: 1_234 }, SEEN)),
    );
  });
}

const L1 = line(ACCOUNT, '2026-03-03', 10_000, 'R1');
const L2 = line(ACCOUNT, '2026-03-04', 4_800, 'R2');
const L3 = line(ACCOUNT, '2026-03-06', 3_000, 'R3');
const L4 = line(ACCOUNT, '2026-03-04', -1_234, 'R4');
const L5 = line(ACCOUNT, '2026-03-05', -35, 'R5');
const L6 = line(OTHER, '2026-03-10', 123, 'R6');
const L7 = line(ACCOUNT, '2026-03-11', -20, 'R7');
const L8 = line(ACCOUNT, '2026-03-12', 777, 'R8');
const L9 = line(ACCOUNT, '2026-03-13', 777, 'R9');

const statement = (
  sha256: string,
  lines: StatementLineRow[],
  accounts: { account: string; currency: string | null }[],
) => ({
  fileName: `${sha256}.bai`,
  sha256,
  format: 'bai2' as const,
  importedAt: '2026-03-20T18:00:00.000Z',
  importedBy: 'Ann',
  lines,
  accountsSoFar: () => accounts,
  summary: () => ({ range: { from: '2026-02-01', to: '2026-03-31' }, accounts }),
});

const actor = { by: 'Ann', at: '2026-03-20T18:00:00.000Z' };

function behavesTheSame(open: () => Promise<Handles>) {
  let writer: WritableDB;
  let reader: ReadableDB;
  let close: () => Promise<void>;
  const ids = new Map<StatementLineRow, number>();
  const idOf = (l: StatementLineRow) => ids.get(l)!;
  beforeAll(async () => {
    ({ writer, reader, close } = await open());
    await seed(writer);
  }, 120_000);
  afterAll(() => close());

  it('stores a statement with its new lines once, and looks up every line of a file again', async () => {
    const first = await storeStatement(
      writer,
      statement('sha-1', [L1, L2, L3, L4, L5, L6, L1], [{ account: ACCOUNT, currency: 'USD' }]),
    );
    expect(first).toMatchObject({ alreadyImported: false, newLines: 6 });
    expect(first.lineIds).toHaveLength(7);
    expect(new Set(first.lineIds).size).toBe(6);
    expect(first.lineIds[6]).toBe(first.lineIds[0]);
    [L1, L2, L3, L4, L5, L6].forEach((l, i) => ids.set(l, first.lineIds[i]!));

    const again = await storeStatement(writer, statement('sha-1', [L1, L2, L3, L4, L5, L6, L1], []));
    expect(again).toEqual({ ...first, alreadyImported: true, newLines: 0 });

    const overlapping = await storeStatement(
      writer,
      statement(
        'sha-2',
        [L5, L7, L8, L9],
        [
          { account: ACCOUNT, currency: null },
          { account: OTHER, currency: 'CAD' },
        ],
      ),
    );
    expect(overlapping.newLines).toBe(3);
    expect(overlapping.lineIds[0]).toBe(idOf(L5));
    [L7, L8, L9].forEach((l, i) => ids.set(l, overlapping.lineIds[i + 1]!));

    const statements = await listStatementRows(reader, 10);
    expect(statements.map((s) => [s.sha256, s.line_count, s.new_line_count])).toEqual([
      ['sha-2', 4, 3],
      ['sha-1', 7, 6],
    ]);
    // A currency once known stays; one not known yet is filled in.
    expect(await accountSummaries(reader)).toEqual([
      { id: expect.any(Number), number: ACCOUNT, currency: 'USD', lineCount: 8, lastPostedDate: '2026-03-13' },
      { id: expect.any(Number), number: OTHER, currency: 'CAD', lineCount: 1, lastPostedDate: '2026-03-10' },
    ]);
  });

  it('matches, suggests and leaves unmatched in one run, and reads the lines in every state', async () => {
    const run = await runBankMatching(writer, { windowDays: 5, at: '2026-03-20T18:05:00.000Z' });
    // L1 exact, L2 net, L4 its return; L3 two candidates; L5, L6, L7, L8, L9 nothing.
    expect(run).toEqual({ matched: 3, suggested: 1, unmatched: 5, released: 0, changed: true });
    expect(await runBankMatching(writer, { windowDays: 5, at: '2026-03-20T18:06:00.000Z' })).toMatchObject({
      matched: 0,
      changed: false,
    });
    expect(await lineStateCounts(reader, [...ids.values(), idOf(L1)])).toEqual({
      matched: 3,
      suggested: 1,
      unmatched: 5,
      explained: 0,
    });

    const suggested = await listLineRows(reader, { statuses: ['suggested'] }, null, 10);
    expect(suggested.map((r) => [r.id, r.account, r.status])).toEqual([[idOf(L3), ACCOUNT, 'suggested']]);
    const [summary] = await toLineSummaries(reader, suggested);
    expect(summary!.suggestions.map((s) => [s.rank, s.batchIds])).toEqual([
      [1, ['B5']],
      [2, ['B6']],
    ]);
    expect((await listLineRows(reader, { accounts: [OTHER] }, null, 10)).map((r) => r.id)).toEqual([idOf(L6)]);
    expect(
      (await listLineRows(reader, { direction: 'debit', from: '2026-03-05', to: '2026-03-11' }, null, 10)).map(
        (r) => r.id,
      ),
    ).toEqual([idOf(L7), idOf(L5)]);
    const page1 = await listLineRows(reader, {}, null, 3);
    expect(page1.map((r) => r.id)).toEqual([idOf(L9), idOf(L8), idOf(L7)]);
    const page2 = await listLineRows(reader, {}, { date: page1[2]!.posted_date, id: page1[2]!.id }, 3);
    expect(page2.map((r) => r.id)).toEqual([idOf(L6), idOf(L3), idOf(L5)]);

    const detail = await lineDetail(reader, idOf(L4));
    expect(detail?.summary.match).toMatchObject({ how: 'return', transactionId: 9001, status: 'matched' });
    expect(detail?.statement.sha256).toBe('sha-1');
    expect(await lineDetail(reader, 999_999)).toBeUndefined();

    const side = await batchBankSide(reader, 'B2');
    expect(side.line).toMatchObject({ id: idOf(L2), match: { how: 'net', batchIds: ['B2'] } });
    expect(side.explanation).toBeNull();
    expect((await unheldBatches(reader, '2026-03-31', 10)).map((b) => b.id)).toEqual(['LOST', 'B5', 'B6']);
    expect(await unheldBatches(reader, '2026-01-31', 10)).toEqual([]);
  });

  it("releases the matcher's match when a sync changes its deposit", async () => {
    await runWrite(writer, function* (db) {
      yield* execute(db.updateTable('batches').set({ partial_cents: 4_700 }).where('id', '=', 'B2'));
    });
    const run = await runBankMatching(writer, { windowDays: 5, at: '2026-03-20T19:00:00.000Z' });
    expect(run).toMatchObject({ released: 1, matched: 0, changed: true });
    const detail = await lineDetail(reader, idOf(L2));
    expect(detail?.summary.status).toBe('unmatched');
    expect(detail?.undoneMatches).toEqual([
      expect.objectContaining({
        batchIds: ['B2'],
        undoneBy: 'matching',
        undoneReason: expect.stringContaining('changed'),
      }),
    ]);
  });

  it('confirms, refuses what another line holds, unmatches, explains and undoes an explanation', async () => {
    await confirmMatch(writer, { lineId: idOf(L3), batchIds: ['B5'] }, actor);
    expect((await lineDetail(reader, idOf(L3)))?.summary).toMatchObject({
      status: 'matched',
      match: { status: 'confirmed', confirmedBy: 'Ann', batchIds: ['B5'] },
      suggestions: [],
    });
    await expect(confirmMatch(writer, { lineId: idOf(L8), batchIds: ['B5'] }, actor)).rejects.toThrow(
      `Deposit B5 is already matched to bank line ${idOf(L3)}`,
    );
    await confirmMatch(writer, { lineId: idOf(L1), batchIds: ['B1'] }, actor);
    expect((await lineDetail(reader, idOf(L1)))?.summary.match).toMatchObject({ how: 'exact', status: 'confirmed' });

    await unmatchLine(writer, idOf(L1), '  wrong deposit ', actor);
    const unmatched = await lineDetail(reader, idOf(L1));
    expect(unmatched?.summary.status).toBe('unmatched');
    expect(unmatched?.undoneMatches.map((m) => [m.undoneBy, m.undoneReason])).toEqual([['Ann', 'wrong deposit']]);
    await expect(unmatchLine(writer, idOf(L1), 'again', actor)).rejects.toThrow('not matched');

    const fee = await explain(writer, { lineId: idOf(L5), kind: 'processor_fee', note: ' monthly fee ' }, actor);
    expect(fee).toMatchObject({ lineId: idOf(L5), batchId: null, kind: 'processor_fee', note: 'monthly fee' });
    await expect(explain(writer, { lineId: idOf(L5), kind: 'other', note: '' }, actor)).rejects.toThrow(
      'already explained',
    );
    const lost = await explain(writer, { batchId: 'LOST', kind: 'other', note: 'deposited by hand' }, actor);
    expect((await batchBankSide(reader, 'LOST')).explanation).toMatchObject({ id: lost.id, note: 'deposited by hand' });
    expect((await unheldBatches(reader, '2026-03-31', 10)).map((b) => b.id)).toEqual(['B1', 'B2', 'B6']);

    const undone = await unexplain(writer, fee.id, 'not a fee', actor);
    expect(undone.undone).toEqual({ by: 'Ann', at: actor.at, reason: 'not a fee' });
    await expect(unexplain(writer, fee.id, 'again', actor)).rejects.toThrow('already undone');
    expect((await lineDetail(reader, idOf(L5)))?.undoneExplanations.map((e) => e.id)).toEqual([fee.id]);
    expect(await lineStateCounts(reader, [idOf(L3), idOf(L5)])).toEqual({
      matched: 1,
      suggested: 0,
      unmatched: 1,
      explained: 0,
    });
  });

  it('of two confirmations of one deposit to two lines at once, one holds it and the other is refused', async () => {
    const outcomes = await Promise.allSettled([
      confirmMatch(writer, { lineId: idOf(L8), batchIds: ['B7'] }, actor),
      confirmMatch(writer, { lineId: idOf(L9), batchIds: ['B7'] }, actor),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.message).toMatch(
      /^Deposit B7 is already matched to bank line \d+; unmatch that line first\.$/,
    );
    const held = await runRead(reader, function* (db) {
      return yield* rowsOf(db.selectFrom('bank_matched_batches').select('line_id').where('batch_id', '=', 'B7'));
    });
    expect(held).toHaveLength(1);
    expect([idOf(L8), idOf(L9)]).toContain(held[0]!.line_id);
  });

  it('saves, replaces, lists and removes CSV mappings', async () => {
    const at = '2026-03-20T18:00:00.000Z';
    await saveMappingJson(writer, { name: 'Bank B', mapping: '{"v":1}', savedAt: at, savedBy: 'Ann' });
    await saveMappingJson(writer, { name: 'Bank A', mapping: '{"v":1}', savedAt: at, savedBy: 'Ann' });
    await saveMappingJson(writer, { name: 'Bank B', mapping: '{"v":2}', savedAt: at, savedBy: 'Bo' });
    expect(await listMappingRows(reader)).toEqual([
      { name: 'Bank A', mapping: '{"v":1}' },
      { name: 'Bank B', mapping: '{"v":2}' },
    ]);
    expect(await getMappingJson(reader, 'Bank B')).toBe('{"v":2}');
    expect(await removeMapping(writer, 'Bank A')).toBe(true);
    expect(await removeMapping(writer, 'Bank A')).toBe(false);
    expect(await getMappingJson(reader, 'Bank A')).toBeNull();
  });
}

describe('the bank store on SQLite', () => {
  behavesTheSame(async () => {
    const store = await createTestDb({ file: true });
    return { writer: store.writer, reader: store.reader, close: () => store.cleanup() };
  });
});

describePostgres('the bank store on PostgreSQL', () => {
  const database = usePostgresTestDatabase();
  behavesTheSame(async () => {
    const store = await openPostgresStore(database().url);
    return { ...portableHandles(store.writer, store.reader), close: () => store.close() };
  });
});
