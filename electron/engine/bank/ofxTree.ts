/**
 * OFX 1.x (SGML) and 2.x (XML) read into one element tree by our own small tokenizer.
 *
 * Why not a library: of the npm parsers that claim both dialects, ofx-js and node-ofx-parser turn
 * SGML into XML with regular expressions and hand it to an XML parser (xml2js; fast-xml-parser 3.x,
 * an old major), and ofx-data-extractor is regex based too. None keeps line numbers, which our
 * errors must name; some parse amounts into floats or collapse whitespace inside NAME/MEMO; each is
 * another dependency in a shared package.json. OFX's structure is small: tags, text, and in SGML
 * leaf elements that are never closed. So: a tokenizer that accepts both, tolerates the quirks real
 * banks produce as far as ofxparse does (empty leaves without a closing tag, `<BALAMT/>`, CDATA,
 * stray `&`, stray or missing end tags), and refuses what would lose data (a file cut short inside
 * its transaction list).
 */
import { BankStatementError, type BankStatementErrorCode } from './types';

export interface OfxElement {
  name: string;
  line: number;
  /** Offsets in the source text: from `<NAME>` to the end of its closing tag or its value. */
  start: number;
  end: number;
  /** Text of a leaf element (entities decoded, trimmed); null for an aggregate. */
  value: string | null;
  children: OfxElement[];
}

export function ofxError(code: BankStatementErrorCode, line: number | null, detail: string): BankStatementError {
  return new BankStatementError('ofx', code, line, detail);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the XML entities and numeric references; an unknown `&` (SGML files have "AT&T") stays. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

const TAG = /<(\/?)([A-Za-z][A-Za-z0-9_.]*)\s*(\/?)>/y;

/** Aggregates that never nest in themselves: a second one opening closes the first (SGML's implied end). */
const NEVER_NESTED = new Set(['STMTTRN', 'STMTRS', 'CCSTMTRS', 'STMTTRNRS', 'CCSTMTTRNRS', 'BANKTRANLIST']);

/** What a file cut short loses: left open at its end, transactions may be missing, so it is refused. */
const HOLDS_TRANSACTIONS = new Set(['BANKTRANLIST', 'STMTTRN']);

const CDATA_START = '<![CDATA[';

/** The `<OFX>` element of a statement file. */
export function parseOfxTree(text: string): OfxElement {
  const lineOf = lineIndex(text);
  const begin = text.search(/<OFX\s*>/i);
  if (begin === -1) throw ofxError('not_this_format', 1, 'there is no <OFX> element; this is not an OFX or QFX file');

  const root: OfxElement = { name: '#root', line: 1, start: begin, end: begin, value: null, children: [] };
  const stack: OfxElement[] = [root];
  // The leaf whose value was just read: an XML `</NAME>` right after it closes it; SGML never does.
  let lastLeaf: OfxElement | null = null;
  let pos = begin;

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const chunkEnd = lt === -1 ? text.length : lt;
    const chunk = text.slice(pos, chunkEnd).trim();
    if (chunk !== '') {
      const top = stack[stack.length - 1]!;
      if (top === root) {
        if (root.children.length > 0) break; // Anything after </OFX> is not ours to read.
        throw ofxError('bad_field', lineOf(pos), `unexpected text "${chunk.slice(0, 30)}" outside the <OFX> element`);
      }
      if (top.children.length > 0 || top.value !== null) {
        throw ofxError(
          'bad_field',
          lineOf(pos),
          `unexpected text "${chunk.slice(0, 30)}" inside <${top.name}>; the file may be damaged`,
        );
      }
      // A value wrapped over lines (some SGML writers wrap long MEMOs) reads as one line of text.
      top.value = decode(chunk.replace(/\s*[\r\n]+\s*/g, ' '));
      top.end = chunkEnd;
      stack.pop();
      lastLeaf = top;
    }
    if (lt === -1) break;
    pos = lt;

    if (text.startsWith(CDATA_START, pos)) {
      // CDATA is a leaf's text as written (XML banks wrap names with & or < in it).
      const close = text.indexOf(']]>', pos);
      if (close === -1)
        throw ofxError(
          'structure',
          lineOf(pos),
          'a CDATA section is never closed; the file may be cut short — download it again',
        );
      const top = stack[stack.length - 1]!;
      if (top !== root && top.children.length === 0) {
        top.value = (top.value ?? '') + text.slice(pos + CDATA_START.length, close).replace(/\s*[\r\n]+\s*/g, ' ');
        top.value = top.value.trim();
        top.end = close + 3;
        stack.pop();
        lastLeaf = top;
      }
      pos = close + 3;
      continue;
    }
    if (text.startsWith('<?', pos) || text.startsWith('<!', pos)) {
      const close = text.startsWith('<!--', pos) ? text.indexOf('-->', pos) + 3 : text.indexOf('>', pos) + 1;
      if (close <= 0)
        throw ofxError(
          'structure',
          lineOf(pos),
          'a <? or <! declaration is never closed; the file may be cut short — download it again',
        );
      pos = close;
      continue;
    }
    TAG.lastIndex = pos;
    const tag = TAG.exec(text);
    if (!tag) {
      throw ofxError(
        'bad_field',
        lineOf(pos),
        `"${text.slice(pos, pos + 20).split(/\r?\n/)[0]}" is not an OFX tag; the file may be damaged`,
      );
    }
    const name = tag[2]!.toUpperCase();
    const tagEnd = pos + tag[0].length;
    if (tag[1] === '') {
      if (NEVER_NESTED.has(name)) closeOpen(stack, name, tagEnd);
      const element: OfxElement = { name, line: lineOf(pos), start: pos, end: tagEnd, value: null, children: [] };
      stack[stack.length - 1]!.children.push(element);
      if (tag[3] === '/')
        element.value = ''; // `<BALAMT/>`: an empty leaf, closed where it opens.
      else stack.push(element);
      lastLeaf = null;
    } else if (lastLeaf?.name === name) {
      lastLeaf.end = tagEnd;
      lastLeaf = null;
    } else {
      closeAggregate(stack, name, tagEnd);
      lastLeaf = null;
    }
    pos = tagEnd;
  }

  const ofx = root.children[0];
  // End tags left out at the end (ofxparse reads such files) lose nothing once the transaction
  // lists are closed; one still open means the file may be cut short inside it.
  const lost = stack.slice(1).findLast((e) => HOLDS_TRANSACTIONS.has(e.name));
  if (!lost) for (const open of stack.slice(1)) if (open.children.length === 0) open.value ??= '';
  if (lost || !ofx) {
    const open = lost ?? root;
    throw ofxError(
      'missing_trailer',
      lineOf(text.length),
      `the file ends before <${open.name}> (line ${open.line}) is closed; the file may be cut short — download it again`,
    );
  }
  return ofx;
}

