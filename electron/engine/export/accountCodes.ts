/**
 * ERP account codes (DESIGN.md §7; issue 30 item 4): the service's Chart of Accounts numbers need not
 * be the ERP's codes, so each layout has a map, number -> code, saved in the store (accountMaps) and
 * applied to every line the layout writes. A code is checked against its layout's account field when
 * it is saved, and every code of a map that cannot fit is named at once, before anything is written.
 */
import { ContractError, type ErpCodeLayout } from '../../../shared/contract';
import type { AccountCode } from '../../../shared/accountMapCsv';
import type { ErpEntry } from './erp';
import { accountProblem } from './erp/fit';

/** Each layout's account field, as its row check (erp/<layout>.ts rowProblem) holds it. */
const ACCOUNT_FIELDS: Record<ErpCodeLayout, { field: string; max: number | null; forbidden: RegExp }> = {
  ascender: { field: 'ASCENDER Account Code', max: 20, forbidden: /[\s,"]|[^\x21-\x7e]/ },
  escape: { field: 'Escape Account', max: 60, forbidden: /[,"]/ },
  'je-csv': { field: 'account', max: null, forbidden: /[\r\n]/ },
};

export type { AccountCode };
export { parseAccountMapCsv } from '../../../shared/accountMapCsv';

/** Every code that breaks its layout's account field, one line each. */
export function codeProblems(layout: ErpCodeLayout, codes: readonly AccountCode[]): string[] {
  const { field, max, forbidden } = ACCOUNT_FIELDS[layout];
  return codes
    .filter((c) => c.code !== '')
    .map((c) => {
      const problem = accountProblem(c.code, field, max, forbidden);
      return problem && `${c.glNumber}: ${problem}`;
    })
    .filter((line): line is string => line !== null);
}

/** Refuses, naming every code that cannot fit (the first 10 and how many more), before anything is saved or written. */
export function assertCodesFit(layout: ErpCodeLayout, codes: readonly AccountCode[]): void {
  const problems = codeProblems(layout, codes);
  if (problems.length === 0) return;
  const more = problems.length > 10 ? `; and ${problems.length - 10} more` : '';
  throw new ContractError(
    'BAD_ARGUMENTS',
    `${problems.length} ${layout} account code${problems.length === 1 ? '' : 's'} cannot be written, so nothing was saved or exported: ${problems.slice(0, 10).join('; ')}${more}. Correct them in Settings > ERP account codes (or the --account-map file) and try again.`,
  );
}

/** The entries with each mapped account replaced by its ERP code; unmapped accounts go as they are. */
export async function* withAccountCodes(
  entries: AsyncIterable<ErpEntry> | Iterable<ErpEntry>,
  codes: ReadonlyMap<string, string>,
): AsyncGenerator<ErpEntry> {
  for await (const entry of entries) {
    if (codes.size === 0) {
      yield entry;
      continue;
    }
    yield {
      ...entry,
      lines: entry.lines.map((line) => ({ ...line, account: codes.get(line.account) ?? line.account })),
    };
  }
}
