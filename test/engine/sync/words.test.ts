/** Issue 12 items 7 and 8: what is refused before a run, and the words when the store is busy. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { memoryCredentialStore } from '../../../electron/engine/credentials';
import { withLeadership, openPostgresStore } from '../../../electron/engine/store/dialect';
import { ENGINE_DIALECT } from '../../helpers/postgres';
import { engineOnKeptStore } from '../../helpers/storeRows';
import { syncAgainstHostile, type HostileRun } from './hostileEngine';

const closing = closeAfterEach();

describe('refused before a run, in words', () => {
  it('a token containing ":" (connection.set)', async () => {
    const h = closing(await syncAgainstHostile('negative-amount'));
    await expect(
      h.engine.call('connection.set', { url: h.service.url, token: 'abc:def', secret: 'secret' }),
    ).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      message: expect.stringMatching(/token: a token cannot contain ":"/),
    });
  });

  it.each([
    ['1900-01-01', /from: must be 2000-01-01 or later/],
    ['2005-06-01', /Cannot sync from 2005-06-01: a sync reaches back at most ten years, to 2016-03-13/],
  ])('sync.start from %s', async (from, words) => {
    const h = closing(await syncAgainstHostile('negative-amount'));
    const before = { ...h.service.requests };
    await expect(h.engine.call('sync.start', { from })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      message: expect.stringMatching(words),
    });
    expect(h.service.requests).toEqual(before);
  });
});

/** The error of a sync started through the contract: refused at once, or the run's own. */
async function syncError(h: HostileRun): Promise<string | null | undefined> {
  return h.engine.call('sync.start', {}).then(
    async () => (await h.engine.internals.sync.status()).lastRun?.error,
    (e: { message: string }) => e.message,
  );
}

describe('a database another process is writing', () => {
  it.skipIf(ENGINE_DIALECT !== 'sqlite')(
    'says so, never "database is locked. Check free disk space"',
    async () => {
      const h = closing(await syncAgainstHostile('negative-amount'));
      const other = new BetterSqlite3(h.where.databasePath!);
      try {
        other.exec('BEGIN IMMEDIATE');
        const error = await syncError(h);
        expect(error).toMatch(/Another District Recon window or command is writing to this database right now/);
        expect(error).not.toMatch(/locked|disk space/);
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
    },
    20_000,
  );

  // On PostgreSQL writers do not lock one another out; what stops a second sync is another server
  // syncing the same database (its leadership), and the words say that.
  it.skipIf(ENGINE_DIALECT !== 'postgres')(
    'another server syncing: says so, in words',
    async () => {
      const h = closing(await syncAgainstHostile('negative-amount'));
      const otherServer = await openPostgresStore(h.where.databaseUrl!, { migrate: false, maxConnections: 1 });
      try {
        let syncing!: () => void;
        let done!: () => void;
        const leading = new Promise<void>((resolve) => (syncing = resolve));
        const finished = new Promise<void>((resolve) => (done = resolve));
        const held = withLeadership(otherServer.pool, 'sync', async () => {
          syncing();
          await finished;
        });
        await leading;
        const error = await syncError(h);
        done();
        await held;
        expect(error).toMatch(/Another District Recon server is syncing this database right now/);
        expect(error).not.toMatch(/locked|disk space/);
      } finally {
        await otherServer.close();
      }
    },
    20_000,
  );
});

describe('the command line without credentials', () => {
  it('names RECON_TOKEN and RECON_SECRET, not a Settings screen it does not have', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'recon-cli-words-'));
    const { engine, store } = await engineOnKeptStore(folder, {
      host: 'cli',
      credentials: memoryCredentialStore(null),
    });
    try {
      await engine.call('settings.set', { patch: { serviceUrl: 'http://127.0.0.1:9' } });
      await expect(engine.sync.start({ trigger: 'cli' })).rejects.toThrow(
        'No token and secret are stored. Set RECON_TOKEN and RECON_SECRET in the environment.',
      );
    } finally {
      await engine.close();
      await store.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
