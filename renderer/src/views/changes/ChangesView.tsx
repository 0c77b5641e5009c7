import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CHANGE_KINDS, type ChangeKind } from '../../../../shared/domain';
import { bridge } from '../../bridge';
import { ConfirmDialog } from '../../components/Dialog';
import { CheckField, FilterChoice, Form } from '../../components/Fields';
import { engineQuery } from '../../data/engineQuery';
import { invalidateScopes } from '../../data/queryClient';
import { useAction } from '../../data/useAction';
import { formatCount } from '../../format';
import { useCan } from '../../hooks/useCan';
import { useSearchKey } from '../../hooks/useSearchKey';
import { useShortcuts } from '../../hooks/useShortcuts';
import { CHANGE_KIND_LABELS } from '../../labels';
import { useFilters } from '../../state/filters';
import { BeforeDistrictRecon } from './BeforeDistrictRecon';
import { ChangeFeed } from './ChangeFeed';
import { ChangeGroups } from './ChangeGroups';
import './changes.css';

type Acknowledgement = { upToId: number } | { kinds: ChangeKind[]; upToId: number };

const isKind = (value: string | null | undefined): value is ChangeKind =>
  (CHANGE_KINDS as readonly string[]).includes(value ?? '');

/**
 * The change feed since the last review: grouped by kind (what asks for action first, routine folded),
 * or, for one kind or with what was already reviewed, as one list. `#/changes/<kind>` opens that group.
 */
export function ChangesView({ focus = null }: { focus?: string | null }) {
  const { kinds, showAcknowledged } = useFilters((state) => state.changes);
  const setFilter = useFilters((state) => state.set);
  const groups = useQuery(engineQuery('changes.groups', {})).data ?? [];
  const grouped = !showAcknowledged && kinds.length === 0;
  const unacknowledged = groups.reduce((sum, g) => sum + g.count, 0);
  // "All shown" is bounded by the newest change counted, so a sync landing meanwhile is not acknowledged unseen.
  const shown = kinds.length ? groups.filter((g) => kinds.includes(g.kind)) : groups;
  const pending = shown.reduce((sum, g) => sum + g.count, 0);
  const newest = shown.reduce((max, g) => Math.max(max, g.newestId), 0);
  const { run, busy, error, clear } = useAction(
    (args: Acknowledgement) => bridge.call('changes.acknowledge', args),
    (_result, client) => invalidateScopes(client, ['changes']),
  );
  const [confirmAll, setConfirmAll] = useState(false);
  useSearchKey();
  const mayAcknowledge = useCan('changes.acknowledge');
  useShortcuts({ a: () => mayAcknowledge && pending > 0 && setConfirmAll(true) });

  return (
    <section aria-labelledby="view-title" className="view">
      <div className="view-head">
        <h1 id="view-title">Changes</h1>
        <p className="muted" role="status">
          {formatCount(unacknowledged)} waiting for review
        </p>
        {mayAcknowledge && (
          <button
            type="button"
            className="button button-primary"
            disabled={pending === 0 || busy}
            onClick={() => setConfirmAll(true)}
            aria-keyshortcuts="a"
          >
            Acknowledge all shown…
          </button>
        )}
      </div>
      <Form className="filters" role="search" aria-label="Filter changes">
        <FilterChoice
          label="Kind"
          search
          any="All kinds, grouped"
          values={CHANGE_KINDS}
          labelOf={(kind) => CHANGE_KIND_LABELS[kind]}
          chosen={kinds}
          onChange={(chosen) => setFilter('changes', { kinds: chosen })}
        />
        <CheckField
          label="Include changes already reviewed"
          checked={showAcknowledged}
          onChange={(checked) => setFilter('changes', { showAcknowledged: checked })}
        />
      </Form>
      {grouped ? (
        <>
          <ChangeGroups focusKind={isKind(focus) ? focus : null} />
          <BeforeDistrictRecon />
        </>
      ) : (
        <ChangeFeed kinds={kinds} showAcknowledged={showAcknowledged} />
      )}
      <ConfirmDialog
        title="Acknowledge these changes?"
        open={confirmAll}
        confirmLabel={`Acknowledge ${formatCount(pending)}`}
        busy={busy}
        error={error}
        onCancel={() => {
          setConfirmAll(false);
          clear();
        }}
        onConfirm={async () => {
          const target = kinds.length ? { kinds, upToId: newest } : { upToId: newest };
          if (await run(target)) setConfirmAll(false);
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
