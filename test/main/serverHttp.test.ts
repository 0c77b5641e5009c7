/**
 * The main process's client to a district server reads an answer under a byte cap
 * (engine/collectWithin.ts), in one line a bookkeeper can act on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpSend, MAX_REPLY_BYTES } from '../../electron/main/serverHttp';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serving(sendBytes: number): Promise<URL> {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const more = () => {
      while (sent < sendBytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, sendBytes - sent));
        sent += part.length;
        if (!res.write(part)) {
          res.once('drain', more);
          return;
        }
      }
      res.end();
    };
    more();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
}

describe("the district server's answers", () => {
  it('are read whole up to the cap', async () => {
    const reply = await httpSend(await serving(3 * 1024 * 1024), { method: 'GET' });
    expect(reply.status).toBe(200);
    expect(reply.text).toHaveLength(3 * 1024 * 1024);
  });

  it('are refused past the cap, in one line, without reading the rest', async () => {
    const url = await serving(MAX_REPLY_BYTES + 8 * 1024 * 1024);
    await expect(httpSend(url, { method: 'GET' })).rejects.toThrow(
      `${url.host} sent an answer larger than District Recon accepts.`,
    );
  });
});
