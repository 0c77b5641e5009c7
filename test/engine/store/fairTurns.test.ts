/**
 * SQLite answers synchronously, so a chain of awaited store calls used to hold the event loop until
 * its end: the district server's users waited on a nightly's steps and on the first views built after
 * it (issue 31's team bench, 100-350 ms at a time). Now background work (a sync run) that has used its
 * slice lets the event loop turn before its next unit or query, never inside a transaction; a call
 * someone waits on runs to its end.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { inBackground } from '../../../electron/engine/store/dialect';
import { SLICE_MS } from '../../../electron/engine/store/dialect/sqlite/fairTurns';
import { firstOf, inWriteTransaction, runRead, runWrite } from '../../../electron/engine/store/work';
import { createTestDb, type TestStore } from '../../helpers/db';

let store: TestStore | null = null;

afterEach(async () => {
  await store?.cleanup();
  store = null;
});

/** A read that takes a few milliseconds: counting a generated series. */
const SLOW_TEXT =
  'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 40000) SELECT count(*) AS n FROM c';
const SLOW = sql.raw<{ n: number }>(SLOW_TEXT);
/** The same read as a unit of work's query. */
const slowRead = { compile: () => CompiledQuery.raw(SLOW_TEXT) as CompiledQuery<{ n: number }> };

/**
 * Runs `step` until the chain has run at least `atLeastMs` (and 20 steps), awaiting each, and says
 * at which step a turn of the event loop queued before the chain got in (the steps' count: after it).
 */
function turnTakenInBackground(step: () => Promise<unknown>) {
  return inBackground(() => turnTakenAt(step));
}

async function turnTakenAt(step: () => Promise<unknown>, atLeastMs = 12 * SLICE_MS) {
  let steps = 0;
  let turnAt: number | null = null;
  setImmediate(() => (turnAt = steps));
  const started = performance.now();
  while (steps < 20 || performance.now() - started < atLeastMs) {
    await step();
    steps++;
  }
  await new Promise((resolve) => setImmediate(resolve));
  return { turnAt: turnAt!, steps };
}

describe('a chain of SQLite store calls in background work', () => {
  it('lets the event loop turn once it has used its slice: units of work', async () => {
    store = await createTestDb();
    const { reader } = store;
    const { turnAt, steps } = await turnTakenInBackground(() => runRead(reader, () => firstOf(slowRead)));
    expect(turnAt).toBeLessThan(steps);
  });

  it('lets the event loop turn once it has used its slice: queries through kysely', async () => {
    store = await createTestDb();
    const { db } = store;
    const { turnAt, steps } = await turnTakenInBackground(() => SLOW.execute(db));
    expect(turnAt).toBeLessThan(steps);
  });

  it('lets the event loop turn between writes too', async () => {
    store = await createTestDb();
    const { writer } = store;
    const { turnAt, steps } = await turnTakenInBackground(() =>
      runWrite(writer, function* () {
        yield* firstOf(slowRead);
      }),
    );
    expect(turnAt).toBeLessThan(steps);
  });

  it('never inside a transaction: nothing else runs between its statements', async () => {
    store = await createTestDb();
    const { writer } = store;
    let turns = 0;
    const { turnAt, steps } = await inBackground(() =>
      inWriteTransaction(writer, async (tx) => {
        const taken = await turnTakenAt(async () => {
          await SLOW.execute(tx.db);
          await runRead(tx, () => firstOf(slowRead));
          turns++;
        });
        return taken;
      }),
    );
    expect(turns).toBe(steps);
    // The turn queued before the chain came only after the transaction's last statement.
    expect(turnAt).toBe(steps);
  });
});

describe('a chain of SQLite store calls someone waits on', () => {
  it('runs to its end: a turn queued before it comes after its last call', async () => {
    store = await createTestDb();
    const { reader, db } = store;
    const { turnAt, steps } = await turnTakenAt(async () => {
      await runRead(reader, () => firstOf(slowRead));
      await SLOW.execute(db);
    });
    expect(turnAt).toBe(steps);
  });
});
