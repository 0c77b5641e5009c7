import type { GlBatchReport } from '../../../../shared/contract';
import { Money } from '../../components/Money';
import { formatCount } from '../../format';

/** The report grouped by Chart of Accounts, with totals that line up under each column. */
export function AccountTotals({ report }: { report: GlBatchReport }) {
  return (
    <table className="simple-table totals-table">
      <caption className="table-caption">By Chart of Accounts</caption>
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col">Description</th>
          <th scope="col" className="num">
            Count
          </th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col" className="num">
            Without fees
          </th>
        </tr>
      </thead>
      <tbody>
        {report.byAccount.map((account) => (
          <tr key={account.glAccountId ?? 'unassigned'}>
            <td className="mono">{account.glNumber ?? 'Unassigned'}</td>
            <td>{account.glLabel ?? <span className="muted">No account on these lines</span>}</td>
            <td className="num num-text">{formatCount(account.count)}</td>
            <td className="num">
              <Money cents={account.amountCents} />
            </td>
            <td className="num">
              <Money cents={account.amountWithoutFeesCents} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td className="num num-text">
            {formatCount(report.byAccount.reduce((sum, account) => sum + account.count, 0))}
          </td>
          <td className="num">
            <Money cents={report.totalCents} strong />
          </td>
          <td className="num">
            <Money cents={report.totalWithoutFeesCents} strong />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
