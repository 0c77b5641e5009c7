/**
 * The nightly re-read of the refresh window's GL days (issue 31): a day the service lists exactly as
 * the store holds it comes from the walk as its line count alone, unchecked and not handed over; a
 * day that differs comes as its rows, checked as before, and is written.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/engine/api/client';
import { ResponseFormatError } from '../../../electron/engine/api/errors';
import { glDayDigest, storedGlDayDigestsFrom } from '../../../electron/engine/store/glBatches';
import { glDayRows } from '../../../electron/engine/sync/dayWalks';
import { DEFAULT_SYNC_LIMITS } from '../../../electron/engine/sync/limits';
import { eachBusinessDate, todayCentral } from '../../../shared/time';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { dbOf } from '../../helpers/storeRows';
import { startSyncedHarness, type Harness } from './harness';

const FROM = '2026-02-20';

function clientOf(h: Harness, tamper?: (body: { objects: Array<Record<string, unknown>> }) => void): ServiceClient {
  return new ServiceClient({
    baseUrl: h.sandbox.url,
    token: h.sandbox.token,
    secret: h.sandbox.secret,
    sleep: async () => {},
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (!tamper || !new URL(String(input)).pathname.endsWith('/gl-batches')) return response;
      const body = (await response.json()) as { objects: Array<Record<string, unknown>> };
      tamper(body);
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    },
  });
}

async function walk(h: Harness, client: ServiceClient) {
  const today = todayCentral({ now: () => h.sandbox.now() });
  const days = [...eachBusinessDate(FROM, today)];
  const known = await storedGlDayDigestsFrom(h.engine.internals.store.writer, FROM);
  const items = [];
  for await (const item of glDayRows(client, days, DEFAULT_SYNC_LIMITS, known)) items.push(item);
  return { items, known };
}

describe('the nightly re-read of GL days', () => {
  const closing = closeAfterEach();

  it('a day listed as stored comes as its line count, unchecked: the store and the walk digest a day alike', async () => {
    const { h, summary } = await startSyncedHarness({ from: FROM });
    closing(h);
    expect(summary.status).toBe('succeeded');
    const stored = await dbOf(h.engine).selectFrom('gl_batches').select(['date', 'raw']).execute();
    const { items, known } = await walk(h, clientOf(h));
    expect(known.size).toBeGreaterThan(3);
    for (const [date, digest] of known)
      expect(digest).toBe(glDayDigest(stored.filter((row) => row.date === date).map((row) => row.raw)));
    const asStored = items.filter(({ value }) => !Array.isArray(value));
    expect(asStored.map(({ item }) => item).sort()).toEqual([...known.keys()].sort());
    const lines = asStored.reduce((n, { value }) => n + (value as { asStoredLines: number }).asStoredLines, 0);
    expect(lines).toBe(stored.length);
  });

  it('a day listed as stored is not checked: a line stored and listed alike is not looked at again', async () => {
    const { h } = await startSyncedHarness({ from: FROM });
    closing(h);
    const db = dbOf(h.engine);
    const [line] = await db.selectFrom('gl_batches').select(['raw']).orderBy('date', 'desc').limit(1).execute();
    // Three decimals would fail the check: as stored, byte for byte, the day is taken as it is.
    const odd = JSON.stringify({ ...(JSON.parse(line!.raw) as object), amount: '1.005' });
    await db.updateTable('gl_batches').set({ raw: odd }).where('raw', '=', line!.raw).execute();
    const { items } = await walk(
      h,
      clientOf(h, (body) => {
        body.objects = body.objects.map((object) => (JSON.stringify(object) === line!.raw ? JSON.parse(odd) : object));
      }),
    );
    expect(items.every(({ value }) => !Array.isArray(value) || value.length === 0)).toBe(true);
  });

  it('a day that differs comes as its rows, checked: a malformed line is refused as before', async () => {
    const { h } = await startSyncedHarness({ from: FROM });
    closing(h);
    const { items } = await walk(
      h,
      clientOf(h, (body) => {
        if (body.objects[0]) body.objects[0].count = 7;
      }),
    );
    const changed = items.filter(({ value }) => Array.isArray(value) && value.length > 0);
    expect(changed.length).toBeGreaterThan(3);
    for (const { item, value } of changed) {
      const rows = value as Array<{ value: { date: string; count: number } }>;
      expect(rows.every((row) => row.value.date === item)).toBe(true);
      expect(rows.some((row) => row.value.count === 7)).toBe(true);
    }
    const error = await walk(
      h,
      clientOf(h, (body) => {
        if (body.objects[1]) body.objects[1].amount = '1.005';
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect((error as Error).message).toContain('objects.1.amount');
  });

  it('a nightly counts the days listed as stored as synced, writes none of them, and rewrites a day that differs', async () => {
    const { h, summary } = await startSyncedHarness({ from: FROM });
    closing(h);
    const db = dbOf(h.engine);
    const [altered] = await db.selectFrom('gl_batches').select(['date', 'raw']).orderBy('date').limit(1).execute();
    // One stored line not as the service lists it: its day differs and is replaced whole.
    await db.updateTable('gl_batches').set({ raw: '{"altered":true}' }).where('raw', '=', altered!.raw).execute();
    const before = await db.selectFrom('gl_batches').select(['date', 'raw', 'synced_at']).execute();
    const nightly = await h.sync();
    expect(nightly.status).toBe('succeeded');
    expect(nightly.glBatchesSynced).toBe(summary.glBatchesSynced);
    const after = await db.selectFrom('gl_batches').select(['date', 'raw', 'synced_at']).execute();
    expect(after.length).toBe(before.length);
    expect(after.some((row) => row.raw === altered!.raw)).toBe(true);
    expect(after.some((row) => row.raw === '{"altered":true}')).toBe(false);
    const untouched = (rows: typeof before) => rows.filter((row) => row.date !== altered!.date);
    expect(untouched(after)).toEqual(expect.arrayContaining(untouched(before)));
  });
});
