/**
 * Where money without a Chart of Accounts account goes, and what each ERP calls an account
 * (migration 023; DESIGN.md §7). Defaults are the bookkeeper's choice, per school (payee) for GL rows
 * that carry no account and per item name for items that carry none; the journal uses them and
 * nothing else (no made-up account). ERP codes are per layout.
 */
import type { Kysely } from 'kysely';
import { SCHOOL_DEFAULT_KEY } from './schoolDefault';
import type { SchoolWithoutAccount } from '../../../../shared/contract';
import type { ReadableDB, WritableDB } from '../work/handles';
import type { Database } from '../schema';
import { glScope, type GlExportFilter } from '../glBatches/glRows';
import { execute, rowsOf, runRead, runWrite, type Work } from '../work/work';

import type { DefaultAccountKind } from './types';
export type { DefaultAccountKind };

export interface DefaultAccount {
  kind: DefaultAccountKind;
  /** The payee id (as text) of a school, or the item's name. */
  key: string;
  glNumber: string;
}

export interface ErpAccountCode {
  glNumber: string;
  code: string;
}

export function listDefaultAccounts(reader: ReadableDB): Promise<DefaultAccount[]> {
  return runRead(reader, function* (db) {
    const rows = yield* rowsOf(
      db.selectFrom('default_accounts').select(['kind', 'key', 'gl_number']).orderBy('kind').orderBy('key'),
    );
    return rows.map((row) => ({ kind: row.kind, key: row.key, glNumber: row.gl_number }));
  });
}

/** Sets (or, with glNumber null, removes) one default. */
export function setDefaultAccount(
  writer: WritableDB,
  change: { kind: DefaultAccountKind; key: string; glNumber: string | null },
  by: string,
  at: string,
): Promise<void> {
  return runWrite(writer, function* (db) {
    yield* execute(db.deleteFrom('default_accounts').where('kind', '=', change.kind).where('key', '=', change.key));
    if (change.glNumber !== null)
      yield* execute(
        db.insertInto('default_accounts').values({
          kind: change.kind,
          key: change.key,
          gl_number: change.glNumber,
          set_at: at,
          set_by: by,
        }),
      );
  });
}

export function listErpAccountCodes(reader: ReadableDB, layout?: string): Promise<Map<string, ErpAccountCode[]>> {
  return runRead(reader, function* (db) {
    let query = db.selectFrom('erp_account_codes').select(['layout', 'gl_number', 'code']);
    if (layout) query = query.where('layout', '=', layout);
    const byLayout = new Map<string, ErpAccountCode[]>();
    for (const row of yield* rowsOf(query.orderBy('layout').orderBy('gl_number'))) {
      const list = byLayout.get(row.layout) ?? [];
      list.push({ glNumber: row.gl_number, code: row.code });
      byLayout.set(row.layout, list);
    }
    return byLayout;
  });
}

/**
 * Saves a layout's codes in one transaction: each given number gets its code (an empty code removes
 * it); `replace` first removes every code of the layout not given.
 */
export function saveErpAccountCodes(
  writer: WritableDB,
  layout: string,
  codes: readonly ErpAccountCode[],
  replace: boolean,
  at: string,
): Promise<void> {
  return runWrite(writer, function* (db) {
    if (replace) yield* execute(db.deleteFrom('erp_account_codes').where('layout', '=', layout));
    for (const { glNumber, code } of codes) {
      yield* execute(db.deleteFrom('erp_account_codes').where('layout', '=', layout).where('gl_number', '=', glNumber));
      if (code !== '')
        yield* execute(db.insertInto('erp_account_codes').values({ layout, gl_number: glNumber, code, set_at: at }));
    }
  });
}

/** A school's GL rows in scope that carry no account and have no default: what an export must not post. */

function* schoolsWithoutAccountWork(
  db: Kysely<Database>,
  filter: GlExportFilter & { unposted?: boolean },
): Work<SchoolWithoutAccount[]> {
  const { exportId } = filter;
  let scope =
    exportId === undefined
      ? glScope(db, filter)
      : glScope(db, filter).innerJoin('export_deposits as d', (join) =>
          join.onRef('d.batch_id', '=', 'g.batch_id').on('d.export_id', '=', exportId),
        );
  if (filter.unposted)
    scope = scope.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('export_deposits as posted')
            .select('posted.batch_id')
            .whereRef('posted.batch_id', '=', 'g.batch_id'),
        ),
      ),
    );
  const rows = yield* rowsOf(
    scope
      .leftJoin('default_accounts as da', (join) =>
        join.on('da.kind', '=', 'school').on('da.key', '=', SCHOOL_DEFAULT_KEY),
      )
      .where('g.gl_number', 'is', null)
      .where('a.number', 'is', null)
      .where('da.gl_number', 'is', null)
      .groupBy(['g.payee_id', 'p.name'])
      .select((eb) => [
        'g.payee_id as payeeId',
        'p.name as payeeName',
        eb.fn.countAll<number>().as('rowCount'),
        eb.fn.sum<number>('g.amount_cents').as('amountCents'),
      ])
      .orderBy('g.payee_id'),
  );
  return rows.map((row) => ({
    payeeId: Number(row.payeeId),
    payeeName: row.payeeName,
    rowCount: Number(row.rowCount),
    amountCents: Number(row.amountCents),
  }));
}

/** `exportId`: only the deposits that export claimed; `unposted`: only deposits no export posted yet. */
export function schoolsWithoutAccount(
  reader: ReadableDB,
  filter: GlExportFilter & { unposted?: boolean },
): Promise<SchoolWithoutAccount[]> {
  return runRead(reader, (db) => schoolsWithoutAccountWork(db, filter));
}

/** The names of these transactions' items that carry no account and have no default, per transaction. */
export function itemsWithoutAccount(
  reader: ReadableDB,
  transactionIds: readonly number[],
): Promise<Map<number, string[]>> {
  return runRead(reader, function* (db) {
    const byTransaction = new Map<number, string[]>();
    if (transactionIds.length === 0) return byTransaction;
    const rows = yield* rowsOf(
      db
        .selectFrom('transaction_items as i')
        .leftJoin('gl_accounts as a', 'a.id', 'i.gl_account_id')
        .leftJoin('default_accounts as da', (join) =>
          join.on('da.kind', '=', 'item').onRef('da.key', '=', 'i.item_name'),
        )
        .where('i.transaction_id', 'in', [...transactionIds].slice(0, 500))
        .where('a.number', 'is', null)
        .where('da.gl_number', 'is', null)
        .select(['i.transaction_id as transactionId', 'i.item_name as itemName'])
        .orderBy('i.transaction_id')
        .orderBy('i.item_id'),
    );
    for (const row of rows) {
      const list = byTransaction.get(Number(row.transactionId)) ?? [];
      list.push(row.itemName ?? '(no name)');
      byTransaction.set(Number(row.transactionId), list);
    }
    return byTransaction;
  });
}
