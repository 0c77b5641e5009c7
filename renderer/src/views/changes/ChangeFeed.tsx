import { useMemo } from 'react';
import type { ChangeKind } from '../../../../shared/domain';
import { bridge } from '../../bridge';
import { DataTable } from '../../components/DataTable';
import { EmptyState, ErrorBanner, QueryStatus } from '../../components/Status';
import { invalidateScopes } from '../../data/queryClient';
import { useAction } from '../../data/useAction';
import { PAGE_LIMIT, usePagedList } from '../../data/usePagedList';
import { useCan } from '../../hooks/useCan';
import { navigate } from '../../routes';
import { acknowledgeColumn, CHANGE_COLUMNS } from './changeColumns';

/** The feed as one list, newest first: for a chosen kind, or with the changes already reviewed. */
export function ChangeFeed({ kinds, showAcknowledged }: { kinds: ChangeKind[]; showAcknowledged: boolean }) {
  const { query, table } = usePagedList('changes.list', {
    ...(kinds.length ? { kinds } : {}),
    unacknowledgedOnly: !showAcknowledged,
    limit: PAGE_LIMIT,
  });
  const { run, busy, error } = useAction(
    (ids: number[]) => bridge.call('changes.acknowledge', { ids }),
    (_result, client) => invalidateScopes(client, ['changes']),
  );
  const mayAcknowledge = useCan('changes.acknowledge');
  const columns = useMemo(
    () => (mayAcknowledge ? [...CHANGE_COLUMNS, acknowledgeColumn((ids) => void run(ids), busy)] : CHANGE_COLUMNS),
    [mayAcknowledge, run, busy],
  );

  return (
    <>
      <QueryStatus query={query} loading="Loading changes…" />
      {error && <ErrorBanner message={error} />}
      {query.data && (
        <DataTable
          label="Changes"
          columns={columns}
          {...table}
          getRowId={(change) => String(change.id)}
          onOpen={(change) => navigate('transactions', change.transactionId)}
          keyboard
          empty={
            <EmptyState
              title={showAcknowledged || kinds.length ? 'No changes match.' : 'Nothing to review.'}
              hint="Status changes found by the sync (settlements, refunds, voids, returns) appear here."
            />
          }
        />
      )}
    </>
  );
}
