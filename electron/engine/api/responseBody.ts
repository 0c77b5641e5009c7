/**
 * An answer's body: how much of it we read, and its text as JSON.
 */
import { NotJsonError } from './errors';

/**
 * 16 MB: a full page of 100 transactions with their items is about 56 KB on the sandbox and a
 * GL page at most four times its 100 rows, so this leaves over a hundredfold headroom and still
 * keeps a few pages in flight well under a gigabyte.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** The text after a byte order mark, as a UTF-8 decoder reads it (fetch's response.text() drops it). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** JSON.parse, or a NotJsonError that says what came instead (never the body itself). */
export function parseJsonAnswer(text: string, endpoint: string, contentType: string | null): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const start = text.trimStart().slice(0, 200).toLowerCase();
    const bytes = Buffer.byteLength(text, 'utf8');
    let what: string;
    if (start.startsWith('<') || /html/i.test(contentType ?? '')) what = `an HTML page (${formatBytes(bytes)})`;
    else if (start.startsWith('{') || start.startsWith('[')) what = `JSON cut off or damaged (${formatBytes(bytes)})`;
    else what = `text that is not JSON (${formatBytes(bytes)})`;
    throw new NotJsonError(endpoint, what);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
