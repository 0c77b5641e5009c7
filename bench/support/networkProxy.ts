/**
 * A network between the engine and the sandbox (issue 31): an HTTP proxy that holds each request
 * `oneWayMs` before forwarding it and each answer `oneWayMs` before sending it back (a round trip of
 * twice that, on top of the service's own time), and sends answers no faster than `bytesPerSecond`,
 * shared by every connection as one link is. It counts what went through, and how many GET
 * /txns/:id (the payer details phase) were in flight at most, to set against the in-flight bound.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NetworkOptions {
  /** Added each way: a 50 ms one-way delay is a 100 ms round trip. */
  oneWayMs: number;
  /** The link's bandwidth for answers; 0 or absent: no cap. */
  bytesPerSecond?: number;
}

export interface NetworkProxy {
  url: string;
  requests(): number;
  /** Bytes of answers sent back (bodies). */
  bytes(): number;
  /** The most GET /txns/:id requests in flight at one moment. */
  maxDetailsInFlight(): number;
  detailRequests(): number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isDetail = (url: string | undefined) => /^\/txns\/\d+/.test(url ?? '');

export async function networkProxy(target: string, options: NetworkOptions): Promise<NetworkProxy> {
  let requests = 0;
  let bytes = 0;
  let details = 0;
  let detailsNow = 0;
  let detailsMax = 0;
  // The link is free again at this time (ms, performance.now()): answers queue for it in turn.
  let linkFreeAt = 0;
  const rate = options.bytesPerSecond ?? 0;

  /** Waits until `chunk` has crossed the capped link. */
  async function cross(size: number): Promise<void> {
    if (!rate) return;
    const start = Math.max(performance.now(), linkFreeAt);
    linkFreeAt = start + (size / rate) * 1000;
    const wait = linkFreeAt - performance.now();
    if (wait > 0) await sleep(wait);
  }

  async function relay(incoming: IncomingMessage, outgoing: import('node:http').ServerResponse): Promise<void> {
    requests++;
    const detail = incoming.method === 'GET' && isDetail(incoming.url);
    if (detail) {
      details++;
      detailsMax = Math.max(detailsMax, ++detailsNow);
    }
    try {
      const body: Buffer[] = [];
      for await (const chunk of incoming) body.push(chunk as Buffer);
      await sleep(options.oneWayMs);
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const forwarded = request(
          new URL(incoming.url ?? '/', target),
          { method: incoming.method, headers: incoming.headers },
          resolve,
        );
        forwarded.on('error', reject);
        forwarded.end(Buffer.concat(body));
      });
      const chunks: Buffer[] = [];
      for await (const chunk of answer) chunks.push(chunk as Buffer);
      const payload = Buffer.concat(chunks);
      await sleep(options.oneWayMs);
      await cross(payload.length);
      bytes += payload.length;
      const headers = { ...answer.headers };
      delete headers['transfer-encoding'];
      headers['content-length'] = String(payload.length);
      outgoing.writeHead(answer.statusCode ?? 502, headers);
      outgoing.end(payload);
    } finally {
      if (detail) detailsNow--;
    }
  }

  const server: Server = createServer((incoming, outgoing) => {
    relay(incoming, outgoing).catch(() => outgoing.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    bytes: () => bytes,
    maxDetailsInFlight: () => detailsMax,
    detailRequests: () => details,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
