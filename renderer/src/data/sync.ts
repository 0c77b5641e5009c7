import { useQuery } from '@tanstack/react-query';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { syncEvents, useSyncStore } from '../state/syncStore';
import { reads } from './queries';

/** The sync as the views show it: events first, the engine's status until one arrives; start and cancel. */
export function useSync() {
  const status = useQuery(reads.syncStatus()).data;
  const events = useSyncStore();
  const running = events.running ?? status?.running ?? false;
  return {
    running,
    progress: running ? (events.progress ?? status?.progress ?? null) : null,
    lastFinished: events.lastFinished,
    error: events.error,
    async start() {
      syncEvents.starting();
      try {
        await bridge.call('sync.start', {});
      } catch (error) {
        syncEvents.failed(describeError(error), false);
      }
    },
    async cancel() {
      try {
        await bridge.call('sync.cancel', {});
      } catch (error) {
        syncEvents.failed(describeError(error));
      }
    },
  };
}
