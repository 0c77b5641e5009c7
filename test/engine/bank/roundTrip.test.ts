import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBai2, parseCsv, parseOfx, type BankLine } from '../../../electron/engine/bank';
import { bai2FromLines, buildCsv, ofxFromLines, type PlainLine } from './generate';

// BAI2 text ending in `/` cannot be told from the record delimiter (bai2Fields.ts trimText), so words end in a letter or digit.
const word = fc.stringMatching(/^[A-Z0-9](?:[A-Za-z0-9&.#-]{0,10}[A-Za-z0-9])?$/);
/** Text a bank writes: words, commas and inner slashes; never starting or ending with a space or `/`. */
const text = fc
  .array(word, { minLength: 0, maxLength: 6 })
  .map((words) => words.join(' ').replaceAll('#', '/').replaceAll('.', ','));
const date = fc
  .integer({ min: 0, max: 20 })
  .map((days) => new Date(Date.UTC(2026, 1, 20 + days)).toISOString().slice(0, 10));
const sign = fc.constantFrom(1, -1);
const cents = fc.integer({ min: 1, max: 99_999_999_999 });
const account = fc.constantFrom('0012345678', '0099887766', '42');

/** Sorted by date then account, the order the generators lay the lines out in. */
const linesOf = (typeCode: (sign: number) => fc.Arbitrary<string>, reference: fc.Arbitrary<string>) =>
  fc
    .array(
      fc.tuple(account, date, sign, cents, reference, text).chain(([acct, day, s, amount, ref, txt]) =>
        typeCode(s).map((code): PlainLine => ({
          account: acct,
          postedDate: day,
          amountCents: s * amount,
          typeCode: code,
          bankReference: ref,
          text: txt,
        })),
      ),
      { minLength: 1, maxLength: 40 },
    )
    .map((lines) =>
      lines.sort((a, b) => a.postedDate.localeCompare(b.postedDate) || a.account.localeCompare(b.account)),
    );

const bai2Code = (s: number) =>
  s > 0
    ? fc.integer({ min: 100, max: 399 }).map(String)
    : fc.oneof(fc.integer({ min: 400, max: 699 }), fc.integer({ min: 960, max: 999 })).map(String);
const ofxCode = (s: number) =>
  fc.constantFrom(...(s > 0 ? ['CREDIT', 'DEP', 'INT'] : ['DEBIT', 'FEE', 'CHECK', 'SRVCHG']));
const bai2Ref = fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Z0-9]{1,16}$/));

const plain = (lines: BankLine[]): PlainLine[] =>
  lines.map(({ account: a, postedDate, amountCents, typeCode, bankReference, text: t }) => ({
    account: a,
    postedDate,
    amountCents,
    typeCode,
    bankReference,
    text: t,
  }));

/** Two statements overlapping on one whole day hold the full statement's identities, no more. */
function overlapKeepsIdentities(lines: PlainLine[], cutDay: string, parse: (ls: PlainLine[]) => BankLine[]) {
  const whole = new Set(parse(lines).map((l) => l.identity));
  const early = lines.filter((l) => l.postedDate <= cutDay);
  const late = lines.filter((l) => l.postedDate >= cutDay);
  const union = new Set(
    [...(early.length ? parse(early) : []), ...(late.length ? parse(late) : [])].map((l) => l.identity),
  );
  expect(union).toEqual(whole);
}

describe('generate -> parse round trips', () => {
  it('BAI2: every line comes back, identities are unique and survive overlapping statements', () => {
    fc.assert(
      fc.property(linesOf(bai2Code, bai2Ref), date, (lines, cutDay) => {
        const parsed = parseBai2(bai2FromLines(lines));
        expect(plain(parsed.lines)).toEqual(lines);
        expect(new Set(parsed.lines.map((l) => l.identity)).size).toBe(lines.length);
        overlapKeepsIdentities(lines, cutDay, (ls) => parseBai2(bai2FromLines(ls)).lines);
      }),
      { numRuns: 150 },
    );
  });

  it.each(['sgml', 'xml'] as const)('OFX %s: every line comes back with its FITID identity', (dialect) => {
    const fitids = fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9:-]{1,24}$/), { minLength: 40, maxLength: 40 });
    fc.assert(
      fc.property(linesOf(ofxCode, fc.constant('')), fitids, date, (drafts, ids, cutDay) => {
        const lines = drafts.map((l, i) => ({ ...l, bankReference: ids[i]! }));
        const parsed = parseOfx(ofxFromLines(lines, dialect));
        const byAccount = (ls: PlainLine[]) => [...ls].sort((a, b) => a.account.localeCompare(b.account));
        expect(byAccount(plain(parsed.lines))).toEqual(byAccount(lines));
        expect(parsed.lines.map((l) => l.identity).sort()).toEqual(
          lines.map((l) => JSON.stringify(['ofx', l.account, l.bankReference])).sort(),
        );
        overlapKeepsIdentities(lines, cutDay, (ls) => parseOfx(ofxFromLines(ls, dialect)).lines);
      }),
      { numRuns: 100 },
    );
  });

  it('CSV without a reference column: content identities survive overlapping exports', () => {
    const mapping = {
      name: 'B',
      date: 'Date',
      dateFormat: 'MM/DD/YYYY',
      amount: 'Amount',
      description: 'Description',
      account: 'Account',
    } as const;
    const toCsv = (ls: PlainLine[]) =>
      buildCsv(
        ['Date', 'Account', 'Description', 'Amount'],
        ls.map((l) => {
          const [y, m, d] = l.postedDate.split('-');
          const abs = Math.abs(l.amountCents);
          return [
            `${m}/${d}/${y}`,
            l.account,
            l.text,
            `${l.amountCents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`,
          ];
        }),
      );
    fc.assert(
      fc.property(
        linesOf(() => fc.constant(''), fc.constant('')),
        date,
        (drafts, cutDay) => {
          const lines = drafts.map((l) => ({ ...l, typeCode: l.amountCents < 0 ? 'DEBIT' : 'CREDIT' }));
          expect(plain(parseCsv(toCsv(lines), mapping).lines)).toEqual(lines);
          overlapKeepsIdentities(lines, cutDay, (ls) => parseCsv(toCsv(ls), mapping).lines);
        },
      ),
      { numRuns: 100 },
    );
  });
});
