import { ERP_CODE_LAYOUTS, type AccountMaps, type ErpCodeLayout } from '../../../shared/contract';
import type { EngineContext } from '../context';
import { listDefaultAccounts, listErpAccountCodes, saveErpAccountCodes, setDefaultAccount } from '../store/accountMaps';
import type { ReadableDB } from '../store/work';
import { listPayees } from '../store/transactions';
import { assertCodesFit } from '../export/accountCodes';
import { actingUser, nowIso, type DomainHandlers } from './domain';

/** Default accounts per school and item name, ERP codes per layout (DESIGN.md §7; issue 30 items 2, 4). */
export async function readAccountMaps(reader: ReadableDB): Promise<AccountMaps> {
  const [defaults, payees, codes] = await Promise.all([
    listDefaultAccounts(reader),
    listPayees(reader),
    listErpAccountCodes(reader),
  ]);
  const names = new Map(payees.map((p) => [p.id, p.name]));
  return {
    schools: defaults
      .filter((d) => d.kind === 'school')
      .map((d) => ({ payeeId: Number(d.key), payeeName: names.get(Number(d.key)) ?? null, glNumber: d.glNumber })),
    items: defaults.filter((d) => d.kind === 'item').map((d) => ({ itemName: d.key, glNumber: d.glNumber })),
    codes: Object.fromEntries(ERP_CODE_LAYOUTS.map((layout) => [layout, codes.get(layout) ?? []])) as Record<
      ErpCodeLayout,
      Array<{ glNumber: string; code: string }>
    >,
  };
}

export function createAccountMapHandlers(ctx: EngineContext): DomainHandlers<'accountMaps'> {
  return {
    'accountMaps.get': () => readAccountMaps(ctx.store.reader),
    'accountMaps.setDefault': async (change) => {
      const [kind, key] =
        'school' in change ? (['school', String(change.school)] as const) : (['item', change.item] as const);
      await setDefaultAccount(
        ctx.store.writer,
        { kind, key, glNumber: change.glNumber },
        await actingUser(ctx),
        nowIso(ctx),
      );
      return readAccountMaps(ctx.store.reader);
    },
    'accountMaps.setCodes': async ({ layout, codes, replace }) => {
      assertCodesFit(layout, codes);
      await saveErpAccountCodes(ctx.store.writer, layout, codes, replace, nowIso(ctx));
      return readAccountMaps(ctx.store.reader);
    },
  };
}
