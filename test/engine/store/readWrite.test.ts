import { describe, expect } from 'vitest';
import { sqliteOf } from '../../helpers/db';
import { folderTest } from '../../helpers/engineTest';
import { join } from 'node:path';
import { createEngineWithInternals, type EngineWithInternals } from '../../../electron/engine/engine';
import { silentLogger } from '../../../electron/engine/logger';
import { openStore } from '../../../electron/engine/store/dialect';
import { seedDistrict } from '../reconcile/fixtures';

describe('read and write handles', () => {
  folderTest(
    'a file store reads on a read-only connection: a write through the read handle fails',
    async ({ folder }) => {
      const store = await openStore(join(folder, 'a.sqlite'));
      try {
        expect(store.reader.sqlite.readonly).toBe(true);
        expect(() => store.reader.sqlite.prepare(`INSERT INTO settings (key, value) VALUES ('x', '1')`).run()).toThrow(
          /readonly/i,
        );
        store.writer.sqlite.prepare(`INSERT INTO settings (key, value) VALUES ('y', '1')`).run();
        expect(store.reader.sqlite.prepare(`SELECT value FROM settings WHERE key = 'y'`).get()).toEqual({ value: '1' });
      } finally {
        await store.close();
      }
    },
  );

  folderTest(
    'lists, gets, counts and the overview write nothing, even where checks are missing',
    async ({ folder }) => {
      let engine: EngineWithInternals | null = null;
      try {
        engine = await createEngineWithInternals({
          version: 'test',
          dataFolder: folder,
          host: 'direct',
          logger: silentLogger,
        });
        await seedDistrict(engine.internals.store.writer.db);
        const sqlite = sqliteOf(engine.internals.store);
        const changesBefore = sqlite.prepare('SELECT total_changes() AS n').get() as { n: number };
        const fingerprint = () =>
          JSON.stringify([
            sqlite.prepare('SELECT COUNT(*) AS n FROM batch_checks').get(),
            sqlite.prepare('SELECT COUNT(*) AS n FROM batch_reviews').get(),
          ]);
        const before = fingerprint();
        const writes: string[][] = [];
        engine.on('data.changed', (e) => writes.push(e.scopes));
        await engine.call('batches.list', { filter: {} });
        await engine.call('batches.get', { id: '730001' });
        await engine.call('overview.get', {});
        await engine.call('changes.list', {});
        await engine.call('transactions.count', { filter: {} });
        await engine.call('reconcile.summary', { from: '2026-03-01', to: '2026-03-31' });
        await engine.call('app.status', {});
        expect(fingerprint()).toBe(before);
        expect(sqlite.prepare('SELECT total_changes() AS n').get()).toEqual(changesBefore);
        expect(writes).toEqual([]);
      } finally {
        await engine?.close();
      }
    },
  );
});
