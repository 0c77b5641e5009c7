/**
 * One exchange through a fetch the caller gives: tests watch or change the service's answers so.
 * The app itself goes through nodeExchange.ts.
 */
import { BoundError } from './errors';
import { formatBytes, withoutBom } from './responseBody';
import type { ExchangeBounds, WireAnswer, WireRequest } from './wireExchange';

export async function exchangeOverFetch(
  fetchImpl: typeof fetch,
  url: URL,
  request: WireRequest,
  bounds: ExchangeBounds,
): Promise<WireAnswer> {
  // The signal stays armed while the body is read: the deadline covers the whole answer.
  const response = await fetchImpl(url, {
    method: request.method,
    body: request.body,
    headers: request.headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(bounds.timeoutMs),
  });
  const text = await readCappedText(response, bounds.endpoint, bounds.maxBytes);
  return {
    status: response.status,
    statusText: response.statusText,
    header: (name) => response.headers.get(name),
    text,
  };
}

/**
 * Reading one answer's body with a byte cap, counted while it streams in: `response.text()` would
 * hold whatever the service sends (a 20 MB page, an endless one) before we could look at it.
 */
export async function readCappedText(response: Response, endpoint: string, maxBytes: number): Promise<string> {
  const refuse = () => new BoundError(endpoint, null, `one answer was larger than ${formatBytes(maxBytes)}`);
  const length = response.headers.get('content-length');
  const declared = length === null ? NaN : Number(length);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw refuse();
  }
  if (!response.body) return '';
  // A declared length within the cap bounds the body itself, unless it is compressed: fetch decodes
  // gzip, and a small compressed answer can decode to gigabytes, so that one is counted as it comes.
  const encoding = response.headers.get('content-encoding');
  const plain = encoding === null || encoding.trim().toLowerCase() === 'identity';
  if (plain && Number.isSafeInteger(declared) && declared >= 0) return withoutBom(await response.text());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw refuse();
    }
    chunks.push(value);
  }
  return withoutBom(Buffer.concat(chunks, total).toString('utf8'));
}
