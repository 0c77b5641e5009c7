import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExportLayout } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { Instant } from '../../components/Dates';
import { ConfirmDialog } from '../../components/Dialog';
import { CheckField, CodeChoice } from '../../components/Fields';
import { Money } from '../../components/Money';
import { formatTimeLeft } from '../../../../shared/estimate';
import { untiedBySeriousness, untiedReasonWords, untiedSummary } from '../../../../shared/untied';
import { ProgressBar } from '../../components/ProgressBar';
import { ErrorBanner } from '../../components/Status';
import { useGlExport } from '../../data/glExport';
import { rangeProblem, type GlFilter } from '../../data/glFilter';
import { reads } from '../../data/queries';
import { formatBusinessDate, formatCount } from '../../format';
import { useShortcuts } from '../../hooks/useShortcuts';
import { EXPORT_LAYOUT_LABELS, EXPORT_LAYOUT_OPTIONS } from '../../labels';
import { hrefFor } from '../../routes';

const REVERSAL_KIND_WORDS = { refund: 'Refund', return: 'ACH return', void: 'Settled void' } as const;
import './export.css';

/** Deposits named one by one in the dialog; the rest are counted (the workbook marks every one). */
const UNTIED_LISTED = 12;

function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * Export with the layout choice. Before writing, the export registry is asked which earlier exports
 * posted deposits of this range: those are left out of the new file (the engine claims what each
 * export posts), unless the bookkeeper deliberately posts them again.
 */
