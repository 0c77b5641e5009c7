import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxServer } from '../../../electron/sandbox';
import { ServiceClient } from '../../../electron/engine/api/client';
import { ResponseFormatError } from '../../../electron/engine/api/errors';
import { rawBytes } from '../../../electron/engine/sync/limits';
import { unpackObjects } from '../../../electron/engine/sync/packedPages';
import type { TransactionDayPage } from '../../../electron/engine/sync/dayWalks';
import { dayWindow } from '../../../electron/engine/sync/windows';
import {
  fetchWorkerEntry,
  pageSource,
  threadPageSource,
  type PageSource,
} from '../../../electron/engine/sync/pageSource';
import type { Feed } from '../../../electron/engine/sync/feed';
import { BACKGROUND_NICE } from '../../../electron/engine/sync/backgroundPriority';
import { FETCH_THREAD_NAME } from '../../../electron/engine/sync/threadName';
import { eachBusinessDate, todayCentral, addDays, type BusinessDate } from '../../../shared/time';
import { SMALL_SCENARIO, START } from './harness';

let sandbox: SandboxServer | null = null;
const sources: PageSource[] = [];

afterEach(async () => {
  for (const source of sources.splice(0)) await source.close();
  await sandbox?.close();
  sandbox = null;
});

/** Each thread of this process and its nice value, from /proc (Linux). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    // Field 19 of stat is the nice value; the fields after the command's closing parenthesis start at 3.
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    nices.set(Number(tid), Number(fields[16]));
  }
  return nices;
}

/**
 * Pages travel packed (issue 31); V8 may write equal text in either of its string encodings, so the
 * bytes can differ between threads: the same pages are the same objects once unpacked.
 */
function unpacked(pages: TransactionDayPage[]) {
  return pages.map(({ item, value: { packed: _, ...page } }, i) => ({
    item,
    ...page,
    objects: unpackObjects(pages[i]!.value),
  }));
}

async function drain<T>(feed: Feed<T>): Promise<T[]> {
  const items: T[] = [];
  for (let item = await feed.next(); item; item = await feed.next()) items.push(item);
  return items;
}

function setup() {
  const today = todayCentral({ now: () => sandbox!.now() });
  const days: BusinessDate[] = [...eachBusinessDate(addDays(today, -6), today)];
  const client = new ServiceClient({
    baseUrl: sandbox!.url,
    token: sandbox!.token,
    secret: sandbox!.secret,
    sleep: async () => {},
  });
  return { days, client };
}

