/**
 * Server data lives in TanStack Query; this is its client and the one rule for freshness: a query
 * is re-read when the engine says a scope it reads changed ('data.changed'), when a sync finishes,
 * or when a view showing it mounts. Views never poll.
 */
import { QueryClient, type Query } from '@tanstack/react-query';
import type { DataScope } from '../../../shared/contract';
import { BridgeError } from '../bridge';

declare module '@tanstack/react-query' {
  interface Register {
    /** The data scopes a query reads: its domain (the key's first part) and any it joins in. */
    queryMeta: { scopes?: readonly string[] };
  }
}

/**
 * An engine error is an answer (asking again gets the same one), so it is shown, not retried; only
 * a transport that did not answer at all gets one more try.
 */
function retryOnceIfOffline(failures: number, error: unknown): boolean {
  return failures < 1 && error instanceof BridgeError && error.code === 'OFFLINE';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryOnceIfOffline,
        // The engine is local: "offline" (no network) must not pause reads of the local copy.
        networkMode: 'always',
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function scopesOf(query: Query): readonly string[] {
  return query.meta?.scopes ?? [String(query.queryKey[0])];
}

/**
 * Marks every query reading one of `scopes` stale; the ones on screen are read again now. A read
 * already in flight may have been answered before the change, so it is dropped for a new one (a
 * first load too, which TanStack Query would otherwise let finish).
 */
export async function invalidateScopes(client: QueryClient, scopes: readonly DataScope[]): Promise<void> {
  const changed = new Set<string>(scopes);
  const filters = { predicate: (query: Query) => scopesOf(query).some((scope) => changed.has(scope)) };
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
