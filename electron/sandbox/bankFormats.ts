/**
 * The sandbox's bank statement (bankStatement.ts) written the three ways banks hand them out: BAI2
 * (a previous-day report: one group per as-of date, control totals and record counts computed, long
 * text continued in 88 records), OFX 1.02 SGML (the QFX an online-banking download gives) and CSV
 * (read with SANDBOX_CSV_MAPPING). Written here rather than borrowed from the engine's tests: the
 * sandbox imports shared/ only, and a second writer keeps the engine's parsers honest.
 */
import type { BankCsvMapping } from '../../shared/domain';
import type { SandboxState } from './state';
import {
  planBankStatement,
  type BankStatementOptions,
  type BankStatementPlan,
  type PlannedBankLine,
} from './bankStatement';

export type SandboxStatementFormat = 'bai2' | 'ofx' | 'csv';

export interface SandboxStatement {
  fileName: string;
  content: string;
  plan: BankStatementPlan;
}

/** How to read the sandbox's CSV: save it (bank.mappings.save) and import with its name. */
export const SANDBOX_CSV_MAPPING: BankCsvMapping = {
  name: 'Sandbox Bank',
  date: 'Posted Date',
  dateFormat: 'MM/DD/YYYY',
  amount: 'Amount',
  description: 'Description',
  reference: 'Reference',
  type: 'Type',
  account: 'Account',
  delimiter: ',',
  skipLines: 0,
};

const EXTENSION: Record<SandboxStatementFormat, string> = { bai2: 'bai', ofx: 'qfx', csv: 'csv' };

export function writeSandboxStatement(
  state: SandboxState,
  format: SandboxStatementFormat,
  options: BankStatementOptions = {},
): SandboxStatement {
  const plan = planBankStatement(state, options);
  const content = format === 'bai2' ? bai2(plan) : format === 'ofx' ? ofx(plan) : csv(plan);
  return { fileName: `sandbox-statement-${plan.from}-to-${plan.to}.${EXTENSION[format]}`, content, plan };
}

const yymmdd = (date: string) => date.slice(2).replaceAll('-', '');

/** BAI2 text runs to the end of the record; a trailing '/' would read as the record's end. */
const bai2Text = (text: string) => text.replaceAll('/', ' ').replace(/[\s,]+$/, '');

/** BAI2 records carry up to 80 characters in many banks' files: longer text goes on in 88s. */
const RECORD_WIDTH = 80;

function bai2(plan: BankStatementPlan): string {
  const created = yymmdd(plan.to);
  const out: string[] = [`01,SANDBOXBNK,DISTRICT,${created},0600,1,80,,2/`];
  let fileTotal = 0;
  let groups = 0;
  for (const [asOf, lines] of byDate(plan)) {
    groups += 1;
    const groupStart = out.length;
    out.push(`02,DISTRICT,SANDBOXBNK,1,${yymmdd(asOf)},0600,USD,2/`);
    const accountStart = out.length;
    const credits = lines.filter((l) => l.amountCents > 0);
    const debits = lines.filter((l) => l.amountCents < 0);
    const sum = (ls: PlannedBankLine[]) => ls.reduce((s, l) => s + Math.abs(l.amountCents), 0);
    // 100: total credits, 400: total debits, each with its item count (summaries count in the 49 total).
    out.push(`03,${plan.account},USD,100,${sum(credits)},${credits.length},,400,${sum(debits)},${debits.length},/`);
    let accountTotal = sum(credits) + sum(debits);
    for (const line of lines) {
      accountTotal += Math.abs(line.amountCents);
      const head = `16,${line.typeCode},${Math.abs(line.amountCents)},Z,${line.bankReference},,`;
      const [first = '/', ...more] = wrap(bai2Text(line.text), RECORD_WIDTH - head.length, RECORD_WIDTH - 3);
      out.push(head + first);
      for (const rest of more) out.push(`88,${rest}`);
    }
    out.push(`49,${accountTotal},${out.length - accountStart + 1}/`);
    out.push(`98,${accountTotal},1,${out.length - groupStart + 1}/`);
    fileTotal += accountTotal;
  }
  out.push(`99,${fileTotal},${groups},${out.length + 1}/`);
  return out.join('\n') + '\n';
}

/** Words to records of at most `firstWidth`, then `width`, characters (a word longer than that stays whole). */
function wrap(text: string, firstWidth: number, width: number): string[] {
  const records: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const limit = records.length === 0 ? firstWidth : width;
    if (current && current.length + 1 + word.length > limit) {
      records.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) records.push(current);
  return records;
}

function byDate(plan: BankStatementPlan): Map<string, PlannedBankLine[]> {
  const days = new Map<string, PlannedBankLine[]>();
  for (const line of plan.lines) days.set(line.postedDate, [...(days.get(line.postedDate) ?? []), line]);
  return days;
}

const money = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const sgml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The header of an OFX 1.x (SGML) file as banks write it; its blank line ends it. */
export const OFX_SGML_HEADER: readonly string[] = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  'VERSION:102',
  'SECURITY:NONE',
  'ENCODING:USASCII',
  'CHARSET:1252',
  'COMPRESSION:NONE',
  'OLDFILEUID:NONE',
  'NEWFILEUID:NONE',
  '',
];

const OFX_TYPE: Record<PlannedBankLine['kind'], string> = {
  deposit: 'DEP',
  service_charge: 'SRVCHG',
  ach_return: 'DEBIT',
};

function ofx(plan: BankStatementPlan): string {
  const stamp = (date: string) => `${date.replaceAll('-', '')}120000.000[-6:CST]`;
  const balance = plan.lines.reduce((sum, l) => sum + l.amountCents, 0);
  const body = [
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    `<DTSERVER>${stamp(plan.to)}<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>`,
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<STMTRS><CURDEF>USD',
    `<BANKACCTFROM><BANKID>111000025<ACCTID>${plan.account}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    `<BANKTRANLIST><DTSTART>${stamp(plan.from)}<DTEND>${stamp(plan.to)}`,
    ...plan.lines.map((line) =>
      [
        '<STMTTRN>',
        `<TRNTYPE>${OFX_TYPE[line.kind]}`,
        `<DTPOSTED>${stamp(line.postedDate)}`,
        `<TRNAMT>${money(line.amountCents)}`,
        `<FITID>${line.bankReference}`,
        // NAME is 32 characters at most in OFX 1.x; the rest goes in MEMO.
        `<NAME>${sgml(line.text.slice(0, 32))}`,
        ...(line.text.length > 32 ? [`<MEMO>${sgml(line.text)}`] : []),
        '</STMTTRN>',
      ].join('\r\n'),
    ),
    '</BANKTRANLIST>',
    `<LEDGERBAL><BALAMT>${money(balance)}<DTASOF>${stamp(plan.to)}</LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
  ];
  return [...OFX_SGML_HEADER, ...body].join('\r\n') + '\r\n';
}

const CSV_TYPE: Record<PlannedBankLine['kind'], string> = {
  deposit: 'Deposit',
  service_charge: 'Service charge',
  ach_return: 'ACH return',
};

function csv(plan: BankStatementPlan): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const us = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
  const rows = plan.lines.map((line) =>
    [plan.account, us(line.postedDate), line.text, money(line.amountCents), line.bankReference, CSV_TYPE[line.kind]]
      .map(cell)
      .join(','),
  );
  return ['Account,Posted Date,Description,Amount,Reference,Type', ...rows].join('\r\n') + '\r\n';
}
