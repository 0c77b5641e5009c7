/**
 * Builds statement files from lines, computing BAI2 control totals and record counts, so tests state
 * what a file holds and never hand-count a trailer. Malformations are made by editing the built text
 * (`editLine`), which keeps each test's fault visible.
 */
import { OFX_SGML_HEADER } from '../../../electron/sandbox/bankFormats';

export interface Bai2Detail {
  typeCode: string;
  /** Unsigned cents as the file writes them; the type code carries the direction. */
  amountCents: number;
  /** Funds type and the fields it brings, e.g. ['S', '100', '0', '0'] or ['V', '260305', '1200']. */
  funds?: string[];
  bankReference?: string;
  customerReference?: string;
  text?: string;
  /** Text continued in 88 records after the 16. */
  continuations?: string[];
}

export interface Bai2Account {
  account: string;
  currency?: string;
  summaries?: { typeCode: string; amount: string; itemCount?: number }[];
  /** Puts the summaries after the first into an 88 continuation of the 03. */
  continueSummaries?: boolean;
  details: Bai2Detail[];
}

export interface Bai2Group {
  asOf: string;
  accounts: Bai2Account[];
}

const yymmdd = (date: string) => date.slice(2).replaceAll('-', '');

export function buildBai2(groups: Bai2Group[]): string {
  const out: string[] = ['01,BANKID,DISTRICT,260301,0600,1,,,2/'];
  let fileTotal = 0;
  for (const group of groups) {
    const groupStart = out.length;
    out.push(`02,DISTRICT,BANKID,1,${yymmdd(group.asOf)},0600,USD,2/`);
    let groupTotal = 0;
    for (const account of group.accounts) {
      const accountStart = out.length;
      const summaries = (account.summaries ?? []).map((s) => `${s.typeCode},${s.amount},${s.itemCount ?? ''},`);
      let total = (account.summaries ?? []).reduce((sum, s) => sum + Number(s.amount || '0'), 0);
      const head = `03,${account.account},${account.currency ?? 'USD'},`;
      if (account.continueSummaries && summaries.length > 1) {
        out.push(`${head}${summaries[0]}/`, `88,${summaries.slice(1).join(',')}/`);
      } else {
        out.push(`${head}${summaries.join(',')}/`);
      }
      for (const d of account.details) {
        total += d.amountCents;
        const funds = (d.funds ?? ['Z']).join(',');
        const text = d.text ? d.text : '/';
        out.push(
          `16,${d.typeCode},${d.amountCents},${funds},${d.bankReference ?? ''},${d.customerReference ?? ''},${text}`,
        );
        for (const more of d.continuations ?? []) out.push(`88,${more}`);
      }
      out.push(`49,${total},${out.length - accountStart + 1}/`);
      groupTotal += total;
    }
    out.push(`98,${groupTotal},${group.accounts.length},${out.length - groupStart + 1}/`);
    fileTotal += groupTotal;
  }
  out.push(`99,${fileTotal},${groups.length},${out.length + 1}/`);
  return out.join('\n') + '\n';
}

/** The parsed shape of a line, what the generators take and the round-trip tests compare. */
export interface PlainLine {
  account: string;
  postedDate: string;
  amountCents: number;
  typeCode: string;
  bankReference: string;
  text: string;
}

/** One group per date, one 03 per account within it, in the order the lines come. */
export function bai2FromLines(lines: PlainLine[]): string {
  const groups: Bai2Group[] = [];
  for (const line of lines) {
    let group = groups.find((g) => g.asOf === line.postedDate);
    if (!group) groups.push((group = { asOf: line.postedDate, accounts: [] }));
    let account = group.accounts.find((a) => a.account === line.account);
    if (!account) group.accounts.push((account = { account: line.account, details: [] }));
    account.details.push({
      typeCode: line.typeCode,
      amountCents: Math.abs(line.amountCents),
      bankReference: line.bankReference,
      text: line.text,
    });
  }
  return buildBai2(groups);
}

export interface OfxTransaction {
  trnType: string;
  posted: string;
  amount: string;
  fitid?: string;
  name?: string;
  memo?: string;
}

