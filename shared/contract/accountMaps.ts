/**
 * Where money goes that the service gives no Chart of Accounts account, and what each ERP calls an
 * account (DESIGN.md §7; issue 30 items 2 and 4): default accounts per school and per item name,
 * ERP codes per layout, and the money an export would post without an account, named before posting.
 */
import { z } from 'zod';
import { method, returns } from './method';
import { EXPORT_LAYOUTS, glFilter, id, inOrder, text } from './args';
import type { ReversalKind } from '../domain';

/**
 * The layouts that write account codes an ERP reads. The workbook shows Chart of Accounts numbers;
 * QuickBooks (iif) reads account names, mapped by Settings' QuickBooks names.
 */
export const ERP_CODE_LAYOUTS = ['ascender', 'escape', 'je-csv'] as const satisfies ReadonlyArray<
  (typeof EXPORT_LAYOUTS)[number]
>;
export type ErpCodeLayout = (typeof ERP_CODE_LAYOUTS)[number];

/** `/download/<id>` plus this: the workbook a layout was posted with (browser mode). */
export const WORKBOOK_DOWNLOAD_SUFFIX = '-workbook';

const glNumber = text(64).min(1, 'give a Chart of Accounts number');

export const accountMapMethods = {
  'accountMaps.get': method({
    args: z.object({}).strict().default({}),
    result: returns<AccountMaps>(),
    role: 'viewer',
  }),
  // Where unaccounted money posts, and the ERP's codes, are the poster's choice (approver: the CLI's
  // export gl --account-map saves codes as it posts).
  /** One default account: a school's (payeeId) or an item name's. glNumber null removes it. */
  'accountMaps.setDefault': method({
    args: z.union([
      z.object({ school: id, glNumber: glNumber.nullable() }).strict(),
      z.object({ item: text(200).min(1), glNumber: glNumber.nullable() }).strict(),
    ]),
    result: returns<AccountMaps>(),
    role: 'approver',
    changes: ['settings', 'glBatches'],
  }),
  /** A layout's ERP codes: each number its code ('' removes it); `replace` drops the layout's others. */
  'accountMaps.setCodes': method({
    args: z
      .object({
        layout: z.enum(ERP_CODE_LAYOUTS),
        codes: z.array(z.object({ glNumber, code: text(64) }).strict()).max(5000),
        replace: z.boolean().default(false),
      })
      .strict(),
    result: returns<AccountMaps>(),
    role: 'approver',
    changes: ['settings'],
  }),
  /** The money an export of this scope would post with no account: named before posting. */
  'export.withoutAccount': method({
    args: inOrder(glFilter.extend({ repost: z.boolean().optional() }).strict()),
    result: returns<MoneyWithoutAccount>(),
    role: 'viewer',
  }),
} as const;

export interface SchoolDefaultAccount {
  payeeId: number;
  payeeName: string | null;
  glNumber: string;
}

export interface ItemDefaultAccount {
  itemName: string;
  glNumber: string;
}

export interface AccountMaps {
  schools: SchoolDefaultAccount[];
  items: ItemDefaultAccount[];
  /** Per ERP layout, Chart of Accounts number -> ERP code. */
  codes: Record<ErpCodeLayout, Array<{ glNumber: string; code: string }>>;
}

/** A school's GL rows with no account and no default. */
export interface SchoolWithoutAccount {
  payeeId: number;
  payeeName: string | null;
  rowCount: number;
  amountCents: number;
}

/** A reversal some of whose money has no account (its transaction and items have none, nor defaults). */
export interface ReversalWithoutAccount {
  changeId: number;
  transactionId: number;
  kind: ReversalKind;
  payeeId: number;
  payeeName: string | null;
  amountCents: number;
  /** The transaction's items with no account and no default, by name. */
  items: string[];
}

export interface MoneyWithoutAccount {
  schools: SchoolWithoutAccount[];
  reversals: ReversalWithoutAccount[];
  amountCents: number;
}
