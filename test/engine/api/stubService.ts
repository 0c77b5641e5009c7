/**
 * A service stub on loopback for the transport's tests: each request is answered by `reply`, and
 * `served` counts the requests and the connections they came on.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { BoundError } from '../../../electron/engine/api/errors';

let server: Server | undefined;
export const served = { requests: 0, connections: 0 };

export async function serve(reply: (res: ServerResponse, req: IncomingMessage) => void): Promise<string> {
  served.requests = 0;
  served.connections = 0;
  server = createServer((req, res) => {
    served.requests++;
    req.resume();
    reply(res, req);
  });
  server.on('connection', () => served.connections++);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** For afterEach: closes the stub and the connections still open to it. */
export async function stopServing(): Promise<void> {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
}

/** The answer is refused as past its bound, in these words, after one request: a bound is never retried. */
export async function expectRefusedOnce(answer: Promise<unknown>, message: string): Promise<void> {
  const error = await answer.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BoundError);
  expect((error as Error).message).toBe(message);
  expect(served.requests).toBe(1);
}
