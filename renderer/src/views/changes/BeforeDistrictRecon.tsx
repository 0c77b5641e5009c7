/**
 * The first sync's reversals (issue 30 item 6): refunds, returns and voids that happened before
 * District Recon was looking. They are listed apart, folded, and never among the changes to
 * acknowledge; the count is the Overview's own (overview.get), so both views say the same number.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { QueryStatus } from '../../components/Status';
import { reads } from '../../data/queries';
import { PAGE_LIMIT, usePagedList } from '../../data/usePagedList';
import { formatCount } from '../../format';
import { navigate } from '../../routes';
import { CHANGE_COLUMNS } from './changeColumns';

export function BeforeDistrictRecon() {
  const overview = useQuery(reads.overview());
  const count = overview.data?.needsYou.reversals.beforeDistrictRecon ?? 0;
  const [open, setOpen] = useState(false);
  if (count === 0) return null;
  return (
    <section aria-labelledby="baseline-title" className="change-groups">
      <h2 id="baseline-title">Before District Recon</h2>
      <div className="change-group change-group-routine">
        <div className="change-group-head">
          <h3>
            <button
              type="button"
              className="change-group-toggle"
              aria-expanded={open}
              aria-controls="group-before-district-recon"
              onClick={() => setOpen(!open)}
            >
              {formatCount(count)} {count === 1 ? 'refund or return' : 'refunds and returns'} found by the first sync
            </button>
          </h3>
        </div>
        <p className="hint">
          They happened before District Recon was watching: not changes since the last review, and not posted in this
          month’s journal. Each stays in its deposit’s “After the deposit”.
        </p>
        <div id="group-before-district-recon" hidden={!open}>
          {open && <BaselineRows />}
        </div>
      </div>
    </section>
  );
}

function BaselineRows() {
  const { query, table } = usePagedList('changes.list', {
    beforeDistrictRecon: true,
    unacknowledgedOnly: true,
    limit: PAGE_LIMIT,
  });
  return (
    <>
      <QueryStatus query={query} loading="Loading changes…" />
      {query.data && (
        <DataTable
          label="Changes before District Recon"
          columns={CHANGE_COLUMNS}
          {...table}
          rowHeight={34}
          height={`${(Math.min(table.rows.length, 8) + 0.5) * 34}px`}
          getRowId={(change) => String(change.id)}
          onOpen={(change) => navigate('transactions', change.transactionId)}
        />
      )}
    </>
  );
}
