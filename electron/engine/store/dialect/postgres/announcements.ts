/**
 * What one district server changed, told to the others on the same database: PostgreSQL's
 * LISTEN/NOTIFY. A server announces each change of data it made (with its own id, so it can skip
 * its own); every server listens on a connection of its own and hears the others'. Without this a
 * user on one server would not see a sign-off made through another until reloading, and the read
 * cache (engine/readCache.ts) of the other servers would keep serving what was true before.
 */
import pg, { type ClientConfig, type Pool } from 'pg';
import type { Announcements } from '../sqlite/open';

const CHANNEL = 'district_recon_data_changed';
/** Reconnecting after a dropped listening connection: first after 1 s, then doubling up to 30 s. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

export function announcements(pool: Pool, connection: ClientConfig, origin: string): Announcements {
  return {
    async announce(scopes) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin, scopes })]);
    },
    async listen(heard) {
      let client: pg.Client | null = null;
      let closed = false;
      let retryMs = FIRST_RETRY_MS;
      let retry: NodeJS.Timeout | null = null;
      const onNotification = (message: pg.Notification) => {
        const scopes = scopesOf(message.payload, origin);
        if (scopes) heard(scopes);
      };
      const connect = async (): Promise<boolean> => {
        const next = new pg.Client(connection);
        next.on('notification', onNotification);
        next.on('error', () => lost(next));
        next.on('end', () => lost(next));
        try {
          await next.connect();
          await next.query(`LISTEN ${CHANNEL}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        }
        // Stopped while this connection was being made: nobody would ever end it.
        if (closed) {
          await next.end().catch(() => undefined);
          return false;
        }
        client = next;
        return true;
      };
      const lost = (which: pg.Client) => {
        if (closed || client !== which) return;
        client = null;
        void which.end().catch(() => undefined);
        scheduleRetry();
      };
      const scheduleRetry = () => {
        retry = setTimeout(() => {
          retry = null;
          if (closed) return;
          connect().then(
            (listening) => {
              retryMs = FIRST_RETRY_MS;
              // Only a listener still wanted is told that it may have missed changes.
              if (listening) heard(null);
            },
            () => {
              retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
              scheduleRetry();
            },
          );
        }, retryMs);
        retry.unref();
      };
      await connect();
      return async () => {
        closed = true;
        if (retry) clearTimeout(retry);
        await (client as pg.Client | null)?.end().catch(() => undefined);
      };
    },
  };
}

/** The scopes of another server's announcement; null for our own or for a payload not ours to read. */
function scopesOf(payload: string | undefined, origin: string): string[] | null {
  try {
    const parsed = JSON.parse(payload ?? '') as { origin?: unknown; scopes?: unknown };
    if (parsed.origin === origin || !Array.isArray(parsed.scopes)) return null;
    return parsed.scopes.filter((scope): scope is string => typeof scope === 'string');
  } catch {
    return null;
  }
}
