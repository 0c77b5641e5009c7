/**
 * A payment service that misbehaves on purpose, in-process on 127.0.0.1 like the sandbox. It
 * serves a tiny valid district (one payee, one account, three payments a day) and, on one "bad"
 * day, the chosen scenario: so a test can see both that the good days before it were written and
 * that nothing of the bad day was.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const HOSTILE_SCENARIOS = [
  /** For comparison: the same tiny district, served well. */
  'well-behaved',
  'endless-txns',
  'endless-gl',
  'huge-response',
  'drip',
  'retry-after-119',
  'retry-after-59',
  'html-200',
  'truncated-json',
  'negative-amount',
  'duplicate-batch',
  'long-text',
] as const;
export type HostileScenario = (typeof HOSTILE_SCENARIOS)[number];

export interface HostileService {
  url: string;
  token: string;
  secret: string;
  /** Requests served, by path. */
  requests: Record<string, number>;
  close(): Promise<void>;
}

const TOKEN = 'hostile-token';
const SECRET = 'hostile-secret';

export async function startHostileService(scenario: HostileScenario, badDay: string): Promise<HostileService> {
  const requests: Record<string, number> = {};
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hostile.invalid');
    requests[url.pathname] = (requests[url.pathname] ?? 0) + 1;
    req.resume();
    try {
      route(scenario, badDay, url, res);
    } catch (error) {
      send(res, 500, { error: 'SERVER_ERROR', message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    token: TOKEN,
    secret: SECRET,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function route(scenario: HostileScenario, badDay: string, url: URL, res: ServerResponse): void {
  const q = url.searchParams;
  const limit = Number(q.get('limit') ?? 30);
  const offset = Number(q.get('offset') ?? 0);
  switch (url.pathname) {
    case '/payees':
      return send(res, 200, [{ id: 1, name: 'North High', merchant_id: 'M1' }]);
    case '/gl-accounts':
      return send(res, 200, [{ id: '5001', label: 'Athletics', number: '4100' }]);
    case '/batches': {
      const batch = (id: string) => ({
        id,
        payee: 1,
        date: badDay,
        payment_method: 'CC',
        total_amount: '36.00',
        fees_amount: '0.00',
        partial_amount: '36.00',
        total_count: 3,
      });
      const objects = scenario === 'duplicate-batch' && offset === 0 ? [batch('730001'), batch('730001')] : [];
      return send(res, 200, { offset, limit, objects });
    }
    case '/gl-batches': {
      const day = q.get('end_date') ?? '';
      if (scenario === 'endless-gl' && day === badDay) {
        const objects = Array.from({ length: limit }, (_, i) => glRow(`${offset + i}`, day));
        return send(res, 200, { offset, limit, objects });
      }
      return send(res, 200, { offset, limit, objects: [] });
    }
    case '/txns': {
      const after = q.get('after') ?? '';
      const since = Number(q.get('since') ?? 0);
      const day = dayOfWindow(after);
      if (day === badDay) return badTxns(scenario, res, since, limit, day);
      const objects = dayTxns(day).filter((t) => t.id > since);
      return send(res, 200, { offset: 0, limit, objects: objects.slice(0, limit) });
    }
    default:
      return send(res, 404, { error: 'NOT_FOUND', message: `No resource at ${url.pathname}` });
  }
}

function badTxns(scenario: HostileScenario, res: ServerResponse, since: number, limit: number, day: string): void {
  const page = (objects: unknown[]) => ({ offset: 0, limit, objects });
  const valid = dayTxns(day).filter((t) => t.id > since);
  switch (scenario) {
    case 'endless-txns': {
      const start = Math.max(since, 9_000_000);
      return send(res, 200, page(Array.from({ length: limit }, (_, i) => txn(start + 1 + i))));
    }
    case 'huge-response': {
      // 20 MB of one long page: far more than one page of 100 payments can be.
      const filler = 'x'.repeat(20 * 1024 * 1024);
      return send(res, 200, page([{ ...txn(since + 1), data: filler }]));
    }
    case 'drip': {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const text = JSON.stringify(page(valid));
      let i = 0;
      const timer = setInterval(() => {
        if (res.destroyed || i >= text.length) {
          clearInterval(timer);
          if (!res.destroyed) res.end();
          return;
        }
        res.write(text[i++]);
      }, 1_000);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case 'retry-after-119':
    case 'retry-after-59':
      return send(
        res,
        429,
        { error: 'RATE_LIMITED', message: 'Too many requests' },
        { 'Retry-After': scenario === 'retry-after-119' ? '119' : '59' },
      );
    case 'html-200':
      return sendText(res, 200, '<!DOCTYPE html><html><body><h1>Sign in to continue</h1></body></html>', 'text/html');
    case 'truncated-json': {
      const text = JSON.stringify(page(valid));
      return sendText(res, 200, text.slice(0, Math.floor(text.length / 2)), 'application/json');
    }
    case 'negative-amount':
      return send(res, 200, page(valid.map((t, i) => (i === 1 ? { ...t, amount: '-12.00' } : t))));
    case 'long-text':
      return send(res, 200, page(valid.map((t, i) => (i === 0 ? { ...t, data: 'y'.repeat(50_000) } : t))));
    default:
      return send(res, 200, page(valid));
  }
}

/** The business day of a `/txns` window: `after` is the last second of the day before. */
function dayOfWindow(after: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(after)) return '';
  const date = new Date(`${after.slice(0, 10)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Three valid payments a day, ids derived from the date so every day differs. */
function dayTxns(day: string): Array<ReturnType<typeof txn>> {
  const base = 1_000_000 + Number(day.replaceAll('-', '').slice(2)) * 10;
  return [1, 2, 3].map((i) => txn(base + i));
}

function txn(id: number) {
  return {
    id,
    payee: 1,
    payment_method: 'CC',
    status: 'Settled',
    amount: '12.00',
    amount_refunded: '0.00',
    convenience_fee: '0.00',
    tax: '0.00',
    shipping: '0.00',
    batch: null as number | null,
    data: null as string | null,
    items: [],
  };
}

function glRow(suffix: string, day: string) {
  return {
    gl_batch_identifier: `730001-${suffix}`,
    date: day,
    batch_id: 730001,
    payee_id: 1,
    gl_account: { id: '5001', label: 'Athletics', number: '4100' },
    amount: '12.00',
    amount_without_fees: '12.00',
    count: 1,
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendText(res, status, JSON.stringify(body), 'application/json', headers);
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  type: string,
  headers: Record<string, string> = {},
): void {
  const bytes = Buffer.from(text, 'utf8');
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(bytes.length), ...headers });
  res.end(bytes);
}
