import type { GlBatchReport } from '../../../../shared/contract';
import { Money } from '../../components/Money';
import { ReversalTable } from '../../components/ReversalTable';
import { StaticTable } from '../../components/StaticTable';
import { formatCount } from '../../format';
import { glAmountColumns } from '../batches/columns';

/**
 * The report grouped by Chart of Accounts, with totals that line up under each column, and beside the
 * deposits the range's reversals (refunds, returns, settled voids seen in it), which the export posts too.
 */
export function AccountTotals({ report }: { report: GlBatchReport }) {
  return (
    <>
      <StaticTable
        className="totals-table"
        caption="By Chart of Accounts"
        columns={glAmountColumns(report.byAccount)}
        rows={report.byAccount}
        getRowId={(account) => account.glAccountId ?? account.glNumber ?? 'no-account'}
      />
      <section aria-labelledby="gl-reversals-title">
        <h2 id="gl-reversals-title" className="section-title">
          Reversals seen in this range ({formatCount(report.reversalCount)})
        </h2>
        {report.reversals.length < report.reversalCount && (
          <p className="muted" role="note">
            Listing the first {formatCount(report.reversals.length)}; the export posts all{' '}
            {formatCount(report.reversalCount)}.
          </p>
        )}
        <p className="muted">
          Deposits <Money cents={report.totalCents} />, reversals <Money cents={report.reversalTotalCents} />, net{' '}
          <Money cents={report.totalCents - report.reversalTotalCents} strong />
        </p>
        <ReversalTable reversals={report.reversals} empty="No refunds, returns or voids were seen in this range." />
      </section>
    </>
  );
}