describe('the fetch worker', () => {
  it('is found beside the sources, and walks the same pages as the main thread', async () => {
    expect(fetchWorkerEntry()?.pathname).toMatch(/fetchWorkerBoot\.mjs$/);
    // Several pages a day, and 5xx bursts ridden out on the worker (its retry waits asked of this thread).
    sandbox = await startSandbox({
      seed: 3,
      now: START,
      scenario: { ...SMALL_SCENARIO, dailyVolume: 250 },
      faults: { serverErrorRate: 0.1, maxConsecutive: 2 },
    });
    const { days, client } = setup();
    const worker = pageSource(client);
    const thread = threadPageSource(client);
    sources.push(worker, thread);
    expect(await worker.where()).toBe('worker');
    const fromWorker = await drain(await worker.transactionDays(days, null));
    const fromThread = await drain(await thread.transactionDays(days, null));
    expect(fromWorker.length).toBeGreaterThan(days.length);
    expect(unpacked(fromWorker)).toEqual(unpacked(fromThread));
    const glWorker = await drain(await worker.glDays(days));
    expect(glWorker).toEqual(await drain(await thread.glDays(days)));
    expect(glWorker.flatMap((day) => (Array.isArray(day.value) ? day.value : [])).length).toBeGreaterThan(0);
  });

  it.runIf(process.platform === 'linux')(
    "on a district server gives way to the users' calls: its thread runs at a lower priority, the main thread's is unchanged",
    async () => {
      sandbox = await startSandbox({ seed: 3, now: START, scenario: SMALL_SCENARIO });
      const before = threadNices().get(process.pid);
      const worker = pageSource(setup().client, undefined, { background: true });
      sources.push(worker);
      expect(await worker.where()).toBe('worker');
      const nices = threadNices();
      expect([...nices.values()]).toContain(BACKGROUND_NICE);
      expect(nices.get(process.pid)).toBe(before);
      expect(before).not.toBe(BACKGROUND_NICE);
    },
  );

  it.runIf(process.platform === 'linux')(
    'on a machine to itself (the desktop app, the CLI) the worker keeps the normal priority',
    async () => {
      sandbox = await startSandbox({ seed: 3, now: START, scenario: SMALL_SCENARIO });
      const worker = pageSource(setup().client);
      sources.push(worker);
      expect(await worker.where()).toBe('worker');
      expect([...threadNices().values()]).not.toContain(BACKGROUND_NICE);
    },
  );

  it("runs the walks with a young generation of 48 MB and an old one of 1 GB (issue 31: the fetcher's GC cost, the worker's heap at the sync's peak)", async () => {
    sandbox = await startSandbox({ seed: 3, now: START, scenario: SMALL_SCENARIO });
    const { days, client } = setup();
    const worker = pageSource(client);
    const thread = threadPageSource(client);
    sources.push(worker, thread);
    expect(await worker.where()).toBe('worker');
    // V8's default: at 8 MB pages still being parsed were scavenged and promoted (a third more CPU).
    expect(worker.heapLimits()?.maxYoungGenerationSizeMb).toBe(48);
    // Not a bound to reach: below 2 GB V8 lets the old generation grow less past what it keeps.
    expect(worker.heapLimits()?.maxOldGenerationSizeMb).toBe(1024);
    expect(unpacked(await drain(await worker.transactionDays(days, null)))).toEqual(
      unpacked(await drain(await thread.transactionDays(days, null))),
    );
    expect(thread.heapLimits()).toBeNull();
  });

  it('hands each page over packed (issue 31): one buffer, unpacked to the objects the service listed', async () => {
    sandbox = await startSandbox({ seed: 3, now: START, scenario: { ...SMALL_SCENARIO, dailyVolume: 250 } });
    const { days, client } = setup();
    const worker = pageSource(client);
    sources.push(worker);
    expect(await worker.where()).toBe('worker');
    const pages = await drain(await worker.transactionDays(days, null));
    const listed: number[] = [];
    for (const day of days) {
      const window = dayWindow(day);
      for await (const page of client.transactionPages({ after: window.after, before: window.before }))
        listed.push(...page.objects.map((t) => t.value.id));
    }
    const unpacked = pages.flatMap(({ value }) => {
      expect(value.packed).toBeInstanceOf(Uint8Array);
      const objects = unpackObjects(value);
      expect(value.rows).toBe(objects.length);
      expect(value.rawBytes).toBe(rawBytes(objects));
      return objects.map((t) => t.value.id);
    });
    expect(listed.length).toBeGreaterThan(days.length * 100);
    expect(unpacked).toEqual(listed);
  });

  it('hands back a malformed page as the same typed error, after the pages before it', async () => {
    sandbox = await startSandbox({ seed: 3, now: START, scenario: SMALL_SCENARIO });
    const { days, client } = setup();
    const txns = sandbox.state.transactions;
    const bad = txns[txns.length - 5]!;
    (bad as { status: string }).status = 'Bogus';
    const worker = pageSource(client);
    sources.push(worker);
    expect(await worker.where()).toBe('worker');
    const feed = await worker.transactionDays(days, null);
    let pages = 0;
    const error = await (async () => {
      try {
        while (await feed.next()) pages++;
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(pages).toBeGreaterThan(0);
    expect(error).toBeInstanceOf(ResponseFormatError);
    const format = error as ResponseFormatError;
    expect(format.endpoint).toBe('GET /txns');
    expect(format.field).toMatch(/^objects\.\d+\.status$/);
    expect(format.value).toBe('Bogus');
    expect(format.message).toContain('"Bogus"');
  });

  it('holds for the writer no more bytes than allowed (issue 31): a few pages, not 24', async () => {
    sandbox = await startSandbox({ seed: 3, now: START, scenario: { ...SMALL_SCENARIO, dailyVolume: 600 } });
    const { days, client } = setup();
    const aheadBytes = 60_000;
    const worker = pageSource(client, undefined, { aheadBytes });
    sources.push(worker);
    expect(await worker.where()).toBe('worker');
    const feed = await worker.transactionDays(days, null);
    // The writer takes nothing until the worker has stopped sending (its feed stops growing).
    const pause = () => new Promise((resolve) => setTimeout(resolve, 500));
    for (let waited = 0; waited < 60_000 && feed.size === 0; waited += 500) await pause();
    let held = -1;
    for (let waited = 0; waited < 60_000 && feed.size !== held; waited += 500) {
      held = feed.size;
      await pause();
    }
    const waiting: TransactionDayPage[] = [];
    for (let page = feed.poll(); page; page = feed.poll()) waiting.push(page);
    const bytes = waiting.map((page) => page.value.packed.byteLength);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.length).toBeLessThan(24);
    if (waiting.length > 1) expect(bytes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(aheadBytes);
    // Taken, the rest follow: every page arrives.
    const rest = await drain(feed);
    expect(unpacked([...waiting, ...rest])).toEqual(
      unpacked(await drain(await threadPageSource(client).transactionDays(days, null))),
    );
    expect(waiting.length + rest.length).toBeGreaterThan(24);
  });

  it.runIf(process.platform === 'linux')(
    "names its thread, so its CPU can be told from the writer's (issue 31)",
    async () => {
      sandbox = await startSandbox({ seed: 3, now: START, scenario: SMALL_SCENARIO });
      const worker = pageSource(setup().client);
      sources.push(worker);
      expect(await worker.where()).toBe('worker');
      const names = readdirSync('/proc/self/task').map((tid) =>
        readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim(),
      );
      expect(names.filter((name) => name === FETCH_THREAD_NAME)).toHaveLength(1);
      expect(readFileSync(`/proc/self/task/${process.pid}/comm`, 'utf8').trim()).not.toBe(FETCH_THREAD_NAME);
    },
  );
});
