/**
 * Issue 31 item 5: an export reads its untied deposits from its snapshot a chunk at a time (with
 * every deposit of a year untied, the whole list held 46 MB through a 1M-row export): the same
 * deposits, in the same order and with the same reasons, as the one-shot read `export.untied` uses,
 * and never more than a chunk of them read ahead of the export.
 */
import { expect, it } from 'vitest';
import type { Dialect } from '../../../electron/engine/store/dialect';
import { openGlSnapshot, untiedDeposits, untiedDepositsStreamed } from '../../../electron/engine/store/exports';
import type { ReadableDB, WritableDB } from '../../../electron/engine/store/work';
import { describeOnBothDialects } from '../../helpers/dialectStore';
import { bareDeposit, bareGlLine } from './bareRows';

const DEPOSITS = 45;
const CHUNK = 8;
const SCOPE = { from: '2026-05-01', to: '2026-05-31' };
const dateOf = (deposit: number) => `2026-05-${String(1 + (deposit % 28)).padStart(2, '0')}`;
const batchOf = (deposit: number) => String(810_000 + deposit);

/** Every third deposit's batch never came; the others differ, tie out unsigned, or tie out signed off. */
async function seed({ db }: WritableDB): Promise<void> {
  await db
    .insertInto('payees')
    .values({ id: 1, name: 'School 1', merchant_id: 'M1', removed: 0, raw: '{}', updated_at: '' })
    .execute();
  for (let deposit = 0; deposit < DEPOSITS; deposit++) {
    const id = batchOf(deposit);
    await db
      .insertInto('gl_batches')
      .values(
        [1, 2].map((line) =>
          bareGlLine(line, {
            gl_batch_id: `${id}-${line}`,
            date: dateOf(deposit),
            batch_id: id,
            payee_id: 1,
            amount_cents: 100 + line,
            synced_at: '2026-06-01T00:00:00Z',
          }),
        ),
      )
      .execute();
    if (deposit % 3 === 0) continue;
    await db
      .insertInto('batches')
      .values(bareDeposit({ id, payee_id: 1, date: dateOf(deposit) }))
      .execute();
    const differs = deposit % 3 === 1 && deposit % 2 === 0;
    await db
      .insertInto('batch_checks')
      .values({
        batch_id: id,
        verdict: differs ? 'differs' : 'ties_out',
        difference_cents: differs ? 250 : 0,
        checks: '[]',
        fingerprint: '',
        computed_at: '',
      })
      .execute();
    if (deposit % 3 === 2) {
      const review = {
        batch_id: id,
        by: 'bk',
        note: null,
        total_cents: 0,
        fees_cents: 0,
        partial_cents: 0,
        total_count: 0,
      };
      await db
        .insertInto('batch_reviews')
        .values({ ...review, action: 'sign_off', at: '2026-06-02T00:00:00Z' })
        .execute();
      // Every fifth of these was re-opened after: its latest review is what counts.
      if (deposit % 5 === 0)
        await db
          .insertInto('batch_reviews')
          .values({ ...review, action: 'reopen', at: '2026-06-03T00:00:00Z' })
          .execute();
    }
  }
}

function watched(source: ReadableDB, chunks: number[]): ReadableDB {
  const dialect: Dialect = {
    ...source.dialect,
    streamChunks: <R>(...args: Parameters<Dialect['streamChunks']>) =>
      (async function* () {
        for await (const chunk of source.dialect.streamChunks<R>(...(args as [never, never, number]))) {
          chunks.push(chunk.length);
          yield chunk;
        }
      })(),
  };
  return { ...source, dialect };
}

describeOnBothDialects(
  'untied deposits streamed from an export snapshot',
  (store) => {
    it('are the one-shot read, in order, a chunk at a time', async () => {
      const whole = await untiedDeposits(store.reader, { scope: SCOPE });
      const reasons = new Set(whole.map((d) => d.reason));
      expect(reasons).toEqual(new Set(['not_synced', 'differs', 'not_signed_off']));
      // Tied and signed off (not re-opened): left out.
      expect(whole.map((d) => d.batchId)).not.toContain(batchOf(2));
      expect(whole.map((d) => d.batchId)).toContain(batchOf(5));

      const snapshot = await openGlSnapshot({ reader: store.reader });
      try {
        const chunks: number[] = [];
        const streamed = [];
        for await (const deposit of untiedDepositsStreamed(watched(snapshot.source, chunks), { scope: SCOPE }, CHUNK))
          streamed.push(deposit);
        expect(streamed).toEqual(whole);
        expect(Math.max(...chunks)).toBe(CHUNK);
        expect(chunks.reduce((sum, n) => sum + n, 0)).toBe(whole.length);
      } finally {
        await snapshot.close();
      }
    });
  },
  seed,
);
