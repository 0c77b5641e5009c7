/**
 * The district's month (DESIGN.md §13): one row per school, most behind first (state, days past the
 * deadline, deposits signed off and bank matched, in transit, difference, pending approvals); each
 * school one click from its Month view; exported to Excel, and the district packet printed, from here.
 * Below, the district's own item: bank lines of no school.
 */
import { useQuery } from '@tanstack/react-query';
import type { DistrictRow } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { columnsOf } from '../../components/columns';
import { QueryStatus } from '../../components/Status';
import { StaticTable } from '../../components/StaticTable';
import { engineQuery } from '../../data/engineQuery';
import { formatBusinessDate, formatCount } from '../../format';
import { hrefFor } from '../../routes';
import { monthReads, STATE_WORDS } from '../month/MonthView';
import { monthHref } from '../month/monthRoute';
import { SaveFileButton } from '../month/SaveFileButton';
import { useShownMonth } from '../month/useShownMonth';

function columnsFor(month: string) {
  const row = columnsOf<DistrictRow>();
  return [
    row.cell('school', 'School', (r) => (
      <a href={monthHref(month, r.payeeId)}>{r.payeeName ?? `School ${r.payeeId}`}</a>
    )),
    row.text('state', 'State', (r) => STATE_WORDS[r.state]),
    row.count('late', 'Days late', (r) => r.daysPastDeadline),
    row.text('signed', 'Signed off', (r) => `${formatCount(r.signedOff)} of ${formatCount(r.deposits)}`),
    row.text('matched', 'Bank matched', (r) => `${formatCount(r.bankMatched)} of ${formatCount(r.deposits)}`),
    row.count('transit', 'In transit', (r) => r.inTransit),
    row.difference('difference', 'Difference', (r) => r.differenceCents),
    row.count('pending', 'Pending approvals', (r) => r.pendingApprovals),
    row.count('open', 'Open items', (r) => r.openItems),
  ];
}

export function DistrictView() {
  const { month: shown, choose, info } = useShownMonth();
  const query = useQuery({
    ...engineQuery('month.district', { month: shown ?? '' }, monthReads),
    enabled: shown !== null,
  });
  const district = query.data;
  // What the engine answered for: the month the figures below are of.
  const month = district?.month ?? '';
  const closed = district?.rows.filter((r) => r.state === 'closed').length ?? 0;
  return (
    <section aria-labelledby="view-title" className="view">
      <div className="view-head">
        <h1 id="view-title">District</h1>
        <label className="field">
          Month
          <input
            type="month"
            value={shown ?? ''}
            onChange={(e) => {
              if (!e.target.value) return;
              choose(e.target.value);
              window.location.hash = monthHref(e.target.value);
            }}
          />
        </label>
      </div>
      {/* Without the engine's today there is no month to show. */}
      {shown === null && info.error ? (
        <QueryStatus query={info} loading="" />
      ) : (
        <QueryStatus query={query} loading="Loading every school's month…" />
      )}
      {district && (
        <>
          <p className="muted">
            {formatCount(closed)} of {formatCount(district.rows.length)} schools closed; due{' '}
            {formatBusinessDate(district.deadline)}.
          </p>
          <div className="month-actions">
            <SaveFileButton
              label="Export to Excel"
              fetchFile={async () => {
                const workbook = await bridge.call('month.districtWorkbook', { month });
                return {
                  fileName: workbook.fileName,
                  base64: workbook.xlsxBase64,
                  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                  saved: `${workbook.fileName}: ${formatCount(workbook.schools)} schools.`,
                };
              }}
            />
            <SaveFileButton
              label={
                closed === district.rows.length ? 'Print the district packet' : 'Print the district packet (DRAFT)'
              }
              fetchFile={async () => {
                const packet = await bridge.call('month.packet', { month });
                return {
                  fileName: packet.fileName,
                  base64: packet.pdfBase64,
                  mimeType: 'application/pdf',
                  saved: `${packet.fileName}${packet.draft ? ' (DRAFT: not every school has closed)' : ''}, SHA-256 ${packet.sha256}.`,
                };
              }}
            />
          </div>
          <StaticTable
            columns={columnsFor(month)}
            rows={district.rows}
            getRowId={(r) => String(r.payeeId)}
            rowHeader="school"
            caption={`Schools for ${month}, most behind first`}
            empty="No schools yet: sync first."
            scroll
          />
          <section aria-labelledby="district-item" className="panel">
            <h2 id="district-item">{district.district.title}</h2>
            {district.district.met ? (
              <p>Done.</p>
            ) : (
              <ul>
                {district.district.firstOpen.map((thing) => (
                  <li key={`${thing.link.itemId}`}>
                    <a href={hrefFor(thing.link.view, thing.link.itemId)}>{thing.label}</a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
