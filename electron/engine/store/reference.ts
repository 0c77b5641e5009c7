/** Reference lists: payees and the Chart of Accounts (GL accounts). Writes run in their caller's transaction. */
import type { ReadableDB, WritableDB } from './handles';
import { statement } from './statements';
import type { GlAccount, Payee, Received as Parsed } from '../../../shared/domain';

/**
 * Replaces a reference list. Rows no longer listed stay, marked removed, so old transactions keep a
 * name (a payee or an account the service dropped).
 */
function replaceList(
  sqlite: WritableDB['sqlite'],
  table: 'payees' | 'gl_accounts',
  columns: readonly [string, string],
  rows: ReadonlyArray<{ id: string | number; fields: readonly [string, string]; raw: string }>,
  now: string,
): void {
  const [first, second] = columns;
  const upsert = statement(
    sqlite,
    `INSERT INTO ${table} (id, ${first}, ${second}, removed, raw, updated_at) VALUES (?, ?, ?, 0, ?, ?)
     ON CONFLICT(id) DO UPDATE SET ${first} = excluded.${first}, ${second} = excluded.${second}, removed = 0, raw = excluded.raw, updated_at = excluded.updated_at`,
  );
  for (const row of rows) upsert.run(row.id, row.fields[0], row.fields[1], row.raw, now);
  statement(
    sqlite,
    `UPDATE ${table} SET removed = 1, updated_at = ? WHERE removed = 0 AND id NOT IN (SELECT value FROM json_each(?))`,
  ).run(now, JSON.stringify(rows.map((row) => row.id)));
}

export function replacePayees({ sqlite }: WritableDB, payees: Array<Parsed<Payee>>, now: string): void {
  const rows = payees.map(({ value, raw }) => ({ id: value.id, fields: [value.name, value.merchantId] as const, raw }));
  replaceList(sqlite, 'payees', ['name', 'merchant_id'], rows, now);
}

export function replaceGlAccounts({ sqlite }: WritableDB, accounts: Array<Parsed<GlAccount>>, now: string): void {
  const rows = accounts.map(({ value, raw }) => ({ id: value.id, fields: [value.number, value.label] as const, raw }));
  replaceList(sqlite, 'gl_accounts', ['number', 'label'], rows, now);
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
