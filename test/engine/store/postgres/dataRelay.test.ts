/**
 * Two district servers on one database: what one changes, the other's users and read cache hear
 * (PostgreSQL LISTEN/NOTIFY), including after its listening connection dropped.
 */
import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DataScope } from '../../../../shared/contract';
import { fixedClock } from '../../../../shared/time';
import {
  createEngineWithInternals as createEngine,
  type EngineWithInternals as Engine,
} from '../../../../electron/engine/engine';
import { ensureChecksFresh } from '../../../../electron/engine/reconcile';
import { silentLogger } from '../../../../electron/engine/logger';
import { describePostgres, TEST_DATABASE_CONNECTIONS, usePostgresTestDatabase } from '../../../helpers/postgres';
import { seedDistrict } from '../../reconcile/fixtures';

const NOW = '2026-03-04T15:00:00Z';

describePostgres('changes told across district servers', () => {
  const database = usePostgresTestDatabase();
  let serverA: Engine;
  let serverB: Engine;

  const server = (name: string) =>
    createEngine({
      version: '9.9.9-test',
      dataFolder: `/tmp/district-recon-relay-${name}`,
      databaseUrl: database().url,
      databaseConnections: TEST_DATABASE_CONNECTIONS,
      host: 'web',
      clock: fixedClock(NOW),
      logger: silentLogger,
    });
  /** The next data.changed `engine` announces. */
  const nextChange = (engine: Engine) =>
    new Promise<DataScope[]>((resolve) => {
      const stop = engine.on('data.changed', ({ scopes }) => {
        stop();
        resolve(scopes);
      });
    });

  beforeEach(async () => {
    serverA = await server('a');
    serverB = await server('b');
  });
  afterEach(async () => {
    await serverA?.close();
    await serverB?.close();
    const admin = new pg.Client({ connectionString: database().url });
    await admin.connect();
    await admin.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await admin.end();
  });

  it("a sign-off on one server reaches the other's users, and its Overview no longer shows the deposit as new", async () => {
    await seedDistrict(serverA.internals.store.writer.db);
    await ensureChecksFresh(serverA.internals.store.writer, '2026-03-04T14:00:00.000Z');
    const before = await serverB.call('overview.get', {});
    expect(before.newDeposits.map((b) => b.id)).toContain('730001');

    const heardOnB = nextChange(serverB);
    await serverA.call('batches.signOff', { id: '730001', by: 'Ada' });
    expect(await heardOnB).toEqual(['batches']);

    const after = await serverB.call('overview.get', {});
    expect(after.newDeposits.map((b) => b.id)).not.toContain('730001');
  });

  it('does not hear its own changes twice', async () => {
    const heard: DataScope[][] = [];
    serverA.on('data.changed', ({ scopes }) => heard.push(scopes));
    const heardOnB = nextChange(serverB);
    await serverA.call('settings.set', { patch: { reviewerName: 'Grace' } });
    await heardOnB;
    // B has heard it, so A's own announcement has been delivered to A too (one channel, in order).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([['settings']]);
  });

  it('after its listening connection drops, a server reconnects and treats everything as changed', async () => {
    const admin = new pg.Client({ connectionString: database().url });
    await admin.connect();
    try {
      const heardOnB = nextChange(serverB);
      // Both servers listen; end every listening connection, as a database restart or a network cut would.
      // Only this database's: the cluster is shared with the test files running beside this one.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN district_recon_data_changed'`,
      );
      expect((await heardOnB).sort()).toEqual(
        [
          'bank',
          'batches',
          'changes',
          'exports',
          'glAccounts',
          'glBatches',
          'intents',
          'month',
          'settings',
          'slips',
          'transactions',
        ].sort(),
      );
      const heardAgain = nextChange(serverB);
      await serverA.call('settings.set', { patch: { reviewerName: 'Lin' } });
      expect(await heardAgain).toEqual(['settings']);
    } finally {
      await admin.end();
    }
  }, 15_000);
});
