/**
 * Issue 27 item 1 and issue 31 item 5: an export's GL rows stream from its snapshot a chunk at a
 * time on both databases (SQLite's iterator, a PostgreSQL cursor), and every pass reads the same
 * rows. The chunk reader (the dialect's streamChunks) is watched: a chunk is read only once the pass
 * has taken every row of the one before, so memory never holds more than one.
 */
import { expect, it } from 'vitest';
import type { Dialect } from '../../../electron/engine/store/dialect';
import { openGlSnapshot } from '../../../electron/engine/store/exports';
import { glRowsOf, GL_ROWS_PER_CHUNK, type GlExportRow } from '../../../electron/engine/store/glBatches';
import type { ReadableDB, WritableDB } from '../../../electron/engine/store/work';
import { describeOnBothDialects } from '../../helpers/dialectStore';
import { bareDeposit, bareGlLine } from './bareRows';

const DEPOSITS = 43;
const LINES_PER_DEPOSIT = 7;
const ROWS = DEPOSITS * LINES_PER_DEPOSIT; // 301: ten chunks of 32 and a short one
const CHUNK = 32;
const FILTER = { from: '2026-03-01', to: '2026-03-31' };

const dateOf = (deposit: number) => `2026-03-${String(1 + (deposit % 28)).padStart(2, '0')}`;
const batchOf = (deposit: number) => String(700_000 + deposit);
const centsOf = (deposit: number, line: number) => 100 * (deposit + 1) + line;

async function seed(writer: WritableDB): Promise<void> {
  const { db } = writer;
  await db
    .insertInto('payees')
    .values(
      [1, 2, 3].map((id) => ({
        id,
        name: `School ${id}`,
        merchant_id: `M${id}`,
        removed: 0,
        raw: '{}',
        updated_at: '',
      })),
    )
    .execute();
  for (let deposit = 0; deposit < DEPOSITS; deposit++) {
    await db
      .insertInto('batches')
      .values(bareDeposit({ id: batchOf(deposit), payee_id: 1 + (deposit % 3), date: dateOf(deposit) }))
      .execute();
    await db
      .insertInto('gl_batches')
      .values(
        Array.from({ length: LINES_PER_DEPOSIT }, (_, line) =>
          bareGlLine(line, {
            gl_batch_id: `${batchOf(deposit)}-${line}`,
            date: dateOf(deposit),
            batch_id: batchOf(deposit),
            payee_id: 1 + (deposit % 3),
            amount_cents: centsOf(deposit, line),
            amount_without_fees_cents: centsOf(deposit, line) - 1,
            synced_at: '2026-04-01T00:00:00Z',
          }),
        ),
      )
      .execute();
  }
}

interface ChunkLog {
  /** Rows of each chunk, in the order they were read. */
  chunks: number[];
  read: number;
  taken: number;
  /** The most rows read from the database and not yet taken by the pass. */
  mostHeld: number;
}

/** The snapshot's source with its chunk reader watched: what it read, and what the pass has taken. */
function watched(source: ReadableDB, log: ChunkLog): ReadableDB {
  const dialect: Dialect = {
    ...source.dialect,
    streamChunks: <R>(...args: Parameters<Dialect['streamChunks']>) =>
      (async function* () {
        for await (const chunk of source.dialect.streamChunks(...args)) {
          log.chunks.push(chunk.length);
          log.read += chunk.length;
          log.mostHeld = Math.max(log.mostHeld, log.read - log.taken);
          // The chunk as the pass receives it, counting each row the pass takes from it.
          const counted = Object.defineProperty([...chunk], Symbol.iterator, {
            value: function* () {
              for (const row of chunk) {
                log.taken += 1;
                yield row;
              }
            },
          }) as R[];
          yield counted;
        }
      })(),
  };
  return { ...source, dialect };
}

const key = (row: GlExportRow) => `${row.date} ${row.batchId} ${row.glBatchId} ${row.amountCents} ${row.payeeName}`;

function expectedKeys(): string[] {
  const rows: Array<{ date: string; batch: string; key: string }> = [];
  for (let deposit = 0; deposit < DEPOSITS; deposit++)
    for (let line = 0; line < LINES_PER_DEPOSIT; line++)
      rows.push({
        date: dateOf(deposit),
        batch: batchOf(deposit),
        key: `${dateOf(deposit)} ${batchOf(deposit)} ${batchOf(deposit)}-${line} ${centsOf(deposit, line)} School ${1 + (deposit % 3)}`,
      });
  return rows
    .sort((a, b) => a.date.localeCompare(b.date) || a.batch.localeCompare(b.batch) || a.key.localeCompare(b.key))
    .map((row) => row.key);
}

describeOnBothDialects(
  'GL rows streamed from an export snapshot',
  (store) => {
    it('each pass reads every row in order, a chunk at a time, and never holds more than one chunk', async () => {
      const snapshot = await openGlSnapshot({ reader: store.reader });
      try {
        const log: ChunkLog = { chunks: [], read: 0, taken: 0, mostHeld: 0 };
        const rows = await glRowsOf(watched(snapshot.source, log), FILTER, CHUNK);
        expect(rows.count).toBe(ROWS);
        for (let pass = 1; pass <= 2; pass++) {
          const before = log.chunks.length;
          const seen: string[] = [];
          for await (const row of rows.rows()) seen.push(key(row));
          expect(seen).toEqual(expectedKeys());
          expect(log.chunks.slice(before)).toEqual([...Array<number>(9).fill(CHUNK), ROWS - 9 * CHUNK]);
        }
        expect(log.mostHeld).toBe(CHUNK);
        expect(log.taken).toBe(2 * ROWS);
      } finally {
        await snapshot.close();
      }
    });

    it('by default an export reads GL_ROWS_PER_CHUNK (100) rows at a time, never more', async () => {
      const snapshot = await openGlSnapshot({ reader: store.reader });
      try {
        const log: ChunkLog = { chunks: [], read: 0, taken: 0, mostHeld: 0 };
        const rows = await glRowsOf(watched(snapshot.source, log), FILTER);
        const seen: string[] = [];
        for await (const row of rows.rows()) seen.push(key(row));
        expect(seen).toEqual(expectedKeys());
        expect(GL_ROWS_PER_CHUNK).toBe(100);
        expect(log.chunks).toEqual([100, 100, 100, ROWS - 300]);
        expect(log.mostHeld).toBe(100);
      } finally {
        await snapshot.close();
      }
    });

    it('a pass stopped early leaves the snapshot usable for the next pass', async () => {
      const snapshot = await openGlSnapshot({ reader: store.reader });
      try {
        const rows = await glRowsOf(snapshot.source, FILTER, CHUNK);
        let taken = 0;
        for await (const _row of rows.rows()) if (++taken === CHUNK + 3) break;
        const all: string[] = [];
        for await (const row of rows.rows()) all.push(key(row));
        expect(all).toEqual(expectedKeys());
      } finally {
        await snapshot.close();
      }
    });
  },
  seed,
);
