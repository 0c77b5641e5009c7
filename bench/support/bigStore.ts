/**
 * A store of `total` transactions (and the deposits they make up) for benches that need a big local
 * copy, built with raw prepared statements in one transaction (the shape sync writes; ~1M rows in
 * well under a minute) and cached by size, so a re-run starts at once. The data follow
 * queries.bench.ts's mix (a year of business days, six payees, four methods, most rows Settled),
 * whose generator is inline in that script and cannot be imported.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '../../shared/time';
import { openStore } from '../../electron/engine/store/dialect';

export const BIG_STORE_DAYS = 365;
export const BIG_STORE_FIRST_DAY = '2025-03-10';
const DAYS = BIG_STORE_DAYS;
const FIRST = BIG_STORE_FIRST_DAY;
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
const PAYEES = [
  'Lincoln High Cafeteria',
  'Roosevelt Elementary',
  'Central Athletics',
  'Washington Middle',
  'District Library',
  'Band Boosters',
];
const STAMP = '2026-01-01T00:00:00Z';

/** The path of a cached database file holding `total` transactions; builds it the first time. */
export async function bigStoreFile(total: number): Promise<string> {
  const folder = join(tmpdir(), 'district-recon-bench');
  const file = join(folder, `big-store-v1-${total}.sqlite`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const building = `${file}.building`;
  rmSync(building, { force: true });
  const store = await openStore(building);
  const started = performance.now();
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const insert = store.writer.sqlite.prepare(
    `INSERT INTO transactions (id, order_id, payee_id, payment_method, status, status_message, amount_cents, amount_refunded_cents,
       convenience_fee_cents, tax_cents, shipping_cents, batch_id, data, payer_name, gl_account_id, business_date, raw, first_seen_at, updated_at)
     VALUES (?, ?, ?, ?, ?, '', ?, ?, ?, 0, 0, ?, ?, ?, NULL, ?, '{}', '${STAMP}', '${STAMP}')`,
  );
  const perDay = Math.ceil(total / DAYS);
  store.writer.sqlite.transaction(() => {
    PAYEES.forEach((name, i) =>
      store.writer.sqlite
        .prepare(`INSERT INTO payees (id, name, merchant_id, raw, updated_at) VALUES (?, ?, ?, '{}', '${STAMP}')`)
        .run(i + 1, name, `M-${i + 1}`),
    );
    for (let i = 0; i < total; i++) {
      const day = addDays(FIRST, Math.floor(i / perDay));
      const payee = 1 + Math.floor(rand() * PAYEES.length);
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
    // Each deposit is what its transactions add up to (a deposit that ties out).
    store.writer.sqlite
      .exec(`INSERT INTO batches (id, payee_id, date, payment_method, total_cents, fees_cents, partial_cents, total_count, raw, first_seen_at, updated_at)
      SELECT batch_id, MIN(payee_id), MIN(business_date), MIN(payment_method), SUM(amount_cents + convenience_fee_cents), SUM(convenience_fee_cents),
             SUM(amount_cents), COUNT(*), '{}', '${STAMP}', '${STAMP}'
        FROM transactions WHERE batch_id IS NOT NULL GROUP BY batch_id`);
  })();
  store.writer.sqlite.pragma('optimize');
  await store.close();
  renameSync(building, file);
  for (const suffix of ['-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  process.stdout.write(`built ${total} transactions in ${Math.round(performance.now() - started)} ms (${file})\n`);
  return file;
}
