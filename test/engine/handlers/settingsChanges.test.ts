/**
 * Issue 26 item 16: who changed which setting and when, with the old and new value and secrets
 * masked, kept in the store and read through `settings.changes` (on both dialects).
 */
import { describe, expect, it } from 'vitest';
import type { Page, SettingChange } from '../../../shared/contract';
import { fixedClock } from '../../../shared/time';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { createTestEngine } from '../../helpers/engine';
import { tableRows } from '../../helpers/storeRows';

const TOKEN = 'tok-Zq83xLmnR5';
const SECRET = 'sec-Pp41wKd9Tq';

const brief = ({ by, key, oldValue, newValue }: SettingChange) => ({ by, key, oldValue, newValue });

describe('settings changes', () => {
  const closing = closeAfterEach();
  const engineAt = async (now: string) => closing(await createTestEngine({ clock: fixedClock(now) }));

  it('records each changed setting with who, when, the value before (its default at first) and after', async () => {
    const engine = await engineAt('2026-03-10T15:00:00Z');
    await engine.call('settings.set', { patch: { scheduleTime: '02:00', exportLayout: 'ascender' } });
    // The same values again, and a value equal to its default, are no change.
    await engine.call('settings.set', { patch: { scheduleTime: '02:00', notifyAfterSync: true } });
    await engine.call('settings.set', { patch: { reviewerName: 'Dana Ruiz' } });
    await engine.call('settings.set', { patch: { scheduleTime: '03:15' } });

    const { rows, nextCursor } = await engine.call('settings.changes', {});
    expect(nextCursor).toBeNull();
    expect(rows.map(brief)).toEqual([
      { by: 'Dana Ruiz', key: 'scheduleTime', oldValue: '"02:00"', newValue: '"03:15"' },
      { by: 'bookkeeper', key: 'reviewerName', oldValue: '""', newValue: '"Dana Ruiz"' },
      { by: 'bookkeeper', key: 'exportLayout', oldValue: '"xlsx"', newValue: '"ascender"' },
      { by: 'bookkeeper', key: 'scheduleTime', oldValue: '"01:30"', newValue: '"02:00"' },
    ]);
    expect(new Set(rows.map((row) => row.at))).toEqual(new Set(['2026-03-10T15:00:00.000Z']));
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
  });

  it('names the signed-in user on a district server', async () => {
    const engine = await engineAt('2026-03-10T15:00:00Z');
    await engine.callAs('ana', 'settings.set', { patch: { requireSeparateApprover: true } });
    const { rows } = await engine.call('settings.changes', {});
    expect(rows.map(brief)).toEqual([
      { by: 'ana', key: 'requireSeparateApprover', oldValue: 'false', newValue: 'true' },
    ]);
  });

  it('masks secrets: the credentials are recorded as saved or cleared, an address without its user or key', async () => {
    const engine = await engineAt('2026-03-10T15:00:00Z');
    const url = 'https://district:hunter22@pay.example.test/api?key=k-771&region=tx';
    await engine.call('connection.set', { url, token: TOKEN, secret: SECRET });
    await engine.call('connection.clear', {});
    const { rows } = await engine.call('settings.changes', {});
    expect(rows.map(brief)).toEqual([
      { by: 'bookkeeper', key: 'credentials', oldValue: '"saved (hidden)"', newValue: null },
      {
        by: 'bookkeeper',
        key: 'serviceUrl',
        oldValue: null,
        newValue: '"https://hidden:hidden@pay.example.test/api?key=hidden&region=hidden"',
      },
      { by: 'bookkeeper', key: 'credentials', oldValue: null, newValue: '"saved (hidden)"' },
    ]);
    const stored = JSON.stringify(await tableRows(engine, 'settings_changes'));
    for (const secret of [TOKEN, SECRET, 'hunter22', 'k-771']) expect(stored).not.toContain(secret);
  });

  it('pages newest first by its cursor and refuses a made-up one', async () => {
    const engine = await engineAt('2026-03-10T15:00:00Z');
    for (const [i, time] of ['02:00', '02:30', '03:00', '03:30', '04:00'].entries()) {
      await engine.call('settings.set', { patch: { scheduleTime: time, firstSyncDays: 100 + i } });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<SettingChange> = await engine.call('settings.changes', { cursor, limit: 3 });
      expect(page.rows.length).toBeLessThanOrEqual(3);
      seen.push(...page.rows.map((row) => `${row.key}=${row.newValue}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(10);
    expect(seen.slice(0, 2)).toEqual(['firstSyncDays=104', 'scheduleTime="04:00"']);
    expect(seen.at(-1)).toBe('scheduleTime="02:00"');
    await expect(engine.call('settings.changes', { cursor: 'x; drop table' })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
    });
  });
});
