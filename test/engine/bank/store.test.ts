import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '../../helpers/engine';
import { bai2FromLines, type PlainLine } from './generate';
import {
  ACCOUNT,
  bankEngine,
  bankEngineOptions,
  bankEngineWith,
  credit,
  dbOf,
  importLines,
  seedBatches,
  type TestEngine,
} from './bankFixtures';

let engine: TestEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

/** Every bank table, in a comparable form. */
async function snapshot(e: TestEngine) {
  const db = dbOf(e);
  return {
    statements: await db.selectFrom('bank_statements').select(['id', 'sha256', 'new_line_count']).execute(),
    lines: await db.selectFrom('bank_lines').select(['id', 'identity']).orderBy('id').execute(),
    matches: await db.selectFrom('bank_matches').selectAll().orderBy('id').execute(),
    held: await db.selectFrom('bank_matched_batches').selectAll().orderBy('batch_id').execute(),
  };
}

describe('the store keeps its own rules', () => {
  it('refuses an explanation of both or neither, and two live explanations of one batch', async () => {
    engine = await bankEngineWith([{ id: 'B', date: '2026-03-02', totalCents: 10 }]);
    const at = '2026-03-20T18:00:00.000Z';
    const explain = (values: { line_id: number | null; batch_id: string | null }) =>
      dbOf(engine!)
        .insertInto('bank_explanations')
        .values({ ...values, kind: 'rounding', note: '', by: 'x', at })
        .execute();
    await expect(explain({ line_id: null, batch_id: null })).rejects.toThrow(/CHECK|check constraint/);
    await explain({ line_id: null, batch_id: 'B' });
    await expect(explain({ line_id: null, batch_id: 'B' })).rejects.toThrow(/UNIQUE|unique constraint/);
  });

  it('refuses a second live match of one line', async () => {
    engine = await bankEngine();
    await importLines(engine, [credit('2026-03-03', 10)]);
    const [line] = (await engine.call('bank.lines', {})).rows;
    const match = (batch: string) =>
      dbOf(engine!)
        .insertInto('bank_matches')
        .values({
          line_id: line!.id,
          how: 'manual',
          status: 'confirmed',
          rank: 0,
          batch_ids: JSON.stringify([batch]),
          transaction_id: null,
          gap_days: null,
          created_at: 'now',
          confirmed_by: 'x',
          confirmed_at: 'now',
          undone_by: null,
          undone_at: null,
          undone_reason: null,
        })
        .execute();
    await match('A');
    await expect(match('B')).rejects.toThrow(/UNIQUE|unique constraint/);
  });
});

const day = fc.integer({ min: 0, max: 11 }).map((d) => new Date(Date.UTC(2026, 2, 2 + d)).toISOString().slice(0, 10));
const cents = fc.constantFrom(100, 200, 300, 450, 600, 1_000);

describe('property: through imports and confirmations', () => {
  it('no batch is held by two lines, holds agree with the matches, and re-importing changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(day, cents, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(day, fc.constantFrom(100, 200, 300, 450, 600, 1_000, 1_200, 1_650)), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (batchSpecs, lineSpecs, picks) => {
          const e = await createTestEngine(bankEngineOptions());
          try {
            await seedBatches(
              dbOf(e),
              batchSpecs.map(([date, total, payeeId], i) => ({ id: `B${i}`, date, totalCents: total, payeeId })),
            );
            const lines: PlainLine[] = lineSpecs.map(([date, amount], i) => ({
              account: ACCOUNT,
              postedDate: date,
              amountCents: amount,
              typeCode: '165',
              bankReference: `REF${i}`,
              text: 'DEPOSIT',
            }));
            const half = Math.ceil(lines.length / 2);
            await importLines(e, lines.slice(0, half), 'first.bai');
            await importLines(e, lines.slice(half - 1), 'second.bai');
            // The bookkeeper confirms some suggestions (a refusal is fine: the rules said no).
            for (const pick of picks) {
              const suggested = (await e.call('bank.lines', { filter: { statuses: ['suggested'] } })).rows;
              const chosen = suggested[pick % Math.max(suggested.length, 1)];
              const suggestion = chosen?.suggestions[pick % Math.max(chosen.suggestions.length, 1)];
              if (!chosen || !suggestion) continue;
              await e.call('bank.confirm', { lineId: chosen.id, batchIds: suggestion.batchIds }).catch(() => null);
            }
            const before = await snapshot(e);
            const live = before.matches.filter((m) => m.status !== 'suggested' && m.undone_at === null);
            const fromMatches = live.flatMap((m) => (JSON.parse(m.batch_ids) as string[]).map((id) => [id, m.line_id]));
            expect(new Set(fromMatches.map(([id]) => id)).size).toBe(fromMatches.length);
            expect(fromMatches.sort()).toEqual(before.held.map((h) => [h.batch_id, h.line_id]).sort());

            await e.call('bank.import', { fileName: 'again.bai', content: bai2FromLines(lines.slice(0, half)) });
            expect(await snapshot(e)).toEqual(before);
          } finally {
            await e.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
