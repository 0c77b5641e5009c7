/**
 * Who changed which setting and when (issue 26 item 16), newest first. Closed until asked for: the
 * history is for an audit, not for every visit to Settings.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SettingChange } from '../../../../shared/contract';
import { describeSettingValue, settingName } from '../../../../shared/settingChanges';
import { columnsOf } from '../../components/columns';
import { StaticTable } from '../../components/StaticTable';
import { QueryStatus } from '../../components/Status';
import { pagedQuery } from '../../data/engineQuery';
import './settings.css';

const column = columnsOf<SettingChange>();
const COLUMNS = [
  column.instant('at', 'When', (row) => row.at),
  column.text('by', 'Who', (row) => row.by),
  column.text('setting', 'Setting', (row) => settingName(row.key)),
  column.text('before', 'Before', (row) => describeSettingValue(row.oldValue)),
  column.text('after', 'After', (row) => describeSettingValue(row.newValue)),
];

export function SettingsHistory() {
  const [open, setOpen] = useState(false);
  return (
    <details className="panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2 id="settings-history-title" className="inline-heading">
          Changes to settings
        </h2>
      </summary>
      {open && <ChangeList />}
    </details>
  );
}

function ChangeList() {
  const query = useInfiniteQuery(pagedQuery('settings.changes', { limit: 50 }));
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const rows = useMemo(() => (data?.pages ?? []).flatMap((page) => page.rows), [data]);
  return (
    <>
      <QueryStatus query={query} loading="Loading the changes…" />
      {data && (
        <StaticTable
          columns={COLUMNS}
          rows={rows}
          getRowId={(row) => String(row.id)}
          labelledBy="settings-history-title"
          empty="No setting has been changed yet."
          scroll
        />
      )}
      {hasNextPage && (
        <button type="button" className="button" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? 'Loading…' : 'Show older changes'}
        </button>
      )}
    </>
  );
}
