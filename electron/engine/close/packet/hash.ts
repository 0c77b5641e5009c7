/**
 * The packet's SHA-256 is of its content, not its PDF: the content in a canonical JSON (keys sorted at
 * every level) so the hash does not depend on the order code happened to build an object in. The PDF
 * is rendered from the content, so one content gives one hash and one file.
 */
import { createHash } from 'node:crypto';
import type { PacketContent } from './types';

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export function contentSha256(content: PacketContent): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}
