/** GET /txns pages with the store's digests: what is left out, what is still validated. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceClient, type TransactionPage } from '../../../electron/engine/api/client';
import { NotJsonError, ResponseFormatError } from '../../../electron/engine/api/errors';
import { rawDigest } from '../../../electron/engine/api/wire';

const sale = (id: number, amount = '12.30') => ({
  id,
  payee: 2,
  payment_method: 'ACH',
  status: 'Settled',
  amount,
  amount_refunded: '0.00',
  batch: 730001,
});

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/**
 * A service answering every /txns request with `objects` (one short page: the walk ends), written
 * by `write` (JSON.stringify, as the sandbox does).
 */
async function serving(
  objects: unknown[],
  write: (page: object) => string = (page) => JSON.stringify(page),
): Promise<ServiceClient> {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(write({ offset: 0, limit: 100, objects }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return new ServiceClient({ baseUrl, token: 'tok-123456', secret: 'sec-abcdef', sleep: async () => {} });
}

async function pagesOf(client: ServiceClient, known: Map<number, string>): Promise<TransactionPage[]> {
  const pages: TransactionPage[] = [];
  for await (const page of client.transactionPages({}, null, known)) pages.push(page);
  return pages;
}

describe('transactions the store holds already', () => {
  it('are left out unvalidated when their JSON hashes to the stored digest; the rest are parsed', async () => {
    // The first object would fail validation (three decimals): byte for byte what was stored, it is not looked at.
    const objects = [sale(1, '1.005'), sale(2), sale(3)];
    const client = await serving(objects);
    const known = new Map([
      [1, rawDigest(JSON.stringify(objects[0]))],
      [2, rawDigest(JSON.stringify({ ...objects[1], status: 'Pending' }))],
    ]);
    const [page, ...more] = await pagesOf(client, known);
    expect(more).toEqual([]);
    expect(page!.objects.map((t) => t.value.id)).toEqual([2, 3]);
    expect(page!.objects[0]!.value.amountCents).toBe(1230);
    expect(page!.objects[0]!.digest).toBe(rawDigest(JSON.stringify(objects[1])));
    expect(page!.unchanged).toEqual({ rows: 1, bytes: JSON.stringify(objects[0]).length });
    // The keyset still stands on the last id listed, left out or not.
    expect(page!.position).toEqual({ lastId: 3, previousId: 2 });
  });

  it('a changed object that is malformed fails naming its place in the whole page', async () => {
    const objects = [sale(1), sale(2), sale(3, '12.345')];
    const client = await serving(objects);
    const known = new Map([[1, rawDigest(JSON.stringify(objects[0]))]]);
    const error = await pagesOf(client, known).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect((error as Error).message).toContain('GET /txns');
    expect((error as Error).message).toContain('objects.2.amount');
    expect((error as Error).message).toContain('"12.345"');
  });

  it('ids out of order are refused, counting the objects left out', async () => {
    const objects = [sale(5), sale(4)];
    const client = await serving(objects);
    const known = new Map([[5, rawDigest(JSON.stringify(objects[0]))]]);
    await expect(pagesOf(client, known)).rejects.toThrow('ids are not in ascending order (5 then 4)');
  });

  it('are told from their text as it came (issue 31): neither the page nor those objects are parsed', async () => {
    const objects = [sale(1), sale(2), sale(3)];
    const client = await serving(objects);
    const known = new Map([
      [1, rawDigest(JSON.stringify(objects[0]))],
      [3, rawDigest(JSON.stringify(objects[2]))],
    ]);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const [page] = await pagesOf(client, known);
      expect(page!.objects.map((t) => t.value.id)).toEqual([2]);
      expect(page!.unchanged.rows).toBe(2);
      expect(page!.position).toEqual({ lastId: 3, previousId: 2 });
      const parsedTexts = parse.mock.calls.map(([text]) => text);
      // The one changed object alone, and the page without its objects.
      expect(parsedTexts).toContain(JSON.stringify(objects[1]));
      expect(parsedTexts).toContain(JSON.stringify({ offset: 0, limit: 100, objects: [] }));
      for (const text of parsedTexts) {
        expect(text).not.toContain('"id":1,');
        expect(text).not.toContain('"id":3,');
      }
    } finally {
      parse.mockRestore();
    }
  });

  it('are still left out when the service spaces its JSON otherwise than the store keeps it', async () => {
    const objects = [sale(1), sale(2)];
    const client = await serving(objects, (page) => JSON.stringify(page, null, 2));
    const known = new Map([[1, rawDigest(JSON.stringify(objects[0]))]]);
    const [page] = await pagesOf(client, known);
    expect(page!.objects.map((t) => t.value.id)).toEqual([2]);
    expect(page!.objects[0]!.raw).toBe(JSON.stringify(objects[1]));
    expect(page!.unchanged).toEqual({ rows: 1, bytes: JSON.stringify(objects[0]).length });
  });

  it('a page cut off after its known objects is refused as JSON cut off, as any answer is', async () => {
    const objects = [sale(1), sale(2)];
    const client = await serving(objects, (page) => JSON.stringify(page).slice(0, -20));
    const known = new Map([[1, rawDigest(JSON.stringify(objects[0]))]]);
    const error = await pagesOf(client, known).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotJsonError);
    expect((error as Error).message).toContain('JSON cut off or damaged');
  });
});
