/**
 * One sandbox per contract file, with the ids the rows name prepared before they run, and the
 * runner that sends one request a row: it checks the status, the error body and code, and (where
 * the rule is about the answer's shape) the row's own check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePayment } from '../../../electron/sandbox/index';
import { startTestSandbox, type SandboxClient, type SandboxServer } from '../../helpers/sandbox';
import type { Rule } from './rows';

let server: SandboxServer | undefined;
let api: SandboxClient;

/** Ids prepared before the rows run (the same on every run: the sandbox's data is seeded). */
export const ids = {
  payee: 0,
  settled: 0,
  settledForItems: 0,
  pending: 0,
  pendingForVoidPath: 0,
  batch: '',
  itemTxn: 0,
  itemId: '',
};

/** The file's sandbox, for rows that compare an answer with its truth. */
export function sandbox(): SandboxServer {
  if (!server) throw new Error('No contract sandbox: call useContractSandbox() at the top of the test file.');
  return server;
}

/** Starts the file's sandbox before its rows and closes it after them. */
export function useContractSandbox(): void {
  beforeAll(async () => {
    ({ server, api } = await startTestSandbox({ scenario: { days: 20, dailyVolume: 40 } }));
    const truth = server.truth();
    ids.payee = truth.payees[0]!.id;
    const settled = truth.transactions.filter(
      (t) => t.status === 'Settled' && t.amountRefundedCents === 0 && t.amountCents >= 2000,
    );
    ids.settled = settled[0]!.id;
    ids.settledForItems = settled[1]!.id;
    ids.batch = truth.batches[0]!.id;
    const withItems = (await api.get(`/txns?extensions=items&limit=100`)).json.objects.find(
      (t: { id: number; status: string; items: unknown[] }) =>
        t.status === 'Settled' && t.items.length > 0 && t.id !== ids.settled && t.id !== ids.settledForItems,
    );
    ids.itemTxn = withItems.id;
    ids.itemId = withItems.items[0].id;
    ids.pending = (await api.post('/txns', samplePayment(ids.payee, '40.00'))).json.id;
    ids.pendingForVoidPath = (await api.post('/txns', samplePayment(ids.payee, '41.00'))).json.id;
  });
  afterAll(() => server?.close());
}

/** One test a row, in order: some rows build on the state earlier ones left (create, then list; partial, then full refund). */
export function contractRules(title: string, rules: Rule[]): void {
  describe(`sandbox contract: ${title}`, () => {
    it.each(rules.map((r) => [r.rule, r] as const))('%s', async (_name, row) => {
      const body = typeof row.body === 'function' ? (row.body as () => unknown)() : row.body;
      const path = typeof row.path === 'function' ? row.path() : row.path;
      const reply = await api.request(path, {
        method: row.method ?? (body === undefined ? 'GET' : 'POST'),
        body,
        auth: row.auth,
        headers: row.headers,
      });
      expect({ status: reply.status, text: reply.text.slice(0, 300) }).toMatchObject({ status: row.status });
      if (row.status >= 400) {
        expect(reply.json).toEqual({ error: expect.any(String), message: expect.any(String) });
        if (row.error) expect(reply.json.error).toBe(row.error);
      }
      row.check?.(reply);
    });
  });
}
