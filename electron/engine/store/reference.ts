/** Reference lists: payees and the Chart of Accounts (GL accounts), on either dialect. */
import type { Kysely } from 'kysely';
import { chunks } from './chunks';
import type { ReadableDB, WritableDB } from './handles';
import type { Database } from './schema';
import { execute, runWrite, type Work } from './work';
import type { GlAccount, Payee, Received as Parsed } from '../../../shared/domain';

/*
 * Replacing a reference list: rows no longer listed stay, marked removed, so old transactions keep a
 * name (a payee or an account the service dropped).
 */

/** One row per id, the last listed (one multi-row upsert may not touch a row twice on PostgreSQL). */
function lastOfEach<T extends { value: { id: string | number } }>(rows: readonly T[]): T[] {
  return [...new Map(rows.map((row) => [row.value.id, row])).values()];
}

export function* replacePayeesWork(db: Kysely<Database>, payees: Array<Parsed<Payee>>, now: string): Work<void> {
  for (const slice of chunks(lastOfEach(payees)))
    yield* execute(
      db
        .insertInto('payees')
        .values(
          slice.map(({ value, raw }) => ({
            id: value.id,
            name: value.name,
            merchant_id: value.merchantId,
            removed: 0,
            raw,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            merchant_id: eb.ref('excluded.merchant_id'),
            removed: 0,
            raw: eb.ref('excluded.raw'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        ),
    );
  const listed = payees.map(({ value }) => value.id);
  yield* execute(
    db
      .updateTable('payees')
      .set({ removed: 1, updated_at: now })
      .where('removed', '=', 0)
      .$if(listed.length > 0, (qb) => qb.where('id', 'not in', listed)),
  );
}

export function* replaceGlAccountsWork(
  db: Kysely<Database>,
  accounts: Array<Parsed<GlAccount>>,
  now: string,
): Work<void> {
  for (const slice of chunks(lastOfEach(accounts)))
    yield* execute(
      db
        .insertInto('gl_accounts')
        .values(
          slice.map(({ value, raw }) => ({
            id: value.id,
            number: value.number,
            label: value.label,
            removed: 0,
            raw,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            number: eb.ref('excluded.number'),
            label: eb.ref('excluded.label'),
            removed: 0,
            raw: eb.ref('excluded.raw'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        ),
    );
  const listed = accounts.map(({ value }) => value.id);
  yield* execute(
    db
      .updateTable('gl_accounts')
      .set({ removed: 1, updated_at: now })
      .where('removed', '=', 0)
      .$if(listed.length > 0, (qb) => qb.where('id', 'not in', listed)),
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
