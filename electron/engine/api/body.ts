/**
 * Request bodies as the service demands: strings NFC-normalised (the spec recommends it) and every
 * non-ASCII character escaped as \uXXXX (raw non-ASCII makes the service answer 500). Astral
 * characters are already UTF-16 surrogate pairs in a JS string, so each half is escaped on its own.
 */
export function encodeJsonBody(value: unknown): string {
  return JSON.stringify(normalise(value)).replace(
    /[\u0080-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function normalise(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.normalize('NFC'), normalise(inner)]));
  }
  return value;
}
