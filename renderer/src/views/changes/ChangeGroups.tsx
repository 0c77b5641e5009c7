/**
 * The feed grouped by kind (issue 14): what asks for action first, most serious first, routine kinds
 * folded below. Each group is acknowledged whole in one action, its count in the confirmation, and
 * only as far as that count (upToId), so a change a sync brings meanwhile is never acknowledged unseen.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChangeGroup, ChangeKind } from '../../../../shared/domain';
import { bridge } from '../../bridge';
import { DataTable } from '../../components/DataTable';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState, ErrorBanner, QueryStatus } from '../../components/Status';
import { engineQuery } from '../../data/engineQuery';
import { invalidateScopes } from '../../data/queryClient';
import { useAction } from '../../data/useAction';
import { PAGE_LIMIT, usePagedList } from '../../data/usePagedList';
import { useCan } from '../../hooks/useCan';
import { formatCount } from '../../format';
import { CHANGE_KIND_LABELS } from '../../labels';
import { navigate } from '../../routes';
import { acknowledgeColumn, CHANGE_COLUMNS } from './changeColumns';

/** Rows a group shows before it scrolls: a group never pushes the next ones far down. */
const ROWS_SHOWN = 8;
const ROW_HEIGHT = 34;

type Acknowledgement = { ids: number[] } | { kinds: ChangeKind[]; upToId: number };

export function ChangeGroups({ focusKind }: { focusKind: ChangeKind | null }) {
  const groups = useQuery(engineQuery('changes.groups', {}));
  const acknowledgement = useAction(
    (args: Acknowledgement) => bridge.call('changes.acknowledge', args),
    (_result, client) => invalidateScopes(client, ['changes']),
  );
  const [confirming, setConfirming] = useState<ChangeGroup | null>(null);
  const { run } = acknowledgement;
  const acknowledgeIds = useCallback((ids: number[]) => void run({ ids }), [run]);
  const list = groups.data ?? [];
  const action = list.filter((g) => g.action);
  const routine = list.filter((g) => !g.action);

  const group = (g: ChangeGroup) => (
    <Group
      key={g.kind}
      group={g}
      initiallyOpen={focusKind === null ? g.action : focusKind === g.kind}
      focused={focusKind === g.kind}
      acknowledge={acknowledgeIds}
      busy={acknowledgement.busy}
      onAcknowledgeAll={() => setConfirming(g)}
    />
  );

  return (
    <>
      <QueryStatus query={groups} loading="Loading changes…" />
      {acknowledgement.error && !confirming && <ErrorBanner message={acknowledgement.error} />}
      {groups.data && list.length === 0 && (
        <EmptyState
          title="Nothing to review."
          hint="Status changes found by the sync (settlements, refunds, voids, returns) appear here."
        />
      )}
      {action.length > 0 && (
        <section aria-labelledby="action-groups-title" className="change-groups">
          <h2 id="action-groups-title">Needs a look</h2>
          {action.map(group)}
        </section>
      )}
      {routine.length > 0 && (
        <section aria-labelledby="routine-groups-title" className="change-groups">
          <h2 id="routine-groups-title">Routine</h2>
          {routine.map(group)}
        </section>
      )}
      <ConfirmDialog
        title="Acknowledge this group?"
        open={confirming !== null}
        confirmLabel={`Acknowledge ${formatCount(confirming?.count ?? 0)}`}
        busy={acknowledgement.busy}
        error={acknowledgement.error}
        onCancel={() => {
          setConfirming(null);
          acknowledgement.clear();
        }}
        onConfirm={async () => {
          if (!confirming) return;
          const done = await acknowledgement.run({ kinds: [confirming.kind], upToId: confirming.newestId });
          if (done) setConfirming(null);
        }}
      >
        {confirming && (
          <p>
            {formatCount(confirming.count)} “{CHANGE_KIND_LABELS[confirming.kind]}”{' '}
            {confirming.count === 1 ? 'change' : 'changes'} will be marked as reviewed. They stay in each transaction’s
            timeline.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

interface GroupProps {
  group: ChangeGroup;
  initiallyOpen: boolean;
  focused: boolean;
  acknowledge(ids: number[]): void;
  busy: boolean;
  onAcknowledgeAll(): void;
}

function Group({ group, initiallyOpen, focused, acknowledge, busy, onAcknowledgeAll }: GroupProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const mayAcknowledge = useCan('changes.acknowledge');
  const head = useRef<HTMLButtonElement>(null);
  const label = CHANGE_KIND_LABELS[group.kind];
  const id = `group-${group.kind}`;
  useEffect(() => {
    // Opened from the Overview: bring the group the link named to the top, with the keyboard on it.
    if (focused) {
      head.current?.scrollIntoView?.({ block: 'start' });
      head.current?.focus();
    }
  }, [focused]);
  return (
    <div className={`change-group ${group.action ? 'change-group-action' : 'change-group-routine'}`}>
      <div className="change-group-head">
        <h3>
          <button
            ref={head}
            type="button"
            className="change-group-toggle"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen(!open)}
          >
            <span className={`badge kind kind-${group.kind}`}>{label}</span> {formatCount(group.count)}{' '}
            {group.count === 1 ? 'change' : 'changes'}
          </button>
        </h3>
        {mayAcknowledge && (
          <button type="button" className="button button-small" disabled={busy} onClick={onAcknowledgeAll}>
            Acknowledge {formatCount(group.count)} {label.toLowerCase()}…
          </button>
        )}
      </div>
      <div id={id} hidden={!open}>
        {open && <GroupRows group={group} acknowledge={acknowledge} busy={busy} />}
      </div>
    </div>
  );
}

function GroupRows({ group, acknowledge, busy }: Pick<GroupProps, 'group' | 'acknowledge' | 'busy'>) {
  const { query, table } = usePagedList('changes.list', {
    kinds: [group.kind],
    unacknowledgedOnly: true,
    limit: PAGE_LIMIT,
  });
  const mayAcknowledge = useCan('changes.acknowledge');
  const columns = useMemo(
    () => (mayAcknowledge ? [...CHANGE_COLUMNS, acknowledgeColumn(acknowledge, busy)] : CHANGE_COLUMNS),
    [mayAcknowledge, acknowledge, busy],
  );
  const height = `${(Math.min(group.count, ROWS_SHOWN) + 0.5) * ROW_HEIGHT}px`;
  return (
    <>
      <QueryStatus query={query} loading="Loading changes…" />
      {query.data && (
        <DataTable
          label={`${CHANGE_KIND_LABELS[group.kind]} changes`}
          columns={columns}
          {...table}
          rowHeight={ROW_HEIGHT}
          height={height}
          getRowId={(change) => String(change.id)}
          onOpen={(change) => navigate('transactions', change.transactionId)}
        />
      )}
    </>
  );
}
