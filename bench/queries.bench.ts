/**
 * Every query a transaction view needs, on 1M transactions (BENCH_SCALE-aware): a page by
 * payee / status / date / method / batch / search, deep keyset pages, counts, a batch's rows and
 * sums, a day summary. Each is timed as the median of repeated runs; the goal is < 10 ms each.
 * The store is filled with raw prepared statements (the shape sync writes), not through the sandbox.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TransactionFilter } from '../shared/contract';
import { addDays } from '../shared/time';
import { openStore } from '../electron/engine/store/open';
import { countTransactions, getTransaction, listTransactions } from '../electron/engine/store/transactionQueries';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const total = Math.round(1_000_000 * scale);
const DAYS = 365;
const FIRST = '2025-03-10';
const STATUSES = [
  'Settled',
  'Settled',
  'Settled',
  'Settled',
  'Settled',
  'Settled',
  'Refunded',
  'Pending',
  'Voided',
  'Declined',
  'Returned',
  'Error',
  'Unknown',
];
const METHODS = ['CC', 'CC', 'CC', 'ACH', 'Cash', 'PhysicalCheck'];
const FIRST_NAMES = ['Ana', 'José', 'Mei', 'Liam', 'Noah', 'Zoë', 'Omar', 'Ivy', 'Raj', 'Lena'];
const LAST_NAMES = [
  'García',
  'Nguyen',
  'Smith',
  'Okafor',
  'Müller',
  'Kowalski',
  'Haddad',
  'Johnson',
  'Tanaka',
  'Brown',
];
const ITEMS = ['Yearbook', 'Lunch deposit', 'Field trip', 'Band fee', 'Spirit wear', 'Athletics fee', 'Library fine'];

const folder = mkdtempSync(join(tmpdir(), 'recon-queries-'));
const store = await openStore(join(folder, 'district-recon.sqlite'));
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

const insert = store.sqlite.prepare(
  `INSERT INTO transactions (id, order_id, payee_id, payment_method, status, status_message, amount_cents, amount_refunded_cents,
     convenience_fee_cents, tax_cents, shipping_cents, batch_id, data, payer_name, gl_account_id, business_date, raw, first_seen_at, updated_at)
   VALUES (?, ?, ?, ?, ?, '', ?, ?, ?, 0, 0, ?, ?, ?, NULL, ?, '{}', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
);
let t0 = performance.now();
const perDay = Math.ceil(total / DAYS);
store.sqlite.transaction(() => {
  for (let i = 0; i < total; i++) {
    const day = addDays(FIRST, Math.floor(i / perDay));
    const payee = 1 + Math.floor(rand() * 6);
    const method = pick(METHODS);
    const status = pick(STATUSES);
    const amount = 100 + Math.floor(rand() * 20000);
    const batch = status === 'Pending' ? null : `${day.replace(/-/g, '')}${payee}${METHODS.indexOf(method)}`;
    insert.run(
      1_000_001 + i,
      500_001 + Math.floor(i / 2),
      payee,
      method,
      status,
      amount,
      status === 'Refunded' ? amount : 0,
      rand() < 0.5 ? 150 : 0,
      batch,
      `${pick(ITEMS)} ${Math.floor(rand() * 9000)}`,
      `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      day,
    );
  }
})();
console.log(`filled ${total} transactions in ${Math.round(performance.now() - t0)} ms`);
store.sqlite.pragma('optimize');

function median(run: () => unknown, repeat = 25): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return +times[Math.floor(times.length / 2)]!.toFixed(3);
}

const middleDay = addDays(FIRST, Math.floor(DAYS / 2));
const deep = listTransactions(store.sqlite, {}, null, 200);
// A cursor half-way down the table: what page 2,500 of an unfiltered list looks like with keyset.
const midRow = store.sqlite
  .prepare('SELECT business_date, id FROM transactions ORDER BY business_date DESC, id DESC LIMIT 1 OFFSET ?')
  .get(Math.floor(total / 2)) as { business_date: string; id: number };
const deepCursor = Buffer.from(JSON.stringify([midRow.business_date, midRow.id])).toString('base64url');
const batchId = (
  store.sqlite
    .prepare('SELECT batch_id FROM transactions WHERE business_date = ? AND batch_id IS NOT NULL LIMIT 1')
    .get(middleDay) as { batch_id: string }
).batch_id;
const page =
  (filter: TransactionFilter, cursor: string | null = null) =>
  () =>
    listTransactions(store.sqlite, filter, cursor, 200);

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
  'count: one status': () => countTransactions(store.sqlite, { statuses: ['Unknown'] }),
  'count: one day': () => countTransactions(store.sqlite, { from: middleDay, to: middleDay }),
  'count: batch': () => countTransactions(store.sqlite, { batchId }),
  'batch sums (count, total, fees)': () =>
    store.sqlite
      .prepare(
        'SELECT COUNT(*) AS n, SUM(amount_cents) AS total, SUM(convenience_fee_cents) AS fees FROM transactions WHERE batch_id = ?',
      )
      .get(batchId),
  'day summary (per payee and method)': () =>
    store.sqlite
      .prepare(
        'SELECT payee_id, payment_method, COUNT(*) AS n, SUM(amount_cents) AS total FROM transactions WHERE business_date = ? GROUP BY payee_id, payment_method',
      )
      .all(middleDay),
  'one transaction with items and timeline': () => getTransaction(store.sqlite, 1_000_001 + Math.floor(total / 2)),
};

const results: Record<string, number> = {};
let worst = 0;
for (const [name, run] of Object.entries(queries)) {
  results[name] = median(run);
  worst = Math.max(worst, results[name]!);
  console.log(`${results[name]!.toFixed(3).padStart(9)} ms  ${name}${results[name]! >= 10 ? '   <-- over 10 ms' : ''}`);
}
t0 = performance.now();
store.sqlite
  .prepare('SELECT id FROM transactions ORDER BY business_date DESC, id DESC LIMIT 200 OFFSET ?')
  .all(Math.floor(total / 2));
const offsetMs = +(performance.now() - t0).toFixed(2);
console.log(`(for comparison, OFFSET ${Math.floor(total / 2)}: ${offsetMs} ms)`);
await store.close();
rmSync(folder, { recursive: true, force: true });

const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'queries.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  JSON.stringify({ scale, transactions: total, worstMs: worst, offsetComparisonMs: offsetMs, queries: results }),
);
