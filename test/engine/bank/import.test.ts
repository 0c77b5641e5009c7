import { afterEach, describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract';
import { bankEngine, bankEngineWith, count, credit, dbOf, debit, importLines, type TestEngine } from './bankFixtures';
import { bai2FromLines, buildCsv, editLine, lineStarting } from './generate';

let engine: TestEngine;
afterEach(async () => engine?.close());

describe('bank.import', () => {
  it('stores a statement once: the same file again adds nothing and says so', async () => {
    engine = await bankEngineWith([{ id: 'B1', date: '2026-03-02', totalCents: 12_345 }]);
    const lines = [credit('2026-03-03', 12_345), debit('2026-03-04', 1_500)];
    const first = await importLines(engine, lines);
    expect(first).toMatchObject({
      alreadyImported: false,
      format: 'bai2',
      linesInFile: 2,
      newLines: 2,
      duplicatesSkipped: 0,
      matched: 1,
      unmatched: 1,
      range: { from: '2026-03-03', to: '2026-03-04' },
    });
    const again = await importLines(engine, lines, 'renamed.txt');
    expect(again).toMatchObject({
      statementId: first.statementId,
      alreadyImported: true,
      newLines: 0,
      duplicatesSkipped: 2,
      matched: 1,
      unmatched: 1,
    });
    expect(await count(dbOf(engine), 'bank_statements')).toBe(1);
    expect(await count(dbOf(engine), 'bank_lines')).toBe(2);
    expect(await count(dbOf(engine), 'bank_matches')).toBe(1);
  });

  it('takes the file as base64 bytes too, and knows it by the same SHA-256', async () => {
    engine = await bankEngine();
    const text = bai2FromLines([credit('2026-03-03', 500)]);
    await engine.call('bank.import', { fileName: 'a.bai', content: text });
    const again = await engine.call('bank.import', {
      fileName: 'a.bai',
      content: Buffer.from(text, 'utf8').toString('base64'),
      encoding: 'base64',
    });
    expect(again.alreadyImported).toBe(true);
  });

  it('de-duplicates the days two overlapping statements share, by the format identity', async () => {
    engine = await bankEngine();
    const monday = credit('2026-03-02', 100);
    const tuesday = credit('2026-03-03', 200);
    const wednesday = credit('2026-03-04', 300);
    await importLines(engine, [monday, tuesday], 'mon-tue.bai');
    const second = await importLines(engine, [tuesday, wednesday], 'tue-wed.bai');
    expect(second).toMatchObject({ alreadyImported: false, linesInFile: 2, newLines: 1, duplicatesSkipped: 1 });
    expect(await count(dbOf(engine), 'bank_lines')).toBe(3);
    expect((await engine.call('bank.statements', {})).map((s) => [s.fileName, s.newLineCount])).toEqual([
      ['tue-wed.bai', 1],
      ['mon-tue.bai', 2],
    ]);
  });

  it('keeps two equal deposits on one day as two lines, and still de-duplicates them on overlap', async () => {
    engine = await bankEngine();
    const a = { ...credit('2026-03-02', 2_500), bankReference: '' };
    const b = { ...a };
    await importLines(engine, [a, b], 'one.bai');
    await importLines(engine, [a, b, credit('2026-03-03', 1)], 'two.bai');
    expect(await count(dbOf(engine), 'bank_lines')).toBe(3);
  });

  it('refuses a malformed file whole with its line, and stores nothing of it', async () => {
    engine = await bankEngine();
    const text = bai2FromLines([credit('2026-03-02', 100), credit('2026-03-03', 200)]);
    const broken = editLine(text, lineStarting(text, '49,'), () => '49,999,3/');
    const refused = await engine.call('bank.import', { fileName: 'bad.bai', content: broken }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ContractError);
    expect((refused as ContractError).code).toBe('BAD_ARGUMENTS');
    expect((refused as ContractError).message).toMatch(/^BAI2 line \d+: /);
    for (const table of ['bank_statements', 'bank_lines', 'bank_accounts', 'bank_matches'] as const) {
      expect(await count(dbOf(engine), table)).toBe(0);
    }
  });

  it('stores a file longer than the lines it stores at once whole, or nothing of it when its end is broken', async () => {
    engine = await bankEngine();
    // 12,000 lines: two chunks of the importer's 5,000 are stored before the third is read.
    const days = ['2026-03-02', '2026-03-03', '2026-03-04'];
    const lines = Array.from({ length: 12_000 }, (_, i) => credit(days[i % 3]!, 1_000 + i));
    const text = bai2FromLines(lines);
    const broken = editLine(text, lineStarting(text, '99,'), () => '99,1,1,1/');
    const refused = await engine.call('bank.import', { fileName: 'bad.bai', content: broken }).catch((e: unknown) => e);
    expect((refused as ContractError).code).toBe('BAD_ARGUMENTS');
    for (const table of ['bank_statements', 'bank_lines', 'bank_accounts'] as const) {
      expect(await count(dbOf(engine), table)).toBe(0);
    }
    // The first half, then the whole file: the second finds the first half's lines in every chunk.
    const half = await importLines(engine, lines.slice(0, 6_000), 'half.bai');
    expect(half).toMatchObject({ linesInFile: 6_000, newLines: 6_000, unmatched: 6_000 });
    const whole = await engine.call('bank.import', { fileName: 'year.bai', content: text });
    expect(whole).toMatchObject({
      linesInFile: 12_000,
      newLines: 6_000,
      duplicatesSkipped: 6_000,
      unmatched: 12_000,
      range: { from: '2026-03-02', to: '2026-03-04' },
    });
    expect(await count(dbOf(engine), 'bank_lines')).toBe(12_000);
    const statements = await engine.call('bank.statements', { limit: 10 });
    expect(statements[0]).toMatchObject({
      lineCount: 12_000,
      newLineCount: 6_000,
      from: '2026-03-02',
      to: '2026-03-04',
    });
  });

  it('refuses what is not a statement, and a CSV without a saved mapping', async () => {
    engine = await bankEngine();
    await expect(engine.call('bank.import', { fileName: 'notes.txt', content: 'hello' })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
    });
    const csv = buildCsv(['Date', 'Amount', 'Description'], [['03/02/2026', '10.00', 'DEPOSIT']]);
    await expect(engine.call('bank.import', { fileName: 'bank.csv', content: csv })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      message: expect.stringContaining('column mapping') as unknown,
    });
    await expect(
      engine.call('bank.import', { fileName: 'bank.csv', content: csv, mappingName: 'Nobody' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await count(dbOf(engine), 'bank_statements')).toBe(0);
  });

  it('reads a CSV export through a mapping saved by name', async () => {
    engine = await bankEngineWith([{ id: 'B1', date: '2026-03-02', totalCents: 1_000 }]);
    const saved = await engine.call('bank.mappings.save', {
      mapping: {
        name: 'First State Bank',
        date: 'Date',
        dateFormat: 'MM/DD/YYYY',
        amount: 'Amount',
        description: 'Description',
      },
    });
    expect(saved.map((m) => m.name)).toEqual(['First State Bank']);
    const csv = buildCsv(['Date', 'Amount', 'Description'], [['03/03/2026', '10.00', 'DEPOSIT']]);
    const summary = await engine.call('bank.import', {
      fileName: 'bank.csv',
      content: csv,
      mappingName: 'First State Bank',
    });
    expect(summary).toMatchObject({ format: 'csv', newLines: 1, matched: 1 });
    expect(await engine.call('bank.mappings.list', {})).toHaveLength(1);
    await expect(engine.call('bank.mappings.save', { mapping: { name: 'X', date: 'Date' } })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      message: expect.stringContaining('"X" column mapping') as unknown,
    });
    expect(await engine.call('bank.mappings.remove', { name: 'First State Bank' })).toEqual([]);
  });

  it('says data.changed bank when lines were added, and nothing on a re-import', async () => {
    engine = await bankEngine();
    const scopes: string[][] = [];
    engine.on('data.changed', ({ scopes: s }) => scopes.push(s));
    const lines = [credit('2026-03-02', 700)];
    await importLines(engine, lines);
    await importLines(engine, lines);
    expect(scopes).toEqual([['bank']]);
  });
});
