/**
 * Query options built from the contract: the key is `[domain, verb, args]` (`['batches', 'get',
 * { id }]`), so each contract domain owns its part of the cache and a data scope finds its queries.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { DataScope, MethodArgs, MethodName, MethodResult, Page } from '../../../shared/contract';
import { bridge } from '../bridge';

function keyOf<M extends MethodName, A>(method: M, args: A) {
  const [domain, verb] = method.split('.') as [string, string];
  return { domain, key: [domain, verb, args] as const };
}

/** One engine read; `alsoReads` names the scopes besides its own domain whose changes affect it. */
export function engineQuery<M extends MethodName>(
  method: M,
  args: MethodArgs<M>,
  alsoReads: readonly DataScope[] = [],
) {
  const { domain, key } = keyOf(method, args);
  return queryOptions({
    queryKey: key,
    queryFn: () => bridge.call(method, args),
    meta: { scopes: [domain, ...alsoReads] },
  });
}

export type PagedMethod = { [M in MethodName]: MethodResult<M> extends Page<unknown> ? M : never }[MethodName];

/** A keyset-paged list: the next page starts at the cursor the last one ended with. */
export function pagedQuery<M extends PagedMethod>(method: M, args: Omit<MethodArgs<M>, 'cursor'>) {
  const { domain, key } = keyOf(method, args);
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      bridge.call(method, (pageParam ? { ...args, cursor: pageParam } : args) as MethodArgs<M>),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MethodResult<M>) => (last as Page<unknown>).nextCursor,
    meta: { scopes: [domain] },
  });
}