/** `</NAME>` closes the nearest open NAME and whatever is still open inside it. */
function closeAggregate(stack: OfxElement[], name: string, end: number): void {
  let index = stack.length - 1;
  while (index > 0 && stack[index]!.name !== name) index -= 1;
  // A stray end tag closes nothing; ofxparse and the banks' own readers skip it, and so do we.
  if (index === 0) return;
  // An aggregate left open inside (`<PAYEE>` or the last `<STMTTRN>` never closed) ends with its
  // parent, as ofxparse reads it: what it holds stays where it was written.
  for (const inner of stack.slice(index + 1)) {
    if (inner.children.length === 0) inner.value ??= '';
    inner.end = end;
  }
  const element = stack[index]!;
  if (element.children.length === 0) element.value ??= ''; // XML's empty leaf, `<MEMO></MEMO>`.
  element.end = end;
  stack.length = index;
}

/** Closes an open `name` (and what is open inside it) before a second `name` opens. */
function closeOpen(stack: OfxElement[], name: string, end: number): void {
  const index = stack.findLastIndex((e) => e.name === name);
  if (index <= 0) return;
  for (const inner of stack.slice(index)) if (inner.children.length === 0) inner.value ??= '';
  stack[index]!.end = end;
  stack.length = index;
}

export function childrenNamed(element: OfxElement, name: string): OfxElement[] {
  return element.children.filter((c) => c.name === name);
}

export function childNamed(element: OfxElement | undefined, name: string): OfxElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** The trimmed value of a leaf child; '' when the leaf is there but empty, null when absent. */
export function leafValue(element: OfxElement | undefined, name: string): string | null {
  const child = childNamed(element, name);
  return child ? (child.value ?? '') : null;
}

export function findAll(element: OfxElement, names: ReadonlySet<string>, into: OfxElement[] = []): OfxElement[] {
  for (const child of element.children) {
    if (names.has(child.name)) into.push(child);
    else findAll(child, names, into);
  }
  return into;
}
