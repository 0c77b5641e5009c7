import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { GlBatch } from '../../../../shared/domain';
import { columnsOf } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { EmptyState, ErrorBanner, QueryStatus } from '../../components/Status';
import { rangeProblem } from '../../data/glFilter';
import { payeeName, reads, usePayees } from '../../data/queries';
import { formatCount } from '../../format';
import { useCan, useWhyNot } from '../../hooks/useCan';
import { useSearchKey } from '../../hooks/useSearchKey';
import { navigate } from '../../routes';
import { useFilters } from '../../state/filters';
import { glAmountColumns } from '../batches/columns';
import { AccountTotals } from './AccountTotals';
import { ExportPanel } from './ExportPanel';
import { GlFilters } from './GlFilters';
import { defaultRangeNote, useDefaultGlRange } from './useDefaultRange';

const line = columnsOf<GlBatch>();
const AMOUNTS = glAmountColumns<GlBatch>();

export function GlBatchesView() {
  const filter = useFilters((state) => state.glBatches);
  const setFilter = useFilters((state) => state.set);
  const problem = rangeProblem(filter);
  const defaultRange = useDefaultGlRange();
  const query = useQuery({ ...reads.glBatches(filter), enabled: problem === null && !defaultRange.waiting });
  const payees = usePayees();
  const report = problem === null ? query.data : undefined;
  const mayExport = useCan('export.glBatches');
  const whyNot = useWhyNot('export.glBatches');
  useSearchKey();

  const columns = useMemo(
    () => [
      line.date('date', 'Business date (Central)', (l) => l.date, '170px'),
      line.code('batch', 'Batch', (l) => l.batchId, '110px'),
      line.text('payee', 'Payee', (l) => payeeName(payees, l.payeeId), 'minmax(140px, 2fr)'),
      ...AMOUNTS,
    ],
    [payees],
  );

  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">GL Batches</h1>
      <GlFilters
        filter={filter}
        payees={payees}
        onChange={(patch) => setFilter('glBatches', { ...patch, seeded: true })}
      />
      {defaultRange.chosen && defaultRangeNote(defaultRange.chosen) && (
        <p className="muted small" role="note">
          {defaultRangeNote(defaultRange.chosen)}
        </p>
      )}
      {problem ? <ErrorBanner message={problem} /> : <QueryStatus query={query} loading="Loading GL batches…" />}
      {mayExport ? (
        <ExportPanel filter={filter} disabled={!report || report.rowCount === 0} />
      ) : (
        <p className="muted" role="note">
          Export: {whyNot}
        </p>
      )}
      {report && report.rowCount === 0 && (
        <EmptyState
          title="No GL batches in this range."
          hint="Choose other dates, payees or methods; GL batches arrive with the nightly sync."
        />
      )}
      {report && report.rowCount > 0 && (
        <>
          <AccountTotals report={report} />
          {report.truncated && (
            <p className="muted" role="note">
              Showing the first {formatCount(report.rows.length)} lines; the export writes all{' '}
              {formatCount(report.rowCount)}.
            </p>
          )}
          <h2 className="section-title">Lines</h2>
          <DataTable
            label="GL batch lines"
            columns={columns}
            rows={report.rows}
            getRowId={(l) => l.glBatchId}
            onOpen={(l) => navigate('batches', l.batchId)}
            keyboard
            height="420px"
          />
        </>
      )}
    </section>
  );
}
