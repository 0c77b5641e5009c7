/** Payees, Chart of Accounts, batches and GL-batch rows: small writes, each in its caller's transaction. */
import type BetterSqlite3 from 'better-sqlite3';
import { statement } from './statements';
import type { Batch, GlAccount, GlBatch, Payee } from '../../../shared/domain';
import type { Parsed } from '../api/wire';

/** Replaces the payee list; payees no longer listed stay, marked removed, so old rows keep a name. */
export function replacePayees(sqlite: BetterSqlite3.Database, payees: Array<Parsed<Payee>>, now: string): void {
  const upsert = statement(
    sqlite,
    `INSERT INTO payees (id, name, merchant_id, removed, raw, updated_at) VALUES (?, ?, ?, 0, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, merchant_id = excluded.merchant_id, removed = 0, raw = excluded.raw, updated_at = excluded.updated_at`,
  );
  for (const { value, raw } of payees) upsert.run(value.id, value.name, value.merchantId, raw, now);
  statement(
    sqlite,
    `UPDATE payees SET removed = 1, updated_at = ? WHERE removed = 0 AND id NOT IN (SELECT value FROM json_each(?))`,
  ).run(now, JSON.stringify(payees.map((p) => p.value.id)));
}

export function replaceGlAccounts(
  sqlite: BetterSqlite3.Database,
  accounts: Array<Parsed<GlAccount>>,
  now: string,
): void {
  const upsert = statement(
    sqlite,
    `INSERT INTO gl_accounts (id, number, label, removed, raw, updated_at) VALUES (?, ?, ?, 0, ?, ?)
     ON CONFLICT(id) DO UPDATE SET number = excluded.number, label = excluded.label, removed = 0, raw = excluded.raw, updated_at = excluded.updated_at`,
  );
  for (const { value, raw } of accounts) upsert.run(value.id, value.number, value.label, raw, now);
  statement(
    sqlite,
    `UPDATE gl_accounts SET removed = 1, updated_at = ? WHERE removed = 0 AND id NOT IN (SELECT value FROM json_each(?))`,
  ).run(now, JSON.stringify(accounts.map((a) => a.value.id)));
}

export function listPayees(sqlite: BetterSqlite3.Database): Payee[] {
  return (
    statement(sqlite, 'SELECT id, name, merchant_id, removed FROM payees ORDER BY removed, name, id').all() as Array<{
      id: number;
      name: string;
      merchant_id: string;
      removed: number;
    }>
  ).map((row) => ({ id: row.id, name: row.name, merchantId: row.merchant_id, removed: row.removed === 1 }));
}

export function listGlAccounts(sqlite: BetterSqlite3.Database): GlAccount[] {
  return (
    statement(
      sqlite,
      'SELECT id, number, label, removed FROM gl_accounts ORDER BY removed, number, id',
    ).all() as Array<{
      id: string;
      number: string;
      label: string;
      removed: number;
    }>
  ).map((row) => ({ id: row.id, number: row.number, label: row.label, removed: row.removed === 1 }));
}

export function batchExists(sqlite: BetterSqlite3.Database, id: string): boolean {
  return statement(sqlite, 'SELECT 1 FROM batches WHERE id = ?').get(id) !== undefined;
}

export function countBatchTransactions(sqlite: BetterSqlite3.Database, batchId: string): number {
  return (statement(sqlite, 'SELECT COUNT(*) AS n FROM transactions WHERE batch_id = ?').get(batchId) as { n: number })
    .n;
}

/** Inserts or updates a batch; returns whether anything was written. */
export function upsertBatch(sqlite: BetterSqlite3.Database, { value, raw }: Parsed<Batch>, now: string): boolean {
  const result = statement(
    sqlite,

    `INSERT INTO batches (id, payee_id, date, payment_method, total_cents, fees_cents, partial_cents, total_count, raw, first_seen_at, updated_at)
       VALUES (@id, @payeeId, @date, @paymentMethod, @totalCents, @feesCents, @partialCents, @totalCount, @raw, @now, @now)
       ON CONFLICT(id) DO UPDATE SET payee_id = excluded.payee_id, date = excluded.date, payment_method = excluded.payment_method,
         total_cents = excluded.total_cents, fees_cents = excluded.fees_cents, partial_cents = excluded.partial_cents,
         total_count = excluded.total_count, raw = excluded.raw, updated_at = excluded.updated_at
       WHERE batches.raw IS NOT excluded.raw`,
  ).run({ ...value, raw, now });
  return result.changes > 0;
}

/**
 * Replaces one day's GL-batch rows (all pages of the day at once, so a day is never half there).
 * Returns the batches whose GL lines changed (a line added, removed or different), for re-checking.
 */
export function replaceGlBatchDay(
  sqlite: BetterSqlite3.Database,
  date: string,
  rows: Array<Parsed<GlBatch>>,
  now: string,
): Set<string> {
  // A batch's GL lines compared as a whole (the service's GL-batch ids need not be unique in a day).
  const linesOf = (lines: Array<{ batchId: string; raw: string }>) => {
    const byBatch = new Map<string, string[]>();
    for (const { batchId, raw } of lines) {
      const raws = byBatch.get(batchId);
      if (raws) raws.push(raw);
      else byBatch.set(batchId, [raw]);
    }
    return new Map([...byBatch].map(([batchId, raws]) => [batchId, raws.sort().join('\n')]));
  };
  const before = linesOf(
    (
      statement(sqlite, 'SELECT batch_id, raw FROM gl_batches WHERE date = ?').all(date) as Array<{
        batch_id: string;
        raw: string;
      }>
    ).map((row) => ({ batchId: row.batch_id, raw: row.raw })),
  );
  const after = linesOf(rows.map(({ value, raw }) => ({ batchId: value.batchId, raw })));
  const changed = new Set<string>();
  for (const batchId of new Set([...before.keys(), ...after.keys()]))
    if (before.get(batchId) !== after.get(batchId)) changed.add(batchId);
  if (!changed.size) return changed; // the same lines: nothing to write
  statement(sqlite, 'DELETE FROM gl_batches WHERE date = ?').run(date);
  const insert = statement(
    sqlite,
    `INSERT INTO gl_batches (gl_batch_id, date, batch_id, payee_id, gl_account_id, gl_number, gl_label, amount_cents, amount_without_fees_cents, count, raw, synced_at)
     VALUES (@glBatchId, @date, @batchId, @payeeId, @glAccountId, @glNumber, @glLabel, @amountCents, @amountWithoutFeesCents, @count, @raw, @now)`,
  );
  for (const { value, raw } of rows) insert.run({ ...value, raw, now });
  return changed;
}
