/**
 * Test helpers for the ERP layouts: entries built from a few facts, and readers for what the writers
 * wrote (RFC 4180 CSV, tab-separated IIF, a zip of CSVs), independent of the writers' own code.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import type { ErpEntry, ErpLine } from '../../../electron/engine/export/erp';

/** A line on one side: positive cents debit, negative credit. */
export function line(
  account: string,
  signedCents: number,
  description: string,
  sourceRef: string,
  clearing = false,
): ErpLine {
  return {
    account,
    debitCents: Math.max(signedCents, 0),
    creditCents: Math.max(-signedCents, 0),
    description,
    sourceRef,
    clearing,
  };
}

/** Text a payment service might hand us on a bad day. */
export const HOSTILE = {
  formula: '=HYPERLINK("http://x","Pay, me")',
  plus: '+1 "quoted", with a comma',
  minus: '-2+3 Zoë’s Café — naïve 日本語 🎉',
  at: '@SUM(A1)\tTab\r\nNew line',
  long: `${'Lincoln High School Athletics Booster Club, "Varsity" '.repeat(5)}end`,
};

/** Deposits and a reversal with hostile text everywhere text can be. */
export function hostileEntries(): ErpEntry[] {
  return [
    {
      kind: 'deposit',
      date: '2026-03-02',
      reference: '730001',
      description: `Deposit 730001 ${HOSTILE.formula} CC`,
      lines: [
        line('1010', 7734, `Deposit 730001 ${HOSTILE.long}`, '730001', true),
        line('4100-100', -6500, `${HOSTILE.minus} - batch 730001`, '730001'),
        line('4300-000', -1234, HOSTILE.plus, '730001'),
      ],
    },
    {
      kind: 'deposit',
      date: '2026-03-02',
      reference: '7300020000000000000042',
      description: HOSTILE.at,
      lines: [
        line('1010', 5500, HOSTILE.at, '7300020000000000000042', true),
        line('4200-300', -5500, HOSTILE.formula, '7300020000000000000042'),
      ],
    },
    {
      kind: 'reversal',
      date: '2026-03-05',
      reference: 'refund-1001-1',
      description: `-Refund of 1001 ${HOSTILE.minus}`,
      lines: [
        line('4100-100', 2000, `Refund 1001 ${HOSTILE.long}`, '1001'),
        line('4300-000', 134, 'Refund 1001 tax (fallback)', '1001'),
        line('1010', -2134, '-Refund of 1001', 'refund-1001-1', true),
      ],
    },
    {
      kind: 'deposit',
      date: '2026-03-05',
      reference: '730009',
      description: 'Deposit 730009 with a negative GL row',
      lines: [
        line('1010', 500, 'Deposit 730009', '730009', true),
        line('4100-100', 100, 'Adjustment - batch 730009', '730009'),
        line('4200-300', -600, 'Lunch - batch 730009', '730009'),
      ],
    },
  ];
}

export const QUICKBOOKS_NAMES: Record<string, string> = {
  '1010': 'Undeposited Funds',
  '4100-100': 'Revenue:Athletics Fees',
  '4200-300': 'Revenue:Lunch Sales',
  '4300-000': 'Revenue:Field Trips',
};

/** An RFC 4180 reader: records of fields, CRLF record ends. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') field += text[i++];
    }
    fields.push(field);
    if (text[i] === ',') i++;
    else {
      expect(text.slice(i, i + 2)).toBe('\r\n');
      i += 2;
      records.push(fields);
      fields = [];
    }
  }
  return records;
}

/** Tab-separated records, CRLF ends, no quoting (the writer never quotes IIF). */
export function parseTsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((record) => record.split('\t'));
}

/** The members of a zip, read from its central directory and checked against their CRC-32. */
export function readZip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let n = 0; n < count; n++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(dataAt, dataAt + packedSize);
    const data = method === 8 ? inflateRawSync(packed) : packed;
    expect(crc32(data)).toBe(crc);
    files.set(name, data.toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** Cents of a decimal amount as written ("-12.34", "" for none). */
export function cents(amount: string): number {
  if (amount === '') return 0;
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}
