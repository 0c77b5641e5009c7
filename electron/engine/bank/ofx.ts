/**
 * OFX/QFX statements: bank (BANKMSGSRSV1 > STMTTRNRS > STMTRS) and credit card (CREDITCARDMSGSRSV1 >
 * CCSTMTTRNRS > CCSTMTRS), any number of accounts per file, in either dialect (see ofxTree.ts).
 */
import { Temporal } from '../../../shared/time';
import { childNamed, childrenNamed, findAll, leafValue, ofxError, parseOfxTree, type OfxElement } from './ofxTree';
import { IdentityCounter, shown, summarize, type BankLine, type ParsedStatement } from './types';

const STATEMENTS = new Set(['STMTRS', 'CCSTMTRS']);
const RESPONSES = new Set(['STMTTRNRS', 'CCSTMTTRNRS']);

const AMOUNT = /^([+-])?(\d*)(?:[.,](\d*))?$/;

/**
 * TRNAMT and BALAMT. The OFX spec lets the decimal separator be a period or a comma and forbids
 * thousands separators, so "12,50" is 12.50 and "1,234.56" is refused rather than guessed. Digits
 * past the cents are accepted only when they are zeros ("12.500"): a fraction of a cent cannot be
 * stored, and rounding it would make the bank's total disagree with ours.
 */
export function parseOfxAmount(field: string | null, line: number, what: string): number {
  const text = (field ?? '').trim();
  const match = AMOUNT.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '') || /[1-9]/.test(fraction.slice(2)) || whole.length > 13) {
    throw ofxError(
      'bad_amount',
      line,
      text === ''
        ? `${what} is missing; ask the bank for a corrected file`
        : `${what} "${shown(text)}" is not an amount like -12.34 (no thousands separators, at most two decimals); ask the bank for a corrected file`,
    );
  }
  const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return match[1] === '-' && cents !== 0 ? -cents : cents;
}

const DATE_TIME =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,3})?)?)?\s*(?:\[\s*[+-]?\d{1,2}(?:\.\d{1,2})?(?::[A-Za-z]{1,10})?\s*\])?$/;

/**
 * DTPOSTED and friends: YYYYMMDD[HHMM[SS[.XXX]]][[offset:TZ]]. The posted date is the calendar date
 * the bank wrote, offset ignored: many banks write a date-only posting as midnight GMT
 * ("20260305000000[0:GMT]"), which converted to Central time would land on the day before.
 */
export function parseOfxDate(field: string | null, line: number, what: string): string {
  const text = (field ?? '').trim();
  const match = DATE_TIME.exec(text);
  if (match) {
    const [, y, m, d, hh = '00', mm = '00', ss = '00'] = match;
    if (Number(hh) <= 23 && Number(mm) <= 59 && Number(ss) <= 60) {
      try {
        return Temporal.PlainDate.from(
          { year: Number(y), month: Number(m), day: Number(d) },
          { overflow: 'reject' },
        ).toString();
      } catch {
        // A date-shaped value that is not a calendar date: refused below.
      }
    }
  }
  throw ofxError(
    'bad_date',
    line,
    text === ''
      ? `${what} is missing; ask the bank for a corrected file`
      : `${what} "${shown(text)}" is not a date like 20260305 or 20260305120000[-5:EST]; ask the bank for a corrected file`,
  );
}

function lineOfChild(element: OfxElement, name: string): number {
  return childNamed(element, name)?.line ?? element.line;
}