export interface OfxStatement {
  kind?: 'bank' | 'card';
  account: string;
  currency?: string;
  start?: string;
  end?: string;
  ledger?: string;
  transactions: OfxTransaction[];
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function buildOfx(statements: OfxStatement[], dialect: 'sgml' | 'xml'): string {
  const leaf = (tag: string, value: string | undefined) =>
    value === undefined
      ? []
      : [dialect === 'xml' ? `<${tag}>${escapeXml(value)}</${tag}>` : `<${tag}>${escapeXml(value)}`];
  const block = (tag: string, inner: string[]) => [`<${tag}>`, ...inner.map((l) => `  ${l}`), `</${tag}>`];
  const body = (s: OfxStatement) => {
    const card = s.kind === 'card';
    const from = card
      ? block('CCACCTFROM', leaf('ACCTID', s.account))
      : block('BANKACCTFROM', [
          ...leaf('BANKID', '123456789'),
          ...leaf('ACCTID', s.account),
          ...leaf('ACCTTYPE', 'CHECKING'),
        ]);
    const list = block('BANKTRANLIST', [
      ...leaf('DTSTART', s.start),
      ...leaf('DTEND', s.end),
      ...s.transactions.flatMap((t) =>
        block('STMTTRN', [
          ...leaf('TRNTYPE', t.trnType),
          ...leaf('DTPOSTED', t.posted),
          ...leaf('TRNAMT', t.amount),
          ...leaf('FITID', t.fitid),
          ...leaf('NAME', t.name),
          ...leaf('MEMO', t.memo),
        ]),
      ),
    ]);
    const ledger =
      s.ledger === undefined ? [] : block('LEDGERBAL', [...leaf('BALAMT', s.ledger), ...leaf('DTASOF', s.end)]);
    const rs = block(card ? 'CCSTMTRS' : 'STMTRS', [
      ...leaf('CURDEF', s.currency ?? 'USD'),
      ...from,
      ...list,
      ...ledger,
    ]);
    return block(card ? 'CCSTMTTRNRS' : 'STMTTRNRS', [
      ...leaf('TRNUID', '1'),
      ...block('STATUS', [...leaf('CODE', '0'), ...leaf('SEVERITY', 'INFO')]),
      ...rs,
    ]);
  };
  const bank = statements.filter((s) => s.kind !== 'card');
  const card = statements.filter((s) => s.kind === 'card');
  const ofx = block('OFX', [
    ...block(
      'SIGNONMSGSRSV1',
      block('SONRS', [
        ...block('STATUS', [...leaf('CODE', '0'), ...leaf('SEVERITY', 'INFO')]),
        ...leaf('DTSERVER', '20260306120000'),
        ...leaf('LANGUAGE', 'ENG'),
      ]),
    ),
    ...(bank.length ? block('BANKMSGSRSV1', bank.flatMap(body)) : []),
    ...(card.length ? block('CREDITCARDMSGSRSV1', card.flatMap(body)) : []),
  ]);
  const header =
    dialect === 'xml'
      ? [
          '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
          '<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
        ]
      : OFX_SGML_HEADER;
  return [...header, ...ofx].join(dialect === 'xml' ? '\n' : '\r\n') + '\n';
}

/** Cents as OFX writes them: "-12.34". */
export function ofxAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** One statement per account, in the order the lines come; text goes to NAME. */
export function ofxFromLines(lines: PlainLine[], dialect: 'sgml' | 'xml'): string {
  const statements: OfxStatement[] = [];
  for (const line of lines) {
    let statement = statements.find((s) => s.account === line.account);
    if (!statement) statements.push((statement = { account: line.account, transactions: [] }));
    statement.transactions.push({
      trnType: line.typeCode,
      posted: `${line.postedDate.replaceAll('-', '')}120000.000[-5:EST]`,
      amount: ofxAmount(line.amountCents),
      fitid: line.bankReference,
      name: line.text || undefined,
    });
  }
  return buildOfx(statements, dialect);
}

export function buildCsv(header: string[], rows: string[][], delimiter = ','): string {
  const cell = (value: string) =>
    value.includes(delimiter) || value.includes('"') || /[\r\n]/.test(value)
      ? `"${value.replaceAll('"', '""')}"`
      : value;
  return [header, ...rows].map((row) => row.map(cell).join(delimiter)).join('\r\n') + '\r\n';
}

/** Replaces line `n` (1-based) of a built file. */
export function editLine(text: string, n: number, edit: (line: string) => string | null): string {
  const lines = text.split('\n');
  const next = edit(lines[n - 1]!);
  if (next === null) lines.splice(n - 1, 1);
  else lines[n - 1] = next;
  return lines.join('\n');
}

/** The 1-based number of the first line of `text` that starts with `prefix` (after `after`). */
export function lineStarting(text: string, prefix: string, after = 0): number {
  const index = text.split('\n').findIndex((line, i) => i >= after && line.startsWith(prefix));
  if (index === -1) throw new Error(`no line starts with ${prefix}`);
  return index + 1;
}
