/**
 * The GL phase's walk (issue 31): how many days' requests are in flight at once, and that each day is
 * asked for alone (start_date is exclusive), so nothing of the day before is fetched and dropped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxServer } from '../../../electron/sandbox';
import { ServiceClient } from '../../../electron/engine/api/client';
import { GL_DAYS_IN_FLIGHT, glDayRows } from '../../../electron/engine/sync/dayWalks';
import { DEFAULT_SYNC_LIMITS } from '../../../electron/engine/sync/limits';
import { dayBefore } from '../../../electron/engine/sync/windows';
import { addDays, eachBusinessDate, todayCentral } from '../../../shared/time';
import { SMALL_SCENARIO, START } from './harness';

let sandbox: SandboxServer | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

describe('the GL days walk', () => {
  it(`has at most ${GL_DAYS_IN_FLIGHT} requests in flight, one day each, and keeps every row it fetched`, async () => {
    sandbox = await startSandbox({ seed: 5, now: START, scenario: { ...SMALL_SCENARIO, dailyVolume: 200 } });
    let inFlight = 0;
    let most = 0;
    const asked: Array<{ start: string; end: string }> = [];
    const client = new ServiceClient({
      baseUrl: sandbox.url,
      token: sandbox.token,
      secret: sandbox.secret,
      sleep: async () => {},
      fetch: async (input, init) => {
        const url = new URL(String(input));
        const gl = url.pathname.endsWith('/gl-batches');
        if (gl) {
          asked.push({ start: url.searchParams.get('start_date')!, end: url.searchParams.get('end_date')! });
          most = Math.max(most, ++inFlight);
        }
        try {
          // The answer read whole, as the client would, before the request counts as done.
          const response = await fetch(input, init);
          const body = await response.arrayBuffer();
          return new Response(body, { status: response.status, headers: response.headers });
        } finally {
          if (gl) inFlight--;
        }
      },
    });
    const today = todayCentral({ now: () => sandbox!.now() });
    const days = [...eachBusinessDate(addDays(today, -9), today)];
    const kept: number[] = [];
    for await (const { item, value } of glDayRows(client, days, DEFAULT_SYNC_LIMITS)) {
      // No stored days given: every day comes as its rows.
      if (!Array.isArray(value)) throw new Error(`${item} came as stored`);
      expect(value.every((row) => row.value.date === item)).toBe(true);
      kept.push(value.length);
    }
    expect(most).toBe(GL_DAYS_IN_FLIGHT);
    expect(GL_DAYS_IN_FLIGHT).toBe(4);
    for (const { start, end } of asked) expect(start).toBe(dayBefore(end));
    // Every row the service sent for a day is that day's: the filter drops nothing.
    let sent = 0;
    for (const day of days)
      for await (const page of client.glBatchPages({ startDate: dayBefore(day), endDate: day }))
        sent += page.objects.length;
    expect(kept.reduce((a, b) => a + b, 0)).toBe(sent);
    expect(sent).toBeGreaterThan(0);
  });
});
