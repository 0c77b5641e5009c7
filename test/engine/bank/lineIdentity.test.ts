/**
 * Issue 25 item 3: one bank line is one bank line, whatever the format. The same statement as BAI2,
 * then CSV, then OFX stores its lines once; what is only probably the same is a possible duplicate
 * for the bookkeeper; a known reference with a new amount is a correction kept beside the original;
 * an import can be removed, leaving the store as it was before it, table by table.
 */
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../electron/engine/store/schema';
import {
  ACCOUNT,
  allLines,
  bankEngineWith,
  count,
  credit,
  dbOf,
  debit,
  importLines,
  lineOf,
  seedBatches,
  type TestEngine,
} from './bankFixtures';
import { buildCsv, ofxFromLines, type PlainLine } from './generate';

let engine: TestEngine;
afterEach(async () => engine?.close());

const MAPPING = {
  name: 'First State Bank',
  date: 'Posted',
  dateFormat: 'MM/DD/YYYY',
  amount: 'Amount',
  description: 'Description',
  account: { fixed: ACCOUNT },
};

/** The lines as the bank's CSV export writes them: no reference column. */
function csvOf(lines: PlainLine[]): string {
  const rows = lines.map((l) => {
    const [y, m, d] = l.postedDate.split('-');
    const cents = Math.abs(l.amountCents);
    const amount = `${l.amountCents < 0 ? '-' : ''}${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    return [`${m}/${d}/${y}`, amount, l.text];
  });
  return buildCsv(['Posted', 'Amount', 'Description'], rows);
}

async function importCsv(e: TestEngine, lines: PlainLine[], fileName = 'statement.csv') {
  await e.call('bank.mappings.save', { mapping: MAPPING });
  return e.call('bank.import', { fileName, content: csvOf(lines), mappingName: MAPPING.name });
}

function importOfx(e: TestEngine, lines: PlainLine[], fileName = 'statement.ofx') {
  return e.call('bank.import', { fileName, content: ofxFromLines(lines, 'sgml'), format: 'ofx' });
}

const BATCHES = [
  { id: 'MON', date: '2026-03-02', totalCents: 12_345 },
  { id: 'TUE', date: '2026-03-03', totalCents: 2_500 },
  { id: 'TUE2', date: '2026-03-03', totalCents: 2_500, payeeId: 2 },
  { id: 'WED', date: '2026-03-04', totalCents: 7_000 },
];

function month(): PlainLine[] {
  return [
    credit('2026-03-03', 12_345, 'ACH CREDIT PROCESSOR SETTLEMENT'),
    // Two equal deposits on one day: two lines in every format.
    credit('2026-03-04', 2_500, 'LOCKBOX DEPOSIT'),
    credit('2026-03-04', 2_500, 'LOCKBOX DEPOSIT'),
    credit('2026-03-05', 7_000, 'ACH CREDIT PROCESSOR SETTLEMENT'),
    debit('2026-03-05', 1_250, '698', 'PROCESSOR FEES'),
  ];
}

describe('one bank line is one bank line, whatever the format', () => {
  it('stores the same statement as BAI2, then CSV, then OFX once, and keeps what matched matched', async () => {
    engine = await bankEngineWith(BATCHES);
    const lines = month();
    const bai2 = await importLines(engine, lines, 'march.bai');
    expect(bai2).toMatchObject({ newLines: 5, matched: 2, possibleDuplicates: 0 });
    const matchedBefore = (await allLines(engine)).filter((l) => l.status === 'matched').map((l) => l.id);

    const csv = await importCsv(engine, lines);
    expect(csv).toMatchObject({ linesInFile: 5, newLines: 0, duplicatesSkipped: 5, possibleDuplicates: 0 });
    // The OFX FITID is the bank's reference, as BAI2 reports it.
    const ofx = await importOfx(engine, lines);
    expect(ofx).toMatchObject({ linesInFile: 5, newLines: 0, duplicatesSkipped: 5, corrections: 0 });

    expect(await count(dbOf(engine), 'bank_lines')).toBe(5);
    expect(await count(dbOf(engine), 'bank_statements')).toBe(3);
    const after = await allLines(engine);
    expect(after.filter((l) => l.status === 'matched').map((l) => l.id)).toEqual(matchedBefore);
    expect(after.every((l) => l.identity === null)).toBe(true);
  });

  it('adds a day line only past the count already stored, and re-importing the file adds nothing', async () => {
    engine = await bankEngineWith([]);
    const deposit = { ...credit('2026-03-04', 2_500, 'LOCKBOX DEPOSIT'), bankReference: '' };
    await importCsv(engine, [deposit, deposit], 'two.csv');
    const third = await importCsv(engine, [deposit, deposit, deposit], 'three.csv');
    expect(third).toMatchObject({ linesInFile: 3, newLines: 1, duplicatesSkipped: 2, possibleDuplicates: 0 });
    expect(await count(dbOf(engine), 'bank_lines')).toBe(3);
    const again = await importLines(engine, [
      { ...deposit, bankReference: 'A1' },
      { ...deposit, bankReference: 'A2' },
      { ...deposit, bankReference: 'A3' },
    ]);
    expect(again).toMatchObject({ newLines: 0, duplicatesSkipped: 3 });
  });

  it('imports what is only probably the same as a possible duplicate, matched by nothing until kept', async () => {
    engine = await bankEngineWith([{ id: 'WED', date: '2026-03-04', totalCents: 7_000 }]);
    const original = credit('2026-03-05', 7_000, 'ACH CREDIT PROCESSOR SETTLEMENT');
    await importLines(engine, [original], 'march.bai');
    // Another bank export of the same day and amount, worded otherwise: probably the same line.
    const echo = { ...original, bankReference: '', text: 'DEPOSIT 0305 MERCHANT SVCS' };
    const second = await importCsv(engine, [echo]);
    expect(second).toMatchObject({ newLines: 1, possibleDuplicates: 1, duplicatesSkipped: 0 });
    const lines = await allLines(engine);
    const kept = lines.find((l) => l.text === echo.text)!;
    const first = lines.find((l) => l.text === original.text)!;
    expect(kept.status).toBe('possible_duplicate');
    expect(kept.identity).toMatchObject({ duplicateOf: first.id, duplicate: 'possible' });
    expect(first.status).toBe('matched');
    const overview = await engine.call('bank.lines', { filter: { statuses: ['possible_duplicate'] }, limit: 10 });
    expect(overview.rows.map((l) => l.id)).toEqual([kept.id]);

    // Waiting for the bookkeeper, it is one of the Overview's lines to settle; dropped, it is not.
    expect((await engine.call('overview.get', {})).needsYou.bankLines).toMatchObject({ unmatched: 1 });
    const decided = await engine.call('bank.duplicates.decide', {
      lineId: kept.id,
      decision: 'drop',
      by: 'Dana Ortiz',
    });
    expect((await engine.call('overview.get', {})).needsYou.bankLines).toMatchObject({ unmatched: 0 });
    expect(decided.status).toBe('dropped');
    expect(decided.identity).toMatchObject({ duplicate: 'dropped', decidedBy: 'Dana Ortiz' });
    expect(decided.identity?.decidedAt).toMatch(/^2026-03-20T/);
    await expect(engine.call('bank.duplicates.decide', { lineId: kept.id, decision: 'keep' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Dropped, it stays: importing the export again finds it and adds nothing.
    expect(await importCsv(engine, [echo], 'again.csv')).toMatchObject({ newLines: 0, duplicatesSkipped: 1 });
  });

  it('a possible duplicate kept is a line of its own and is matched', async () => {
    engine = await bankEngineWith([{ id: 'A', date: '2026-03-04', totalCents: 7_000 }]);
    const original = credit('2026-03-05', 7_000, 'SETTLEMENT');
    await importLines(engine, [original], 'march.bai');
    // A second deposit of the same amount arrives in the store; the bank's export shows it as a line
    // worded otherwise, which only the bookkeeper can tell is a line of its own.
    await seedBatches(dbOf(engine), [{ id: 'B', date: '2026-03-04', totalCents: 7_000, payeeId: 2 }]);
    await importCsv(engine, [{ ...original, bankReference: '', text: 'OTHER WORDING' }]);
    const echo = (await allLines(engine)).find((l) => l.text === 'OTHER WORDING')!;
    expect(echo.status).toBe('possible_duplicate');
    const kept = await engine.call('bank.duplicates.decide', { lineId: echo.id, decision: 'keep' });
    expect(kept.identity).toMatchObject({ duplicate: 'kept' });
    expect(kept).toMatchObject({ status: 'matched', match: { batchIds: ['B'] } });
  });

  it('keeps a correction beside the original, shows both, and decides the match again', async () => {
    engine = await bankEngineWith([
      { id: 'OLD', date: '2026-03-04', totalCents: 7_000 },
      { id: 'NEW', date: '2026-03-04', totalCents: 7_100, payeeId: 2 },
    ]);
    const original = credit('2026-03-05', 7_000, 'ACH CREDIT SETTLEMENT');
    await importOfx(engine, [original], 'first.ofx');
    expect((await lineOf(engine, 7_000)).match?.batchIds).toEqual(['OLD']);

    const corrected = { ...original, amountCents: 7_100 };
    const summary = await importOfx(engine, [corrected], 'corrected.ofx');
    expect(summary).toMatchObject({ newLines: 1, corrections: 1, duplicatesSkipped: 0 });
    const before = await lineOf(engine, 7_000);
    const after = await lineOf(engine, 7_100);
    expect(before).toMatchObject({ status: 'corrected', match: null, identity: { correctedBy: after.id } });
    expect(after).toMatchObject({ status: 'matched', identity: { corrects: before.id } });
    expect(after.match?.batchIds).toEqual(['NEW']);
    const history = await engine.call('bank.line', { id: before.id });
    expect(history.undoneMatches[0]?.undoneReason).toContain('corrected');
    // The BAI2 of the same correction adds nothing more.
    expect(await importLines(engine, [corrected], 'corrected.bai')).toMatchObject({ newLines: 0, corrections: 0 });
    expect(await count(dbOf(engine), 'bank_lines')).toBe(2);
  });
});

/** Every bank table's rows, in a stable order; a suggestion's id is made afresh by each matching run. */
async function bankTables(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const tables = [
    'bank_accounts',
    'bank_statements',
    'bank_lines',
    'bank_line_sightings',
    'bank_matches',
    'bank_matched_batches',
    'bank_explanations',
    'bank_csv_mappings',
  ] as const;
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    const comparable = rows.map((row) => {
      if (table !== 'bank_matches' || row.status !== 'suggested') return row;
      const { id: _id, ...rest } = row;
      return rest;
    });
    out[table] = comparable.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

describe('undoing an import', () => {
  it('leaves the store as it was before the import, table by table, and records who and when', async () => {
    engine = await bankEngineWith([
      ...BATCHES,
      { id: 'THU', date: '2026-03-05', totalCents: 4_000 },
      { id: 'FIX', date: '2026-03-02', totalCents: 12_000, payeeId: 3 },
    ]);
    const lines = month();
    await importLines(engine, lines, 'march.bai');
    const fee = await lineOf(engine, -1_250);
    await engine.call('bank.explain', { lineId: fee.id, kind: 'processor_fee', note: 'March fees' });
    const before = await bankTables(dbOf(engine));

    // An overlapping OFX export: lines already stored, a new one, a correction and a possible duplicate.
    const overlap: PlainLine[] = [
      lines[1]!,
      lines[2]!,
      { ...lines[0]!, amountCents: 12_000 },
      credit('2026-03-06', 4_000, 'ACH CREDIT'),
      { ...lines[3]!, bankReference: 'OTHER-REF' },
    ];
    const imported = await importOfx(engine, overlap, 'overlap.ofx');
    expect(imported).toMatchObject({ newLines: 3, duplicatesSkipped: 2, corrections: 1, possibleDuplicates: 1 });
    expect(await bankTables(dbOf(engine))).not.toEqual(before);

    const removal = await engine.call('bank.statements.remove', {
      statementId: imported.statementId,
      by: 'Dana Ortiz',
    });
    expect(removal).toMatchObject({ linesRemoved: 3, linesKept: 0, removedBy: 'Dana Ortiz' });
    expect(await bankTables(dbOf(engine))).toEqual(before);
    const recorded = await dbOf(engine).selectFrom('bank_statement_removals').selectAll().execute();
    expect(recorded).toEqual([
      expect.objectContaining({
        statement_id: imported.statementId,
        file_name: 'overlap.ofx',
        removed_by: 'Dana Ortiz',
      }),
    ]);
    await expect(engine.call('bank.statements.remove', { statementId: imported.statementId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it("removing an earlier statement keeps the lines a later one also holds, as the later one's", async () => {
    engine = await bankEngineWith([]);
    const monday = credit('2026-03-02', 100);
    const tuesday = credit('2026-03-03', 200);
    const wednesday = credit('2026-03-04', 300);
    const first = await importLines(engine, [monday, tuesday], 'mon-tue.bai');
    const second = await importLines(engine, [tuesday, wednesday], 'tue-wed.bai');
    const removal = await engine.call('bank.statements.remove', { statementId: first.statementId });
    expect(removal).toMatchObject({ linesRemoved: 1, linesKept: 1 });
    const left = await allLines(engine);
    expect(left.map((l) => l.amountCents).sort()).toEqual([200, 300]);
    const detail = await engine.call('bank.line', { id: left.find((l) => l.amountCents === 200)!.id });
    expect(detail.statement.id).toBe(second.statementId);
    // The removed file can come back: it brings Monday again and finds Tuesday.
    const back = await importLines(engine, [monday, tuesday], 'mon-tue.bai');
    expect(back).toMatchObject({ alreadyImported: false, newLines: 1, duplicatesSkipped: 1 });
  });
});
