/**
 * Team mode on several servers: each change of data this engine announces (`data.changed`) is told
 * to the other servers on the database, and what they announce is announced here, to this server's
 * users and its read cache, as if it had happened here.
 */
import { DATA_SCOPES, type DataScope } from '../../shared/contract';
import type { EngineContext } from './context';
import type { Announcements } from './store/dialect';

export async function relayDataChanges(ctx: EngineContext, announcements: Announcements): Promise<() => Promise<void>> {
  let relaying = false;
  const stopTelling = ctx.events.on('data.changed', ({ scopes }) => {
    if (relaying) return;
    announcements.announce(scopes).catch((error: unknown) =>
      ctx.logger.warn('could not tell the other servers of a change', {
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
      ctx.events.emit('data.changed', { scopes });
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
