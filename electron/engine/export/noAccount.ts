/**
 * Money an export would post with no Chart of Accounts account (DESIGN.md §7; issue 30 item 2): a
 * school's GL rows the service gave no account, with no default chosen in Settings, and reversals
 * whose transaction and items have none either. A posting is refused while any is in scope, naming
 * the schools, reversals and items and what to do; nothing is posted to an account nobody chose.
 */
import { ContractError, type MoneyWithoutAccount, type ReversalWithoutAccount } from '../../../shared/contract';
import type { Reversal } from '../../../shared/domain';
import { formatMoney } from '../../../shared/money';
import { itemsWithoutAccount, schoolsWithoutAccount } from '../store/accountMaps';
import type { GlExportFilter } from '../store/glBatches';
import type { ReadableDB } from '../store/work';
import { withoutAccountLines } from '../../../shared/noAccountWords';

/** What of this scope (or, with `exportId`, of what that export claimed) has no account. */
export async function moneyWithoutAccount(
  reader: ReadableDB,
  filter: GlExportFilter,
  reversals: readonly Reversal[],
): Promise<MoneyWithoutAccount> {
  const schools = await schoolsWithoutAccount(reader, filter);
  const lacking = reversals.filter((r) => r.lines.some((line) => line.glNumber === null));
  const items = await itemsWithoutAccount(
    reader,
    lacking.map((r) => r.transactionId),
  );
  const named: ReversalWithoutAccount[] = lacking.map((r) => ({
    changeId: r.changeId,
    transactionId: r.transactionId,
    kind: r.kind,
    payeeId: r.payeeId,
    payeeName: r.payeeName,
    amountCents: r.lines.filter((line) => line.glNumber === null).reduce((sum, line) => sum + line.amountCents, 0),
    items: items.get(r.transactionId) ?? [],
  }));
  const amountCents =
    schools.reduce((sum, s) => sum + s.amountCents, 0) + named.reduce((sum, r) => sum + r.amountCents, 0);
  return { schools, reversals: named, amountCents };
}

export const isEmpty = (found: MoneyWithoutAccount) => found.schools.length === 0 && found.reversals.length === 0;

/** The refusal: what has no account, the first few named, and where to choose one. */
export function noAccountError(filter: Pick<GlExportFilter, 'from' | 'to'>, found: MoneyWithoutAccount): ContractError {
  const lines = withoutAccountLines(found);
  const named = lines.slice(0, 4).join('; ');
  const more = lines.length > 4 ? `; and ${lines.length - 4} more` : '';
  return new ContractError(
    'CONFLICT',
    `${formatMoney(found.amountCents)} from ${filter.from} to ${filter.to} has no Chart of Accounts account, so nothing was posted: ${named}${more}. Choose a default account for each school or item in Settings > Default accounts (the CLI's "district-recon export default-account"), then post again; "Save a report" (export gl --report) writes the workbook meanwhile.`,
  );
}
