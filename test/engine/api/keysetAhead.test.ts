/**
 * A keyset walk asks for its next page on the current page's ends as read, before the page is
 * checked (paging.ts walkKeyset): the guess is taken only where the checked page puts the walk, and
 * never runs more than one request ahead of the pages taken.
 */
import { fork } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/engine/api/client';
import { ResponseFormatError } from '../../../electron/engine/api/errors';
import { walkKeyset, type KeysetPageFetcher } from '../../../electron/engine/api/paging';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Ids 1..total, `limit` a page after `since`; each page's ends told as the ids read. */
function idsAfter(since: number | undefined, limit: number, total: number): number[] {
  const first = (since ?? 0) + 1;
  return Array.from({ length: Math.max(0, Math.min(limit, total - first + 1)) }, (_, i) => first + i);
}

function tellEndsOf(ids: number[], onEnds: Parameters<KeysetPageFetcher<number>>[2]): void {
  if (ids.length >= 2) onEnds({ lastId: ids.at(-1)!, previousId: ids.at(-2)! }, ids.length);
}

/** A service of ids 1..total whose pages tell their ends as they read; `asked` lists each `since`. */
function idService(total: number) {
  const asked: Array<number | undefined> = [];
  const fetchPage: KeysetPageFetcher<number> = async (since, limit, onEnds) => {
    asked.push(since);
    const ids = idsAfter(since, limit, total);
    tellEndsOf(ids, onEnds);
    return ids;
  };
  return { asked, fetchPage };
}

describe('keyset walk: the next page asked for before this one is checked', () => {
  it('sends the next request once the ends are read, while the page is still being checked', async () => {
    const asked: Array<number | undefined> = [];
    let checked!: () => void;
    const checking = new Promise<void>((resolve) => (checked = resolve));
    const fetchPage: KeysetPageFetcher<number> = async (since, limit, onEnds) => {
      asked.push(since);
      const ids = idsAfter(since, limit, 25);
      tellEndsOf(ids, onEnds);
      if (since === undefined) await checking;
      return ids;
    };
    const walk = walkKeyset(fetchPage, (id) => id, { pageSize: 10 });
    const first = walk.next();
    await settle();
    // Page 1 (ids 1-10) is not checked yet, and page 2 (after id 9: overlapping by one) is asked for.
    expect(asked).toEqual([undefined, 9]);
    checked();
    const ids = [...(await first).value!.objects];
    for await (const page of walk) ids.push(...page.objects);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Each page asked for once: the guesses were right and taken.
    expect(asked).toEqual([undefined, 9, 18]);
  });

  it('drops a guess the checked page does not bear out, and asks where the page really ends', async () => {
    const asked: Array<number | undefined> = [];
    const fetchPage: KeysetPageFetcher<number> = async (since, limit, onEnds) => {
      asked.push(since);
      const ids = idsAfter(since, limit, 1_000);
      // The first page's ids read otherwise than they check out (a service that sent text ids).
      if (since === undefined) onEnds({ lastId: 500, previousId: 499 }, ids.length);
      else tellEndsOf(ids, onEnds);
      return ids;
    };
    const walk = walkKeyset(fetchPage, (id) => id, { pageSize: 10 });
    const ids = [...(await walk.next()).value!.objects, ...(await walk.next()).value!.objects];
    await walk.return(undefined);
    expect(ids).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    // The wrong guess (after 499) went out and was dropped; page 2 was asked where page 1 ended.
    expect(asked.slice(0, 3)).toEqual([undefined, 499, 9]);
  });

  it('runs at most one guess ahead of a walk whose pages are not taken', async () => {
    const { asked, fetchPage } = idService(10_000);
    const walk = walkKeyset(fetchPage, (id) => id, { pageSize: 10 });
    await walk.next();
    await settle();
    // Page 1 taken, page 2 waiting (as any walk's next page did) and page 3 guessed: no further.
    expect(asked).toEqual([undefined, 9, 18]);
    await walk.return(undefined);
  });

  it('guesses nothing after a short page', async () => {
    const { asked, fetchPage } = idService(8);
    const pages = [];
    for await (const page of walkKeyset(fetchPage, (id) => id, { pageSize: 10 })) pages.push(page);
    await settle();
    expect(pages).toHaveLength(1);
    expect(asked).toEqual([undefined]);
  });
});

describe('keyset walk over HTTP', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('a page refused by its check stops the walk with the check error; the early request is dropped', async () => {
    const urls: string[] = [];
    server = createServer((req, res) => {
      urls.push(req.url!);
      const since = Number(new URL(req.url!, 'http://x').searchParams.get('since') ?? 0);
      const objects = Array.from({ length: 100 }, (_, i) => ({
        id: since + 1 + i,
        payee: 2,
        payment_method: 'ACH',
        status: 'Settled',
        // The first page's 51st transaction has an amount that is not money.
        amount: since === 0 && i === 50 ? 'ten dollars' : '10.00',
      }));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ objects, total: 100_000 }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = new ServiceClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 'tok-123456',
      secret: 'sec-abcdef',
      sleep: async () => {},
      random: () => 0.5,
    });
    const walk = client.transactionPages({ after: '2026-03-01 00:00:00', before: '2026-03-02 00:00:00' });
    const error = await walk.next().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect((error as Error).message).toContain('objects.50.amount');
    await settle();
    // The page after it was asked for on its ends (id 99, overlapping by one) and nothing more.
    expect(urls.map((url) => new URL(url, 'http://x').searchParams.get('since'))).toEqual([null, '99']);
  });

  it('the early request is on the wire before the page it follows is handed over', async () => {
    const child = fork(fileURLToPath(new URL('./pageServerChild.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
    });
    try {
      const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
      const baseUrl = `http://127.0.0.1:${port}`;
      const walk = new ServiceClient({ baseUrl, token: 'tok-123456', secret: 'sec-abcdef' }).transactionPages({
        after: '2026-03-01 00:00:00',
        before: '2026-03-02 00:00:00',
      });
      await walk.next();
      const handedOver = Date.now();
      // This thread busy: a request still waiting to be written would leave only after it.
      while (Date.now() - handedOver < 300);
      await walk.return(undefined);
      const arrivals = (await (await fetch(`${baseUrl}/arrivals`)).json()) as number[];
      expect(arrivals.length).toBeGreaterThanOrEqual(2);
      expect(arrivals[1]).toBeLessThan(handedOver + 150);
    } finally {
      child.kill();
    }
  });
});
