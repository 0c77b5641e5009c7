/**
 * A deposit's detail (batches.get) on both dialects: read in one statement besides its reversals'
 * facts (issue 31: on a district server each round trip waits its turn beside a running sync), with
 * every list as its own query would read it.
 */
import { expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { batchDetailRows } from '../../../electron/engine/store/batches';
import { insertPreparation, latestPreparationOf } from '../../../electron/engine/store/reviews';
import { reversalFactsOf } from '../../../electron/engine/store/reversals';
import { VIEWED_TRANSACTION_COLUMNS } from '../../../electron/engine/store/transactions';
import { runRead, type ReadableDB, type Work } from '../../../electron/engine/store/work';
import type { Dialect } from '../../../electron/engine/store/dialect';
import { describeOnBothDialects } from '../../helpers/dialectStore';
import { seedRecords } from './recordsSeed';

/**
 * The reader, counting the statements kysely executes on it (one per result) and the statements of
 * the units of work it runs (on SQLite those go to the connection without kysely's executor).
 */
function countingReader(reader: ReadableDB): {
  reader: ReadableDB;
  counts(): { statements: number; unitSteps: number };
} {
  let statements = 0;
  let unitSteps = 0;
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: ({ result }) => {
      statements++;
      return Promise.resolve(result);
    },
  };
  function* counted<T>(work: Work<T>): Work<T> {
    for (let step = work.next(); ;) {
      if (step.done) return step.value;
      unitSteps++;
      step = work.next(yield step.value);
    }
  }
  const dialect: Dialect = {
    ...reader.dialect,
    runRead: (db, unit) => reader.dialect.runRead(db, (d) => counted(unit(d))),
  };
  return {
    reader: { ...reader, db: reader.db.withPlugin(counter), dialect },
    counts: () => ({ statements, unitSteps }),
  };
}

describeOnBothDialects(
  "a deposit's detail",
  (store) => {
    it('is one statement, with its reversals or without, and no unit of work', async () => {
      for (const [id, reversed] of [
        ['B3', []],
        ['B1', [11]],
        ['B2', [21]],
      ] as const) {
        const counting = countingReader(store.reader);
        const detail = (await batchDetailRows(counting.reader, id))!;
        expect(detail.reversals.changes.map((c) => c.transactionId)).toEqual(reversed);
        expect(counting.counts()).toEqual({ statements: 1, unitSteps: 0 });
        // The facts a deposit's reversals are derived from, as reversalFactsOf reads them on their own.
        expect(detail.reversals).toEqual(
          await runRead(store.reader, (db) => reversalFactsOf(db, { transactionIds: reversed })),
        );
      }
      const missing = countingReader(store.reader);
      expect(await batchDetailRows(missing.reader, 'B9')).toBeUndefined();
      expect(missing.counts()).toEqual({ statements: 1, unitSteps: 0 });
    });

    it('holds each list as its own query reads it: values, nulls and order', async () => {
      const { db } = store.reader;
      for (const id of ['B1', 'B2', 'B3']) {
        const detail = (await batchDetailRows(store.reader, id))!;
        expect(detail.transactions).toEqual(
          await db
            .selectFrom('transactions')
            .select(VIEWED_TRANSACTION_COLUMNS)
            .where('batch_id', '=', id)
            .orderBy('id')
            .execute(),
        );
        expect(detail.glRows).toEqual(
          await db
            .selectFrom('gl_batches')
            .selectAll()
            .where('batch_id', '=', id)
            .orderBy('gl_number')
            .orderBy('id')
            .execute(),
        );
        expect(detail.history).toEqual(
          await db.selectFrom('batch_reviews').selectAll().where('batch_id', '=', id).orderBy('id').execute(),
        );
        expect(detail.preparation).toEqual(await runRead(store.reader, (read) => latestPreparationOf(read, id)));
      }
      const b3 = (await batchDetailRows(store.reader, 'B3'))!;
      expect(b3.history.map((r) => [r.action, r.note])).toEqual([
        ['sign_off', null],
        ['reopen', 'changed'],
      ]);
      expect(b3.preparation).toMatchObject({ batch_id: 'B3', by: 'Bea', note: null, fingerprint: 'f3b' });
      expect((await batchDetailRows(store.reader, 'B1'))!.preparation).toBeUndefined();
    });
  },
  async (writer) => {
    await seedRecords(writer);
    for (const [at, fingerprint] of [
      ['2026-03-05T16:00:00.000Z', 'f3a'],
      ['2026-03-05T17:00:00.000Z', 'f3b'],
    ] as const)
      await insertPreparation(writer, { batch_id: 'B3', by: 'Bea', at, note: null, fingerprint });
  },
);
