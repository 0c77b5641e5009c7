/** Reference lists: payees and the Chart of Accounts (GL accounts), on either dialect. */
import type { Kysely } from 'kysely';
import { chunks } from '../work/chunks';
import type { ReadableDB, WritableDB } from '../work/handles';
import type { Database } from '../schema';
import { execute, runWrite, type Work } from '../work/work';
import type { GlAccount, Payee, Received as Parsed } from '../../../../shared/domain';

/*
 * Replacing a reference list: rows no longer listed stay, marked removed, so old transactions keep a
 * name (a payee or an account the service dropped).
 */

/** One row per id, the last listed (one multi-row upsert may not touch a row twice on PostgreSQL). */
function lastOfEach<T extends { value: { id: string | number } }>(rows: readonly T[]): T[] {
  return [...new Map(rows.map((row) => [row.value.id, row])).values()];
}

export function* replacePayeesWork(db: Kysely<Database>, payees: Array<Parsed<Payee>>, now: string): Work<void> {
  yield* replaceListWork(db, 'payees', payees, now, (payee) => ({ name: payee.name, merchant_id: payee.merchantId }));
}

export function* replaceGlAccountsWork(
  db: Kysely<Database>,
  accounts: Array<Parsed<GlAccount>>,
  now: string,
): Work<void> {
  yield* replaceListWork(db, 'gl_accounts', accounts, now, (account) => ({
    number: account.number,
    label: account.label,
  }));
}

/**
 * Upserts every listed row (its own columns, `raw`, not removed) and marks the rest removed. The two
 * lists share everything but their own columns, which `columnsOf` gives; kysely cannot type a
 * column map over a union of tables, hence the casts, confined here.
 */
function* replaceListWork<T extends { id: number | string }>(
  db: Kysely<Database>,
  table: 'payees' | 'gl_accounts',
  items: Array<Parsed<T>>,
  now: string,
  columnsOf: (value: T) => Record<string, string | number | null>,
): Work<void> {
  for (const slice of chunks(lastOfEach(items))) {
    const rows = slice.map(({ value, raw }) => ({
      id: value.id,
      ...columnsOf(value),
      removed: 0,
      raw,
      updated_at: now,
    }));
    const replaced = [...Object.keys(columnsOf(slice[0]!.value)), 'raw', 'updated_at'];
    yield* execute(
      db
        .insertInto(table)
        .values(rows as never)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            ...Object.fromEntries(replaced.map((column) => [column, eb.ref(`excluded.${column}` as never)])),
            removed: 0,
          })),
        ),
    );
  }
  const listed = items.map(({ value }) => value.id);
  yield* execute(
    db
      .updateTable(table)
      .set({ removed: 1, updated_at: now })
      .where('removed', '=', 0)
      .$if(listed.length > 0, (qb) => qb.where('id', 'not in', listed as never)),
  );
}

/** The Chart of Accounts as the service lists it now, in one unit of work (after an add or a remove). */
export function replaceGlAccounts(writer: WritableDB, accounts: Array<Parsed<GlAccount>>, now: string): Promise<void> {
  return runWrite(writer, (db) => replaceGlAccountsWork(db, accounts, now));
}

export async function listPayees({ db }: ReadableDB): Promise<Payee[]> {
  const rows = await db
    .selectFrom('payees')
    .select(['id', 'name', 'merchant_id', 'removed'])
    .orderBy('removed')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    merchantId: row.merchant_id,
    removed: row.removed === 1,
  }));
}

export async function listGlAccounts({ db }: ReadableDB): Promise<GlAccount[]> {
  const rows = await db
    .selectFrom('gl_accounts')
    .select(['id', 'number', 'label', 'removed'])
    .orderBy('removed')
    .orderBy('number')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, number: row.number, label: row.label, removed: row.removed === 1 }));
}
