import { useMemo, useState } from 'react';
import { CHANGE_KINDS, type Change, type ChangeKind } from '../../../../shared/domain';
import { bridge } from '../../bridge';
import { columnsOf } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { ConfirmDialog } from '../../components/Dialog';
import { CheckField, ChoiceField, optionsOf } from '../../components/Fields';
import { EmptyState, ErrorBanner, QueryStatus } from '../../components/Status';
import { invalidateScopes } from '../../data/queryClient';
import { useAction } from '../../data/useAction';
import { PAGE_LIMIT, usePagedList } from '../../data/usePagedList';
import { formatCount } from '../../format';
import { useSearchKey } from '../../hooks/useSearchKey';
import { useShortcuts } from '../../hooks/useShortcuts';
import { CHANGE_KIND_LABELS } from '../../labels';
import { navigate } from '../../routes';
import { useFilters } from '../../state/filters';

const change = columnsOf<Change>();
const COLUMNS = [
  change.instant('seen', 'Seen (Central time)', (c) => c.seenAt, '215px'),
  change.cell(
    'kind',
    'What changed',
    (c) => <span className={`badge kind kind-${c.kind}`}>{CHANGE_KIND_LABELS[c.kind]}</span>,
    '170px',
  ),
  change.code('txn', 'Transaction', (c) => c.transactionId, '110px'),
  change.text('status', 'Status', (c) => (c.fromStatus ? `${c.fromStatus} → ${c.toStatus}` : c.toStatus), '170px'),
  change.difference('delta', 'Amount change', (c) => c.deltaCents, '130px'),
  change.text('detail', 'Detail', (c) => c.detail ?? '', 'minmax(120px, 2fr)'),
];

type Acknowledgement = { ids: number[] } | { upToId: number };

export function ChangesView() {
  const { kinds, showAcknowledged } = useFilters((state) => state.changes);
  const setFilter = useFilters((state) => state.set);
  const { query, rows, table } = usePagedList('changes.list', {
    ...(kinds.length ? { kinds } : {}),
    unacknowledgedOnly: !showAcknowledged,
    limit: PAGE_LIMIT,
  });
  const unacknowledged = query.data?.pages[0]?.unacknowledged ?? 0;
  const acknowledgement = useAction(
    (args: Acknowledgement) => bridge.call('changes.acknowledge', args),
    (_result, client) => invalidateScopes(client, ['changes']),
  );
  const { run: acknowledge, busy: acknowledging, error: actionError } = acknowledgement;
  const [confirmAll, setConfirmAll] = useState(false);
  useSearchKey();
  // Without a kind filter "all" is everything up to the newest change (upToId), loaded or not.
  const pending = kinds.length ? rows.filter((c) => !c.acknowledgedAt).length : unacknowledged;
  useShortcuts({ a: () => pending > 0 && setConfirmAll(true) });

  function acknowledgeAll() {
    const newest = rows.reduce((max, c) => Math.max(max, c.id), 0);
    if (newest === 0) return Promise.resolve(true);
    // With a kind filter, "all" means all the shown kinds: acknowledge the loaded ids, not everything below.
    if (kinds.length) return acknowledge({ ids: rows.filter((c) => !c.acknowledgedAt).map((c) => c.id) });
    return acknowledge({ upToId: newest });
  }

  const columns = useMemo(
    () => [
      ...COLUMNS,
      change.cell(
        'ack',
        'Review',
        (c) =>
          c.acknowledgedAt ? (
            <span className="muted">Reviewed</span>
          ) : (
            <button
              type="button"
              className="button button-small"
              disabled={acknowledging}
              aria-label={`Acknowledge change ${c.id} of transaction ${c.transactionId}`}
              onClick={(event) => {
                event.stopPropagation();
                void acknowledge({ ids: [c.id] });
              }}
            >
              Acknowledge
            </button>
          ),
        '130px',
      ),
    ],
    [acknowledge, acknowledging],
  );

  return (
    <section aria-labelledby="view-title" className="view">
      <div className="view-head">
        <h1 id="view-title">Changes</h1>
        <p className="muted" role="status">
          {formatCount(unacknowledged)} waiting for review
        </p>
        <button
          type="button"
          className="button button-primary"
          disabled={pending === 0 || acknowledging}
          onClick={() => setConfirmAll(true)}
          aria-keyshortcuts="a"
        >
          Acknowledge all shown…
        </button>
      </div>
      <form className="filters" role="search" aria-label="Filter changes" onSubmit={(event) => event.preventDefault()}>
        <ChoiceField
          label="Kind"
          search
          value={kinds[0]}
          any="All kinds"
          options={optionsOf(CHANGE_KINDS, (kind) => CHANGE_KIND_LABELS[kind])}
          onChange={(value) => setFilter('changes', { kinds: value ? [value as ChangeKind] : [] })}
        />
        <CheckField
          label="Include changes already reviewed"
          checked={showAcknowledged}
          onChange={(checked) => setFilter('changes', { showAcknowledged: checked })}
        />
      </form>
      <QueryStatus query={query} loading="Loading changes…" />
      {actionError && <ErrorBanner message={actionError} />}
      {query.data && (
        <DataTable
          label="Changes"
          columns={columns}
          {...table}
          getRowId={(change) => String(change.id)}
          onOpen={(change) => navigate('transactions', change.transactionId)}
          keyboard
          empty={
            <EmptyState title={showAcknowledged || kinds.length ? 'No changes match.' : 'Nothing to review.'}>
              <p>Status changes found by the sync (settlements, refunds, voids, returns) appear here.</p>
            </EmptyState>
          }
        />
      )}
      <ConfirmDialog
        title="Acknowledge these changes?"
        open={confirmAll}
        confirmLabel={`Acknowledge ${formatCount(pending)}`}
        busy={acknowledging}
        error={actionError}
        onCancel={() => setConfirmAll(false)}
        onConfirm={async () => {
          if (await acknowledgeAll()) setConfirmAll(false);
        }}
      >
        <p>
          {formatCount(pending)} {pending === 1 ? 'change' : 'changes'}
          {kinds.length ? ` of kind “${CHANGE_KIND_LABELS[kinds[0]!]}”` : ''} will be marked as reviewed. They stay in
          each transaction’s timeline.
        </p>
      </ConfirmDialog>
    </section>
  );
}
