import type { GlBatchReport } from '../../../../shared/contract';
import { StaticTable } from '../../components/StaticTable';
import { glAmountColumns } from '../batches/columns';

/** The report grouped by Chart of Accounts, with totals that line up under each column. */
export function AccountTotals({ report }: { report: GlBatchReport }) {
  return (
    <StaticTable
      className="totals-table"
      caption="By Chart of Accounts"
      columns={glAmountColumns(report.byAccount)}
      rows={report.byAccount}
      getRowId={(account) => account.glAccountId ?? 'unassigned'}
    />
  );
}
