/**
 * Reading a /txns page against the digests the store holds for its day (issue 31: the nightly's
 * re-read of the refresh window). An object whose text, as it came, hashes to a stored digest is the
 * very JSON stored (and validated) before: it is counted, not parsed. The rest are parsed one by one.
 * A page that cannot be taken apart so (pageObjects.ts), or whose parts do not parse, is parsed
 * whole as any answer is, with the same errors.
 */
import { parseJsonAnswer } from './responseBody';
import { pageObjectSpans } from './pageObjects';
import { rawDigest } from './wire';

/** Each listed object: known by its text (its id and size), or parsed, with its JSON as we write it. */
export type ListedObject = { knownId: number; bytes: number } | { object: unknown; raw: string };

export interface KnownPage {
  /** The page without its objects (or whole, when parsed whole): what the envelope schema checks. */
  envelope: unknown;
  /** Null when the page has no `objects` array; the envelope's validation then says so. */
  listed: ListedObject[] | null;
}

/** Stored digests of a day's transactions by digest: the transaction each stands for. */
export type IdsByDigest = ReadonlyMap<string, number>;

export function idsByDigest(known: ReadonlyMap<number, string>): IdsByDigest {
  const ids = new Map<string, number>();
  for (const [id, digest] of known) ids.set(digest, id);
  return ids;
}

/** An answer reader (http.ts AnswerReader) for a /txns page whose day's digests are `known`. */
export function readKnownPage(
  text: string,
  endpoint: string,
  contentType: string | null,
  known: IdsByDigest,
): KnownPage {
  return takenApart(text, known) ?? parsedWhole(parseJsonAnswer(text, endpoint, contentType));
}

function takenApart(text: string, known: IdsByDigest): KnownPage | null {
  const page = pageObjectSpans(text);
  if (!page) return null;
  const listed: ListedObject[] = [];
  try {
    const envelope: unknown = JSON.parse(page.envelope);
    const { spans } = page;
    for (let k = 0; k < spans.length; k += 2) {
      const objectText = text.slice(spans[k], spans[k + 1]);
      const knownId = known.get(rawDigest(objectText));
      if (knownId !== undefined) listed.push({ knownId, bytes: objectText.length });
      else {
        const object: unknown = JSON.parse(objectText);
        listed.push({ object, raw: JSON.stringify(object) });
      }
    }
    return { envelope, listed };
  } catch {
    // Not JSON after all: the whole page's parse says how, as for any answer.
    return null;
  }
}

function parsedWhole(body: unknown): KnownPage {
  const objects = (body as { objects?: unknown } | null)?.objects;
  return {
    envelope: body,
    listed: Array.isArray(objects) ? objects.map((object: unknown) => ({ object, raw: JSON.stringify(object) })) : null,
  };
}
