/**
 * Issue 25's bank bench memory: a statement's lines are read and stored a bounded chunk at a time, so
 * the parser's objects for a year's file are never all alive at once (each chunk's are garbage once
 * stored). The store asks for the accounts named so far whenever a chunk brings an account it has
 * not written yet: with every line on an account of its own, each ask marks where a chunk ended.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LINES_AT_ONCE, storeStatement, type StatementLineRow } from '../../../electron/engine/store/bank';
import { bankEngine, dbOf, type TestEngine } from './bankFixtures';

let engine: TestEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

const LINES = 4 * LINES_AT_ONCE;

function lineOn(n: number): StatementLineRow {
  return {
    account: `ACCT${n}`,
    postedDate: '2026-03-03',
    amountCents: 100 + n,
    typeCode: '165',
    bankReference: `R${n}`,
    text: `DEPOSIT ${n}`,
    raw: `16,165,${100 + n},,R${n}/`,
    identity: `2026-03-03|${100 + n}|R${n}`,
    lineNumber: n + 3,
  };
}

describe("a statement's lines are stored a chunk at a time", () => {
  it(`never reads more than ${LINES_AT_ONCE} lines ahead of what it has stored`, async () => {
    engine = await bankEngine();
    let read = 0;
    const chunkEnds: number[] = [];
    const lines = (function* () {
      for (let n = 0; n < LINES; n++) {
        read += 1;
        yield lineOn(n);
      }
    })();
    const named = () => Array.from({ length: read }, (_, n) => ({ account: `ACCT${n}`, currency: 'USD' }));
    const stored = await storeStatement(engine.internals.store.writer, {
      fileName: 'chunks.bai',
      sha256: 'c'.repeat(64),
      format: 'bai2',
      importedAt: '2026-03-20T17:00:00.000Z',
      importedBy: 'Dana Ortiz',
      lines,
      accountsSoFar: () => {
        chunkEnds.push(read);
        return named();
      },
      summary: () => ({ range: { from: '2026-03-03', to: '2026-03-03' }, accounts: named() }),
    });
    expect(chunkEnds).toEqual([1, 2, 3, 4].map((k) => k * LINES_AT_ONCE));
    expect(stored.newLines).toBe(LINES);
    const rows = await dbOf(engine).selectFrom('bank_lines').select(['amount_cents']).execute();
    expect(rows.map((row) => row.amount_cents).sort((a, b) => a - b)).toEqual(
      Array.from({ length: LINES }, (_, n) => 100 + n),
    );
  });
});
