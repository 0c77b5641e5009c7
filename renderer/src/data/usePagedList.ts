import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { MethodArgs, MethodResult } from '../../../shared/contract';
import { pagedQuery, type PagedMethod } from './engineQuery';

/** Rows before the end of what is loaded at which the next page is asked for. */
const AHEAD = 20;
export const PAGE_LIMIT = 200;

type RowOf<M extends PagedMethod> = MethodResult<M>['rows'][number];

/**
 * A keyset-paged list for DataTable: the loaded pages as one row array, a row count with one
 * placeholder while more exist, and the next page fetched as the screen nears the end.
 */
export function usePagedList<M extends PagedMethod>(method: M, args: Omit<MethodArgs<M>, 'cursor'>) {
  const query = useInfiniteQuery(pagedQuery(method, args));
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const rows = useMemo(() => (data?.pages ?? []).flatMap((page) => page.rows as RowOf<M>[]), [data]);
  const onVisibleRange = useCallback(
    (_first: number, last: number) => {
      if (last >= rows.length - AHEAD && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [rows.length, hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  // What DataTable needs, to spread into it.
  const table = { rows, rowCount: rows.length + (hasNextPage ? 1 : 0), onVisibleRange };
  return { query, rows, table };
}
