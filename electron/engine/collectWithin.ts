/**
 * A stream's bytes, refused past a cap as they arrive: how the app reads what comes over HTTP (the
 * service's answers, api/nodeExchange.ts; the district server's, main/serverHttp.ts; the bodies of
 * requests to the web host, web/http.ts), so a broken or hostile peer cannot fill the memory. Each
 * says the refusal in its own words, and decides what becomes of the rest: a client destroys its
 * request, a server answers 413 first and then drains what is still coming.
 */
import type { Readable } from 'node:stream';

export class TooLargeError extends Error {
  override readonly name = 'TooLargeError';
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/**
 * Resolves with the bytes once the stream ends. Past `maxBytes` it stops reading and rejects with
 * a TooLargeError, keeping none of what came; the stream's own errors reject as they are.
 */
export function collectWithin(stream: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    let chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        stream.off('data', onData);
        chunks = [];
        reject(new TooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(chunks, total)));
  });
}
