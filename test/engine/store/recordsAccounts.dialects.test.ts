/**
 * Settings, users and sessions, and idempotency keys, on both dialects (issue 16): the same tests,
 * with the same rows (recordsSeed.ts), on SQLite and on PostgreSQL.
 */
import { expect, it } from 'vitest';
import { readStoredSettings, writeStoredSettings } from '../../../electron/engine/store/settings';
import {
  disableUser,
  findUserById,
  findUserByName,
  insertUser,
  listUsers,
  updatePasswordHash,
  deleteSession,
  findLiveSession,
  insertSession,
  claimIdempotencyKey,
  releaseIdempotencyKey,
  settleIdempotencyKey,
} from '../../../electron/engine/store/team';
import { describeOnBothDialects } from '../../helpers/dialectStore';
import { seedRecords, T0 } from './recordsSeed';

describeOnBothDialects(
  'reads and records: settings, users, idempotency',
  (store) => {
    it('settings: written in one unit, an existing key replaced, read back as JSON', async () => {
      await writeStoredSettings(store.writer, [
        ['a', 1],
        ['b', { x: 'y' }],
      ]);
      await writeStoredSettings(store.writer, [['a', 2]]);
      expect(Object.fromEntries(await readStoredSettings(store.reader))).toEqual({ a: 2, b: { x: 'y' } });
    });

    it('users: a name taken in any case is refused; disabling and a new password end the sessions', async () => {
      expect(await insertUser(store.writer, { name: 'Ana', role: 'approver', passwordHash: 'h1', createdAt: T0 })).toBe(
        true,
      );
      expect(await insertUser(store.writer, { name: 'ANA', role: 'viewer', passwordHash: 'h2', createdAt: T0 })).toBe(
        false,
      );
      expect(await insertUser(store.writer, { name: 'Ben', role: 'preparer', passwordHash: 'h3', createdAt: T0 })).toBe(
        true,
      );
      const ana = await findUserByName(store.reader, 'ana');
      expect(ana).toMatchObject({ name: 'Ana', role: 'approver', password_hash: 'h1', disabled: 0 });
      expect(await findUserById(store.reader, ana!.id)).toEqual(ana);
      expect((await listUsers(store.reader)).map((u) => u.name)).toEqual(['Ana', 'Ben']);

      const session = (id: string, userId: number, createdAt: string, expiresAt: string) => ({
        id_hash: id,
        user_id: userId,
        created_at: createdAt,
        expires_at: expiresAt,
        csrf_token: `csrf-${id}`,
      });
      await insertSession(
        store.writer,
        session('s-old', ana!.id, '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'),
      );
      await insertSession(store.writer, session('s1', ana!.id, '2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z'));
      // The expired session went when s1 started.
      expect(await findLiveSession(store.reader, 's-old', '2026-03-01T12:00:00.000Z')).toBeUndefined();
      const live = await findLiveSession(store.reader, 's1', '2026-03-03T12:00:00.000Z');
      expect(live?.session.csrf_token).toBe('csrf-s1');
      expect(live?.user).toEqual(ana);
      expect(await findLiveSession(store.reader, 's1', '2026-03-04T00:00:00.000Z')).toBeUndefined();

      expect(await updatePasswordHash(store.writer, 'ANA', 'h9')).toBe(true);
      expect(await findLiveSession(store.reader, 's1', '2026-03-03T12:00:00.000Z')).toBeUndefined();
      expect((await findUserByName(store.reader, 'Ana'))?.password_hash).toBe('h9');

      await insertSession(store.writer, session('s2', ana!.id, '2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z'));
      await deleteSession(store.writer, 's2');
      expect(await findLiveSession(store.reader, 's2', '2026-03-03T12:00:00.000Z')).toBeUndefined();
      await insertSession(store.writer, session('s3', ana!.id, '2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z'));
      expect(await disableUser(store.writer, 'ana')).toBe(true);
      expect(await findLiveSession(store.reader, 's3', '2026-03-03T12:00:00.000Z')).toBeUndefined();
      expect((await findUserByName(store.reader, 'Ana'))?.disabled).toBe(1);
      expect(await disableUser(store.writer, 'nobody')).toBe(false);
      expect(await updatePasswordHash(store.writer, 'nobody', 'x')).toBe(false);
    });

    it('idempotency: of 10 claims of one key at once, one claims it; settled, a retry gets the answer', async () => {
      const ben = (await findUserByName(store.reader, 'Ben'))!;
      const claim = (key: string, createdAt = '2026-03-03T10:00:00.000Z') =>
        claimIdempotencyKey(
          store.writer,
          { userId: ben.id, key, method: 'signOff', requestHash: 'r1', createdAt },
          '2026-03-02T10:00:00.000Z',
        );
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => claim('k1')));
      expect(outcomes.filter((o) => o === undefined)).toHaveLength(1);
      for (const o of outcomes.filter((o) => o !== undefined)) expect(o).toMatchObject({ key: 'k1', status: null });
      await settleIdempotencyKey(store.writer, ben.id, 'k1', 200, '{"ok":true}');
      expect(await claim('k1')).toMatchObject({ status: 200, response: '{"ok":true}', request_hash: 'r1' });
      // A settled key is kept; a released unsettled one can be claimed again.
      await releaseIdempotencyKey(store.writer, ben.id, 'k1');
      expect(await claim('k2')).toBeUndefined();
      await releaseIdempotencyKey(store.writer, ben.id, 'k2');
      expect(await claim('k2')).toBeUndefined();
      // A key older than the expiry goes before the claim, which then claims it anew.
      await settleIdempotencyKey(store.writer, ben.id, 'k2', 200, '{}');
      expect(await claim('k1', '2026-03-03T11:00:00.000Z')).toMatchObject({ status: 200 });
      await claimIdempotencyKey(
        store.writer,
        { userId: ben.id, key: 'k9', method: 'm', requestHash: 'r', createdAt: '2026-03-09T00:00:00.000Z' },
        '2026-03-08T00:00:00.000Z',
      );
      expect(await claim('k1', '2026-03-09T00:00:00.000Z')).toBeUndefined();
    });
  },
  seedRecords,
);