export function ExportPanel({ filter, disabled }: { filter: GlFilter; disabled: boolean }) {
  const exporter = useGlExport(filter);
  const {
    phase: exportPhase,
    overlaps,
    untied,
    progress: exportProgress,
    result: exportResult,
    error: exportError,
    unaccounted,
  } = exporter;
  const defaultLayout = useQuery(reads.settings()).data?.exportLayout;
  const [layout, setLayout] = useState<ExportLayout | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [repost, setRepost] = useState(false);
  const chosenLayout = layout ?? defaultLayout ?? 'xlsx';

  async function write(postAgain = false, report = false) {
    setDownloadError(null);
    setRepost(false);
    // In the desktop app the main process asks where to save (a page may not name a path);
    // in browser mode the host writes into its exports folder and the files are downloaded: a
    // posting's layout and its workbook both.
    const result = report ? await exporter.report() : await exporter.run(chosenLayout, postAgain);
    const downloads: Array<[string, string]> = [];
    if (result?.downloadPath) downloads.push([result.downloadPath, fileNameOf(result.record.file)]);
    if (result?.workbookDownloadPath && result.record.companionFile)
      downloads.push([result.workbookDownloadPath, fileNameOf(result.record.companionFile)]);
    try {
      for (const [path, name] of downloads) await bridge.download(path, name);
    } catch {
      setDownloadError(
        `The ${report ? 'report' : 'posting'} was written but the browser could not download it. Open Settings > Exports folder, or ${report ? 'save the report' : 'save a report'} again.`,
      );
    }
  }

  async function start() {
    if (disabled || exportPhase === 'exporting' || exportPhase === 'checking') return;
    if (await exporter.prepare()) await write();
  }

  useShortcuts({ e: () => void start() });
  const busy = exportPhase === 'exporting' || exportPhase === 'checking';
  const problem = rangeProblem(filter);
  // The same query the view shows (cached): what an export of this range will post. Not fetched on
  // its own while the view holds its read back (the default range is on its way: useDefaultGlRange).
  const report = useQuery({ ...reads.glBatches(filter), enabled: problem === null && !disabled }).data;

  return (
    <section className="panel export-panel" aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <div className="export-row">
        <CodeChoice
          label="Layout"
          value={chosenLayout}
          values={EXPORT_LAYOUT_OPTIONS}
          labelOf={(option) => EXPORT_LAYOUT_LABELS[option]}
          onChange={setLayout}
        />
        <button
          type="button"
          className="button button-primary"
          disabled={disabled || problem !== null || busy}
          onClick={() => void start()}
          aria-keyshortcuts="e"
        >
          {exportPhase === 'checking' ? 'Checking earlier postings…' : 'Post to the ledger…'}
        </button>
        <button
          type="button"
          className="button"
          disabled={disabled || problem !== null || busy}
          onClick={() => void write(false, true)}
        >
          Save a report
        </button>
        <span className="muted">
          {formatBusinessDate(filter.from)} – {formatBusinessDate(filter.to)} (Central)
        </span>
      </div>
      {report && problem === null && (
        <p className="muted" role="note">
          Will post {formatCount(report.depositCount)} {report.depositCount === 1 ? 'deposit' : 'deposits'} and{' '}
          {formatCount(report.reversalCount)} {report.reversalCount === 1 ? 'reversal' : 'reversals'}
          {report.reversalCount > 0 && (
            <>
              {' '}
              (refunds, returns and voids, <Money cents={report.reversalTotalCents} /> back)
            </>
          )}
          .
        </p>
      )}
      {exportPhase === 'exporting' && (
        <ProgressBar
          label="Writing the export"
          fraction={
            exportProgress && exportProgress.totalRows > 0 ? exportProgress.rows / exportProgress.totalRows : null
          }
          detail={
            exportProgress
              ? [
                  `${formatCount(exportProgress.rows)} of ${formatCount(exportProgress.totalRows)} rows`,
                  formatTimeLeft(exportProgress.etaSeconds),
                ]
                  .filter(Boolean)
                  .join(' · ')
              : undefined
          }
        />
      )}
      {exportPhase === 'error' && exportError && <ErrorBanner message={exportError} />}
      {exportPhase === 'no-account' && unaccounted && (
        <div className="banner banner-warn banner-stack" role="alert">
          <p>
            <Money cents={unaccounted.amountCents} /> of this range has no Chart of Accounts account, so it cannot be
            posted. Choose a default account for each in <a href={hrefFor('settings')}>Settings › Default accounts</a>,
            then post again; &ldquo;Save a report&rdquo; writes the workbook meanwhile.
          </p>
          <ul className="compact-list" aria-label="Money on no account">
            {unaccounted.schools.map((s) => (
              <li key={`school-${s.payeeId}`}>
                {s.payeeName ?? `Payee ${s.payeeId}`}: <Money cents={s.amountCents} /> on {formatCount(s.rowCount)} GL{' '}
                {s.rowCount === 1 ? 'row' : 'rows'}
              </li>
            ))}
            {unaccounted.reversals.map((r) => (
              <li key={`reversal-${r.changeId}`}>
                {REVERSAL_KIND_WORDS[r.kind]} of transaction {r.transactionId} ({r.payeeName ?? `Payee ${r.payeeId}`}
                ): <Money cents={r.amountCents} />
                {r.items.length > 0 && <> (items {r.items.join(', ')})</>}
              </li>
            ))}
          </ul>
          <button type="button" className="button" onClick={exporter.cancel}>
            Close
          </button>
        </div>
      )}
      {downloadError && <ErrorBanner message={downloadError} />}
      {exportPhase === 'done' && exportResult && (
        <div className="banner banner-ok" role="status">
          <p>
            {exportResult.record.report ? 'Saved a report (not a posting; nothing claimed) of' : 'Exported'}{' '}
            {formatCount(exportResult.record.rowCount)} rows, <Money cents={exportResult.record.totalCents} /> in all (
            {formatCount(exportResult.deposits)} deposits, {formatCount(exportResult.reversals)} reversals), to{' '}
            <code>{exportResult.downloadPath ? fileNameOf(exportResult.record.file) : exportResult.record.file}</code>
            {exportResult.record.companionFile && (
              <>
                {' '}
                and its workbook{' '}
                <code>
                  {exportResult.downloadPath
                    ? fileNameOf(exportResult.record.companionFile)
                    : exportResult.record.companionFile}
                </code>
              </>
            )}
            {exportResult.downloadPath ? ' (downloaded by your browser).' : '.'}
            {!exportResult.reposted &&
              exportResult.alreadyPosted.deposits + exportResult.alreadyPosted.reversals > 0 && (
                <>
                  {' '}
                  Left out, posted before: {formatCount(exportResult.alreadyPosted.deposits)} deposits and{' '}
                  {formatCount(exportResult.alreadyPosted.reversals)} reversals.
                </>
              )}
          </p>
        </div>
      )}
      <ConfirmDialog
        title={overlaps.length > 0 ? 'Some or all of this range was posted before' : 'Some deposits do not tie out'}
        open={exportPhase === 'confirm-overlap'}
        confirmLabel={repost ? 'Post them again' : overlaps.length > 0 ? 'Export the rest' : 'Export anyway'}
        danger={repost}
        onCancel={() => {
          setRepost(false);
          exporter.cancel();
        }}
        onConfirm={() => void write(repost)}
      >
        {overlaps.length > 0 && (
          <>
            <p>
              These earlier exports posted deposits or reversals of this range. They are left out of this file, so
              nothing is posted twice:
            </p>
            <ul className="compact-list">
              {overlaps.map((record) => (
                <li key={record.id}>
                  {formatBusinessDate(record.from)} – {formatBusinessDate(record.to)},{' '}
                  <Money cents={record.totalCents} />, exported <Instant iso={record.createdAt} />
                  {record.createdBy ? ` by ${record.createdBy}` : ''}
                </li>
              ))}
            </ul>
            <CheckField
              label="Post them again (only if the earlier file was never imported into the ledger)"
              checked={repost}
              onChange={setRepost}
            />
          </>
        )}
        {untied.length > 0 && (
          <>
            <p>
              {untied.length === 1 ? 'One deposit does not' : `${untied.length} deposits do not`} tie out (
              {untiedSummary(untied)}). They are posted as they are and marked in the workbook&apos;s &ldquo;Ties
              out&rdquo; column
              {untied.length > UNTIED_LISTED ? `; the first ${UNTIED_LISTED}, most serious first:` : ':'}
            </p>
            <ul className="compact-list" aria-label="Deposits that do not tie out">
              {untiedBySeriousness(untied)
                .slice(0, UNTIED_LISTED)
                .map((deposit) => (
                  <li key={deposit.batchId}>
                    {formatBusinessDate(deposit.date)}, deposit {deposit.batchId} (
                    {deposit.payeeName ?? `payee ${deposit.payeeId}`}): {untiedReasonWords(deposit)}
                  </li>
                ))}
            </ul>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
