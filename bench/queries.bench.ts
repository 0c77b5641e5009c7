/**
 * Every query a transaction view needs, on 1M transactions (BENCH_SCALE-aware): a page by
 * payee / status / date / method / batch / search, deep keyset pages, counts, a batch's rows and
 * sums, a day summary. Each is timed as the median of repeated runs; the goal is < 10 ms each.
 * The store is bench/support/bigStore.ts's (raw prepared statements, the shape sync writes), cached by size.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TransactionFilter } from '../shared/contract';
import { addDays } from '../shared/time';
import { BIG_STORE_DAYS as DAYS, BIG_STORE_FIRST_DAY as FIRST, bigStoreFile } from './support/bigStore';
import { openStore } from '../electron/engine/store/dialect';
import { countTransactions, getTransaction, listTransactions } from '../electron/engine/store/transactions';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const total = Math.round(1_000_000 * scale);
let t0 = performance.now();
// The same big store the renderer bench uses: built once with raw prepared statements, then cached.
const store = await openStore(await bigStoreFile(total));
console.log(`store of ${total} transactions ready in ${Math.round(performance.now() - t0)} ms`);
store.writer.sqlite.pragma('optimize');

/** The store's queries are async (both dialects); on SQLite each still runs to the end before it resolves. */
async function median(run: () => unknown, repeat = 25): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return +times[Math.floor(times.length / 2)]!.toFixed(3);
}

const middleDay = addDays(FIRST, Math.floor(DAYS / 2));
const deep = await listTransactions(store.reader, { filter: {}, cursor: null, limit: 200 });
// A cursor half-way down the table: what page 2,500 of an unfiltered list looks like with keyset.
const midRow = store.writer.sqlite
  .prepare('SELECT business_date, id FROM transactions ORDER BY business_date DESC, id DESC LIMIT 1 OFFSET ?')
  .get(Math.floor(total / 2)) as { business_date: string; id: number };
const deepCursor = Buffer.from(JSON.stringify([midRow.business_date, midRow.id])).toString('base64url');
const batchId = (
  store.writer.sqlite
    .prepare('SELECT batch_id FROM transactions WHERE business_date = ? AND batch_id IS NOT NULL LIMIT 1')
    .get(middleDay) as { batch_id: string }
).batch_id;
const page =
  (filter: TransactionFilter, cursor: string | null = null) =>
  () =>
    listTransactions(store.writer, { filter, cursor, limit: 200 });

const queries: Record<string, () => unknown> = {
  'page: newest': page({}),
  'page: keyset half-way down (page ~2500)': page({}, deepCursor),
  'page: next after first': page({}, deep.nextCursor),
  'page: one payee': page({ payeeIds: [3] }),
  'page: one status (rare: Unknown)': page({ statuses: ['Unknown'] }),
  'page: three statuses': page({ statuses: ['Refunded', 'Voided', 'Returned'] }),
  'page: payee + date range': page({ payeeIds: [2], from: addDays(middleDay, -30), to: middleDay }),
  'page: two payees + status': page({ payeeIds: [1, 4], statuses: ['Settled'] }),
  'page: method ACH': page({ methods: ['ACH'] }),
  'page: date range one day': page({ from: middleDay, to: middleDay }),
  'page: batch rows': page({ batchId }),
  'page: search payer name (FTS)': page({ search: 'Kowalski' }),
  'page: search rare text (FTS)': page({ search: 'Yearbook 4711' }),
  'page: search transaction id': page({ search: String(1_000_001 + Math.floor(total / 3)) }),
  'count: one status': () => countTransactions(store.reader, { statuses: ['Unknown'] }),
  'count: one day': () => countTransactions(store.reader, { from: middleDay, to: middleDay }),
  'count: batch': () => countTransactions(store.reader, { batchId }),
  'batch sums (count, total, fees)': () =>
    store.writer.sqlite
      .prepare(
        'SELECT COUNT(*) AS n, SUM(amount_cents) AS total, SUM(convenience_fee_cents) AS fees FROM transactions WHERE batch_id = ?',
      )
      .get(batchId),
  'day summary (per payee and method)': () =>
    store.writer.sqlite
      .prepare(
        'SELECT payee_id, payment_method, COUNT(*) AS n, SUM(amount_cents) AS total FROM transactions WHERE business_date = ? GROUP BY payee_id, payment_method',
      )
      .all(middleDay),
  'one transaction with items and timeline': () => getTransaction(store.writer, 1_000_001 + Math.floor(total / 2)),
};

const results: Record<string, number> = {};
let worst = 0;
for (const [name, run] of Object.entries(queries)) {
  results[name] = await median(run);
  worst = Math.max(worst, results[name]!);
  console.log(`${results[name]!.toFixed(3).padStart(9)} ms  ${name}${results[name]! >= 10 ? '   <-- over 10 ms' : ''}`);
}
t0 = performance.now();
store.writer.sqlite
  .prepare('SELECT id FROM transactions ORDER BY business_date DESC, id DESC LIMIT 200 OFFSET ?')
  .all(Math.floor(total / 2));
const offsetMs = +(performance.now() - t0).toFixed(2);
console.log(`(for comparison, OFFSET ${Math.floor(total / 2)}: ${offsetMs} ms)`);
await store.close();

const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'queries.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  JSON.stringify({ scale, transactions: total, worstMs: worst, offsetComparisonMs: offsetMs, queries: results }),
);
