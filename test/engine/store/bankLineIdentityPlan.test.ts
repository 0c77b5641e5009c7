/**
 * An import decides each chunk of a statement against the lines stored on the chunk's days
 * (store/bankLineIdentity.ts). SQLite must find those through the date index: asked by account too,
 * its planner took the (account_id, identity) index and walked every line the account ever had, once
 * per chunk (a year's statement read ~1M rows so; `npm run bench bank`). SQLite's own planner: not
 * run again on PostgreSQL.
 */
import { expect, it } from 'vitest';
import { storedLinesOn } from '../../../electron/engine/store/bank';
import { createTestDb } from '../../helpers/db';

it("reads the stored lines of a chunk's days through bank_lines_by_date", async () => {
  const store = await createTestDb();
  try {
    const read = storedLinesOn(store.db, ['2025-03-03', '2025-03-04']).next();
    if (read.done) throw new Error('storedLinesOn asked nothing of the store');
    const plan = store.sqlite
      .prepare(`EXPLAIN QUERY PLAN ${read.value.sql}`)
      .all(...read.value.parameters)
      .map((step) => (step as { detail: string }).detail);
    const linesStep = plan.find((detail) => /^(SEARCH|SCAN) l\b/.test(detail));
    expect(linesStep, plan.join('\n')).toBe('SEARCH l USING INDEX bank_lines_by_date (posted_date=?)');
  } finally {
    await store.cleanup();
  }
});
