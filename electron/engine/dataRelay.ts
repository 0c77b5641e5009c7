/**
 * Team mode on several servers: each change of data this engine announces (`data.changed`) is told
 * to the other servers on the database, and what they announce is announced here, to this server's
 * users and its read cache, as if it had happened here.
 */
import { DATA_SCOPES, type DataScope } from '../../shared/contract';
import type { EngineEventBus } from './events';
import type { Logger } from './logger';
import type { Announcements } from './store/dialect';

/** What the relay uses: the engine's changes of data to tell, the same bus to announce what is heard, a log line. */
export interface DataRelayDeps {
  events: Pick<EngineEventBus, 'on' | 'emit'>;
  logger: Pick<Logger, 'warn'>;
}

export async function relayDataChanges(
  deps: DataRelayDeps,
  announcements: Announcements,
): Promise<() => Promise<void>> {
  let relaying = false;
  const stopTelling = deps.events.on('data.changed', ({ scopes }) => {
    if (relaying) return;
    announcements.announce(scopes).catch((error: unknown) =>
      deps.logger.warn('could not tell the other servers of a change', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  });
  const stopListening = await announcements.listen((heard) => {
    // After a lost connection we cannot know what was missed: everything may have changed.
    const scopes = heard === null ? [...DATA_SCOPES] : heard.filter(isDataScope);
    if (scopes.length === 0) return;
    relaying = true;
    try {
      deps.events.emit('data.changed', { scopes });
    } finally {
      relaying = false;
    }
  });
  return async () => {
    stopTelling();
    await stopListening();
  };
}

const isDataScope = (scope: string): scope is DataScope => (DATA_SCOPES as readonly string[]).includes(scope);