function readTransaction(trn: OfxElement, account: string, source: string, counter: IdentityCounter): BankLine {
  const postedDate = parseOfxDate(leafValue(trn, 'DTPOSTED'), lineOfChild(trn, 'DTPOSTED'), 'DTPOSTED (posted date)');
  const amountCents = parseOfxAmount(leafValue(trn, 'TRNAMT'), lineOfChild(trn, 'TRNAMT'), 'TRNAMT (amount)');
  const name = leafValue(trn, 'NAME') ?? leafValue(childNamed(trn, 'PAYEE'), 'NAME') ?? '';
  const memo = leafValue(trn, 'MEMO') ?? '';
  // Some banks repeat the payee in MEMO; once is enough for a bookkeeper reading the line.
  const text = [name, memo === name ? '' : memo].filter((part) => part !== '').join(' / ');
  const fitid = leafValue(trn, 'FITID') ?? '';
  const typeCode = (leafValue(trn, 'TRNTYPE') ?? '').toUpperCase() || (amountCents < 0 ? 'DEBIT' : 'CREDIT');
  // FITID is required by the spec; a bank that leaves it out still gets stable identities.
  const identity = fitid
    ? counter.next(['ofx', account, fitid])
    : counter.next(['ofx', account, postedDate, amountCents, text]);
  return {
    account,
    postedDate,
    amountCents,
    typeCode,
    bankReference: fitid,
    text,
    raw: source.slice(trn.start, trn.end),
    identity,
    lineNumber: trn.line,
  };
}

export function parseOfx(text: string): ParsedStatement {
  const ofx = parseOfxTree(text);
  for (const response of findAll(ofx, RESPONSES)) {
    if (!response.children.some((c) => STATEMENTS.has(c.name))) {
      const status = childNamed(response, 'STATUS');
      const code = leafValue(status, 'CODE') ?? '?';
      const message = leafValue(status, 'MESSAGE');
      throw ofxError(
        'empty',
        response.line,
        `the bank sent status ${code}${message ? ` (${message})` : ''} instead of a statement; download the statement again`,
      );
    }
  }
  const statements = findAll(ofx, STATEMENTS);
  if (statements.length === 0) {
    throw ofxError('empty', ofx.line, 'the file holds no bank or credit-card statement (STMTRS or CCSTMTRS)');
  }

  const counter = new IdentityCounter();
  const lines: BankLine[] = [];
  const accounts: { account: string; currency: string | null; closingLedgerCents: number | null }[] = [];
  const dates: string[] = [];
  for (const statement of statements) {
    const from = childNamed(statement, 'BANKACCTFROM') ?? childNamed(statement, 'CCACCTFROM');
    const account = (leafValue(from, 'ACCTID') ?? '').trim();
    if (account === '') {
      throw ofxError(
        'bad_field',
        from?.line ?? statement.line,
        `the statement has no account number (ACCTID); ask the bank for a corrected file`,
      );
    }
    const ledger = childNamed(statement, 'LEDGERBAL');
    // An empty balance (`<BALAMT></BALAMT>`, `<BALAMT/>`) reports none; ofxparse reads it so too.
    const balance = leafValue(ledger, 'BALAMT')?.trim() ?? '';
    accounts.push({
      account,
      currency: leafValue(statement, 'CURDEF') || null,
      closingLedgerCents:
        balance === '' ? null : parseOfxAmount(balance, lineOfChild(ledger!, 'BALAMT'), 'BALAMT (ledger balance)'),
    });
    const asOf = leafValue(ledger, 'DTASOF')?.trim() ?? '';
    // A balance-only statement covers the day of its balance: it imports as no lines, on that day.
    if (asOf !== '') dates.push(parseOfxDate(asOf, lineOfChild(ledger!, 'DTASOF'), 'DTASOF (balance date)'));
    const list = childNamed(statement, 'BANKTRANLIST');
    if (!list) continue;
    for (const bound of ['DTSTART', 'DTEND']) {
      const value = leafValue(list, bound);
      if (value !== null) dates.push(parseOfxDate(value, lineOfChild(list, bound), bound));
    }
    for (const trn of childrenNamed(list, 'STMTTRN')) lines.push(readTransaction(trn, account, text, counter));
  }
  if (dates.length === 0 && lines.length === 0) {
    throw ofxError(
      'empty',
      statements[0]!.line,
      'the statement has no transactions and no dates (no BANKTRANLIST, no balance date); download it again',
    );
  }
  return summarize('ofx', lines, accounts, dates);
}
