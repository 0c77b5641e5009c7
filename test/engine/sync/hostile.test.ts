/**
 * DESIGN.md §4.6 against a service that misbehaves on purpose (test/helpers/hostileService.ts):
 * every scenario ends in one clear line, in bounded time, with nothing of the bad day stored and
 * the good day before it intact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HostileScenario } from '../../helpers/hostileService';
import { BAD_DAY, FROM, syncAgainstHostile, type HostileRun } from './hostileEngine';

let h: HostileRun | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Small bounds so the runaway scenarios reach them in a second; the defaults are in limits.ts. */
const SMALL = { maxPagesPerDay: 20, maxRowsPerDay: 5_000, maxBytesPerDay: 4 * 1024 * 1024 };

const cases: Array<{
  scenario: HostileScenario;
  error: RegExp;
  /** The good day before the bad one was written (the bad one fails on /txns). */
  goodDayWritten: boolean;
  /** GL only: the bad day's transactions were fine, its GL rows were not. */
  glOnly?: boolean;
  options?: Parameters<typeof syncAgainstHostile>[1];
}> = [
  {
    scenario: 'endless-txns',
    error: /GET \/txns for 2026-03-09: more than 20 pages for one day/,
    goodDayWritten: true,
    options: { limits: SMALL },
  },
  {
    scenario: 'endless-gl',
    error: /GET \/gl-batches for 2026-03-09: more than 20 pages for one day/,
    goodDayWritten: true,
    glOnly: true,
    options: { limits: SMALL },
  },
  {
    scenario: 'huge-response',
    error: /GET \/txns for 2026-03-09: one answer was larger than 16 MB/,
    goodDayWritten: true,
  },
  {
    scenario: 'retry-after-119',
    error:
      /asked us to wait longer.*GET \/txns: asked us to wait 1 min 59 s \(Retry-After\), longer than the 1 min we wait/,
    goodDayWritten: true,
  },
  {
    scenario: 'retry-after-59',
    error: /kept failing.*GET \/txns: still failing after 1 min 5\d s of waiting.*the limit is 2 min/,
    goodDayWritten: true,
  },
  {
    scenario: 'html-200',
    error: /answered, but not with its data.*GET \/txns: answered with an HTML page/,
    goodDayWritten: true,
  },
  {
    scenario: 'truncated-json',
    error: /answered, but not with its data.*GET \/txns: answered with JSON cut off or damaged/,
    goodDayWritten: true,
  },
  {
    scenario: 'negative-amount',
    error: /GET \/txns: field objects\.1\.amount has "-12\.00": outside the 1\.00 to 100,000\.00/,
    goodDayWritten: true,
  },
  {
    scenario: 'long-text',
    error: /GET \/txns: field objects\.0\.data has "y{10,}.*longer than 10,000 characters/,
    goodDayWritten: true,
  },
  {
    scenario: 'drip',
    error:
      /kept failing.*GET \/txns: still failing after \d s of waiting and retrying in this run \(the limit is 3 s\); last: GET \/txns: no complete answer within 1 s/,
    goodDayWritten: true,
    options: { tuning: { sleep: async () => {}, timeoutMs: 1_000, retry: { budgetMs: 3_000 } } },
  },
];

describe('a sync against a hostile service', () => {
  it.each(cases)('$scenario: fails in one line, bounded, nothing of the bad day', async (c) => {
    h = await syncAgainstHostile(c.scenario, c.options);
    expect(h.run.status).toBe('failed');
    expect(h.run.error).toMatch(c.error);
    expect(h.run.error).not.toMatch(/\n/);
    expect(h.run.error!.length).toBeLessThanOrEqual(400);
    expect(h.run.error).not.toMatch(/Could not reach/);
    expect(h.ms).toBeLessThan(15_000);
    expect(await h.stored(BAD_DAY)).toEqual({ transactions: c.glOnly ? 3 : 0, glBatches: 0, batches: 0 });
    if (c.goodDayWritten) expect((await h.stored(FROM)).transactions).toBe(3);
  });

  it('a page with the same batch id twice fails naming it, and stores neither', async () => {
    h = await syncAgainstHostile('duplicate-batch');
    expect(h.run.status).toBe('failed');
    expect(h.run.error).toMatch(
      /GET \/batches: field objects\.1\.id has "730001": the same batch id twice in one page/,
    );
    expect((await h.stored(BAD_DAY)).batches).toBe(0);
  });

  it('says in the progress line that it waits, and why', async () => {
    h = await syncAgainstHostile('retry-after-59');
    expect(h.progress.map((p) => p.message)).toContain('Waiting 59 s: the payment service asked us to slow down (429)');
  });

  it('endless full pages stop at the default bound (500 pages) in bounded time', async () => {
    h = await syncAgainstHostile('endless-txns');
    expect(h.run.error).toMatch(/GET \/txns for 2026-03-09: more than 500 pages for one day/);
    expect(h.service.requests['/txns']).toBeLessThan(600);
    expect((await h.stored(BAD_DAY)).transactions).toBe(0);
  }, 60_000);

  it('a run stops at its rows bound, naming the endpoint and the day', async () => {
    h = await syncAgainstHostile('endless-txns', { limits: { maxRowsPerRun: 1_000 } });
    expect(h.run.error).toMatch(/GET \/txns for 2026-03-09: more than 1,000 rows in one sync/);
    expect((await h.stored(BAD_DAY)).transactions).toBe(0);
  });

  it('refuses to sync from before ten years back, in words, before any request', async () => {
    h = await syncAgainstHostile('negative-amount');
    const requests = { ...h.service.requests };
    await expect(h.engine.internals.sync.start({ trigger: 'manual', from: '1900-01-01' as never })).rejects.toThrow(
      /Cannot sync from 1900-01-01: a sync reaches back at most ten years, to 2016-03-13/,
    );
    expect(h.service.requests).toEqual(requests);
  });
});
