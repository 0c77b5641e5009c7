import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { bridge } from '../bridge';
import { syncEvents } from '../state/syncStore';
import { createQueryClient, invalidateScopes } from './queryClient';

/** The one listener for the engine's events: changed scopes re-read their queries; a finished sync, all. */
function useEngineEvents(client: QueryClient): void {
  useEffect(() => {
    const stops = [
      bridge.on('data.changed', ({ scopes }) => void invalidateScopes(client, scopes)),
      bridge.on('sync.progress', syncEvents.progress),
      bridge.on('sync.finished', (run) => {
        syncEvents.finished(run);
        void client.invalidateQueries();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client]);
}

export function ServerDataProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? createQueryClient());
  useEngineEvents(own);
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
