/**
 * A /txns service in a process of its own, so it hears a request when the request is sent, not when
 * the client's thread is next free (keysetAhead.test.ts). Pages of 100 transactions after `since`;
 * GET /arrivals lists when each /txns request came (Date.now()). Sends its port to the parent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const arrivals: number[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url!, 'http://x');
  res.writeHead(200, { 'Content-Type': 'application/json' });
  if (url.pathname === '/arrivals') {
    res.end(JSON.stringify(arrivals));
    return;
  }
  arrivals.push(Date.now());
  const since = Number(url.searchParams.get('since') ?? 0);
  const objects = Array.from({ length: 100 }, (_, i) => ({
    id: since + 1 + i,
    payee: 2,
    payment_method: 'ACH',
    status: 'Settled',
    amount: '10.00',
  }));
  res.end(JSON.stringify({ objects, total: 1_000_000 }));
});
server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
