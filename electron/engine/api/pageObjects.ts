/**
 * Where each object of a PagedList's `objects` array lies in the answer's text, found without
 * parsing it (issue 31: the nightly re-reads the 60-day refresh window, ~150,000 transactions, and
 * parsing each page and writing each object back to JSON to hash it was the fetch worker's largest
 * cost). An object whose text hashes to the digest the store holds is byte for byte the JSON stored
 * and validated before (client.ts listings), so only the others need parsing.
 *
 * This finds positions only; it does not validate. Anything it does not recognise as a PagedList
 * whose `objects` are all JSON objects gives null, and the caller parses the whole text as before.
 */

/** The `objects` array of a page: the text with the array emptied, and each object's [start, end). */
export interface PageObjectSpans {
  /** The page with `objects` emptied (`[]`): the envelope, to parse and validate apart. */
  envelope: string;
  /** Start and end offsets of each object, in order: [start0, end0, start1, end1, ...]. */
  spans: number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const OBJECTS_KEY = '"objects"';

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The offset just past the string starting at `start` (a quote), or -1 if it never ends. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The end of the object or array opening at `start`: strings skipped, brackets counted (not matched:
 * a mismatch inside an object makes its text invalid JSON, which the parse that follows refuses).
 */
function containerEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The end of the value at `start` (scalars run to the next separator; the parse validates them). */
function skipValue(text: string, start: number): number {
  const c = text.charCodeAt(start);
  if (c === QUOTE) return stringEnd(text, start);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return containerEnd(text, start);
  let i = start;
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (d === COMMA || d === CLOSE_BRACE || isSpace(d)) break;
    i++;
  }
  return i > start ? i : -1;
}

/** The objects of the array opening at `start`, into `spans`; the offset past its ']', or -1. */
function objectsOfArray(text: string, start: number, spans: number[]): number {
  let i = skipSpace(text, start + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return i + 1;
  for (;;) {
    if (text.charCodeAt(i) !== OPEN_BRACE) return -1;
    const end = containerEnd(text, i);
    if (end < 0) return -1;
    spans.push(i, end);
    i = skipSpace(text, end);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACKET) return i + 1;
    if (c !== COMMA) return -1;
    i = skipSpace(text, i + 1);
  }
}

export function pageObjectSpans(text: string): PageObjectSpans | null {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return null;
  const spans: number[] = [];
  let array: [start: number, end: number] | null = null;
  i = skipSpace(text, i + 1);
  while (i < text.length && text.charCodeAt(i) !== CLOSE_BRACE) {
    if (text.charCodeAt(i) !== QUOTE) return null;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return null;
    const isObjects = keyEnd - i === OBJECTS_KEY.length && text.startsWith(OBJECTS_KEY, i);
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return null;
    i = skipSpace(text, i + 1);
    let end: number;
    if (isObjects) {
      // Twice: JSON.parse would keep the last; too odd a page to take apart here.
      if (array || text.charCodeAt(i) !== OPEN_BRACKET) return null;
      end = objectsOfArray(text, i, spans);
      array = [i, end];
    } else end = skipValue(text, i);
    if (end < 0) return null;
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
  }
  if (!array) return null;
  // What lies around the array (the envelope's other fields, anything after the root) is the
  // envelope's parse to judge.
  return { envelope: `${text.slice(0, array[0])}[]${text.slice(array[1])}`, spans };
}
