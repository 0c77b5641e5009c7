import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ErpEntry, ErpLayout, ErpLayoutOptions } from '../../../electron/engine/export/erp';
import { cents, line, parseCsv, parseTsv, QUICKBOOKS_NAMES, readZip } from './erpFiles';
import { erpOutput } from './erpOutput';

const OPTIONS: ErpLayoutOptions = {
  ascender: { receiptStart: 1, contraObject: '', contraSubObject: '' },
  escape: { orgId: '12', jeType: 'CashRec', deptId: '' },
  iif: { accountNames: QUICKBOOKS_NAMES },
};
const REVENUE = ['4100-100', '4200-300', '4300-000'];

const text = fc.oneof(
  fc.string({ maxLength: 80, unit: 'grapheme' }),
  fc.constantFrom('=1+1', '+SUM(A1)', '-5', '@x', 'a, "b"', '\tx\r\ny', 'Zoë’s Café — 日本語 🎉'),
);

/** A balanced entry: random revenue lines, the clearing line takes the difference. */
const entry = fc
  .record({
    kind: fc.constantFrom('deposit' as const, 'reversal' as const),
    date: fc.date({
      min: new Date('2025-07-01T12:00:00Z'),
      max: new Date('2026-06-30T12:00:00Z'),
      noInvalidDate: true,
    }),
    reference: fc.stringMatching(/^[0-9A-Za-z-]{1,24}$/),
    description: text,
    lines: fc.array(
      fc.record({
        account: fc.constantFrom(...REVENUE),
        cents: fc.integer({ min: -5_000_000, max: 5_000_000 }),
        description: text,
      }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map(({ kind, date, reference, description, lines }): ErpEntry => {
    const revenue = lines.map((l) => line(l.account, l.cents, l.description, reference));
    const net = lines.reduce((s, l) => s + l.cents, 0);
    const clearing = line('1010', -net, description, reference, true);
    return { kind, date: date.toISOString().slice(0, 10), reference, description, lines: [clearing, ...revenue] };
  });

const { write, expectValid } = erpOutput(OPTIONS);

const cashSide = (e: ErpEntry) =>
  e.lines.filter((l) => l.clearing).reduce((s, l) => s + l.debitCents - l.creditCents, 0);

/** Reads back what `layout` wrote and checks each entry and the file balance; rows pass the validator. */
function checkBalanced(layout: ErpLayout, file: string, entries: ErpEntry[]) {
  switch (layout) {
    case 'je-csv': {
      const rows = parseCsv(readFileSync(file, 'utf8')).slice(1);
      expectValid(layout, rows);
      let at = 0;
      for (const e of entries) {
        const block = rows.slice(at, (at += e.lines.length));
        expect(block.reduce((s, r) => s + cents(r[3]!) - cents(r[4]!), 0)).toBe(0);
      }
      expect(at).toBe(rows.length);
      return;
    }
    case 'ascender': {
      const text = readFileSync(file, 'utf8');
      const rows = text
        ? text
            .slice(0, -2)
            .split('\r\n')
            .map((r) => r.split(','))
        : [];
      expectValid(layout, rows);
      entries.forEach((e, ordinal) => {
        const receipt = String(1 + ordinal).padStart(6, '0');
        const written = rows.filter((r) => r[0] === receipt).reduce((s, r) => s + cents(r[3]!), 0);
        // The contra ASCENDER posts for the receipt is the entry's cash side.
        expect(written + cashSide(e)).toBe(0);
      });
      return;
    }
    case 'escape': {
      const files = readZip(readFileSync(file));
      expect([...files.keys()]).toEqual([...new Set(entries.map((e) => `escape-je-${e.date}.csv`))].sort());
      for (const csv of files.values()) {
        const rows = parseCsv(csv).slice(1);
        expectValid(layout, rows);
        // One file is one Escape JE: it must balance on its own.
        expect(rows.reduce((s, r) => s + cents(r[7]!) - cents(r[8]!), 0)).toBe(0);
      }
      return;
    }
    case 'iif': {
      const rows = parseTsv(readFileSync(file, 'utf8')).slice(3);
      let sum = 0;
      let count = 0;
      for (const row of rows) {
        if (row[0] === 'ENDTRNS') {
          expect(sum).toBe(0);
          count++;
          sum = 0;
          continue;
        }
        expectValid(layout, [row]);
        sum += cents(row[4]!);
      }
      expect(count).toBe(entries.length);
    }
  }
}

describe('every layout balances: per entry and per file, for random entries', () => {
  it.each(['je-csv', 'ascender', 'escape', 'iif'] as const)('%s', async (layout) => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 12 }), async (entries) => {
        const { file, result } = await write(layout, entries);
        expect(result.entries).toBe(entries.length);
        checkBalanced(layout, file, entries);
      }),
      { numRuns: 60 },
    );
  });
});
