/** Reference lists: payees and the Chart of Accounts (GL accounts). Writes run in their caller's transaction. */
import type { ReadableDB, WritableDB } from './handles';
import { statement } from './statements';
import type { GlAccount, Payee, Received as Parsed } from '../../../shared/domain';

/** Replaces the payee list; payees no longer listed stay, marked removed, so old rows keep a name. */
export function replacePayees({ sqlite }: WritableDB, payees: Array<Parsed<Payee>>, now: string): void {
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

export function replaceGlAccounts({ sqlite }: WritableDB, accounts: Array<Parsed<GlAccount>>, now: string): void {
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

export function listPayees({ sqlite }: ReadableDB): Payee[] {
  return (
    statement(sqlite, 'SELECT id, name, merchant_id, removed FROM payees ORDER BY removed, name, id').all() as Array<{
      id: number;
      name: string;
      merchant_id: string;
      removed: number;
    }>
  ).map((row) => ({ id: row.id, name: row.name, merchantId: row.merchant_id, removed: row.removed === 1 }));
}

export function listGlAccounts({ sqlite }: ReadableDB): GlAccount[] {
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
