import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CHANGE_KINDS, type Change, type ChangeKind } from '../../../../shared/domain';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { Instant } from '../../components/Dates';
import { ConfirmDialog } from '../../components/Dialog';
import { Difference } from '../../components/Money';
import { EmptyState, ErrorBanner, Loading } from '../../components/Status';
import { formatCount } from '../../format';
import { useEngineRefresh } from '../../hooks/useEngineRefresh';
import { useSearchKey } from '../../hooks/useSearchKey';
import { useShortcuts } from '../../hooks/useShortcuts';
import { CHANGE_KIND_LABELS } from '../../labels';
import { navigate } from '../../routes';
import { useChangesStore } from '../../state/changesStore';

const column = createColumnHelper<Change>();

export function ChangesView() {
  const store = useChangesStore();
  const { status, rows, error, kinds, showAcknowledged, unacknowledged, nextCursor, acknowledging, actionError } =
    store;
  const { load, loadMore, setKinds, setShowAcknowledged, acknowledge, acknowledgeAll } = store;
  const [confirmAll, setConfirmAll] = useState(false);
  useEffect(() => {
    void load();
  }, [load]);
  useEngineRefresh(['changes'], () => void load());
  useSearchKey();
  // Without a kind filter "all" is everything up to the newest change (upToId), loaded or not.
  const pending = kinds.length ? rows.filter((change) => !change.acknowledgedAt).length : unacknowledged;
  useShortcuts({ a: () => pending > 0 && setConfirmAll(true) });

  const columns = useMemo<TableColumn<Change>[]>(
    () => [
      column.display({
        id: 'seen',
        header: 'Seen (Central time)',
        cell: ({ row }) => <Instant iso={row.original.seenAt} />,
        meta: { width: '215px' },
      }),
      column.display({
        id: 'kind',
        header: 'What changed',
        cell: ({ row }) => (
          <span className={`badge kind kind-${row.original.kind}`}>{CHANGE_KIND_LABELS[row.original.kind]}</span>
        ),
        meta: { width: '170px' },
      }),
      column.display({
        id: 'txn',
        header: 'Transaction',
        cell: ({ row }) => <span className="mono">{row.original.transactionId}</span>,
        meta: { width: '110px' },
      }),
      column.display({
        id: 'status',
        header: 'Status',
        cell: ({ row }) =>
          row.original.fromStatus ? `${row.original.fromStatus} → ${row.original.toStatus}` : row.original.toStatus,
        meta: { width: '170px' },
      }),
      column.display({
        id: 'delta',
        header: 'Amount change',
        cell: ({ row }) =>
          row.original.deltaCents === null ? (
            <span className="muted">—</span>
          ) : (
            <Difference cents={row.original.deltaCents} />
          ),
        meta: { align: 'right', width: '130px' },
      }),
      column.display({
        id: 'detail',
        header: 'Detail',
        cell: ({ row }) => row.original.detail ?? '',
        meta: { width: 'minmax(120px, 2fr)' },
      }),
      column.display({
        id: 'ack',
        header: 'Review',
        cell: ({ row }) =>
          row.original.acknowledgedAt ? (
            <span className="muted">Reviewed</span>
          ) : (
            <button
              type="button"
              className="button button-small"
              disabled={acknowledging}
              aria-label={`Acknowledge change ${row.original.id} of transaction ${row.original.transactionId}`}
              onClick={(event) => {
                event.stopPropagation();
                void acknowledge([row.original.id]);
              }}
            >
              Acknowledge
            </button>
          ),
        meta: { width: '130px' },
      }),
    ],
    [acknowledge, acknowledging],
  );

  const onVisibleRange = useCallback(
    (_first: number, last: number) => {
      if (last >= rows.length - 20 && nextCursor) void loadMore();
    },
    [rows.length, nextCursor, loadMore],
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
        <label className="field">
          <span>Kind</span>
          <select
            data-search
            value={kinds[0] ?? ''}
            onChange={(event) => setKinds(event.target.value ? [event.target.value as ChangeKind] : [])}
          >
            <option value="">All kinds</option>
            {CHANGE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {CHANGE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={showAcknowledged}
            onChange={(event) => setShowAcknowledged(event.target.checked)}
          />
          Include changes already reviewed
        </label>
      </form>
      {status === 'error' && error && <ErrorBanner message={error} onRetry={() => void load()} />}
      {actionError && <ErrorBanner message={actionError} />}
      {(status === 'loading' || status === 'idle') && <Loading label="Loading changes…" />}
      {status === 'ready' && rows.length === 0 && (
        <EmptyState title={showAcknowledged || kinds.length ? 'No changes match.' : 'Nothing to review.'}>
          <p>Status changes found by the sync (settlements, refunds, voids, returns) appear here.</p>
        </EmptyState>
      )}
      {status === 'ready' && rows.length > 0 && (
        <DataTable
          label="Changes"
          columns={columns}
          rows={rows}
          rowCount={rows.length + (nextCursor ? 1 : 0)}
          getRowId={(change) => String(change.id)}
          onOpen={(change) => navigate('transactions', change.transactionId)}
          onVisibleRange={onVisibleRange}
          keyboard
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
