import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutSpec, type ErpLayout } from '../../../electron/engine/export/erp';
import { parseCsv, parseTsv, QUICKBOOKS_NAMES } from './erpFiles';

/** docs/erp-layouts.md's examples, each marked `<!-- example: <layout> -->` before its code block. */
function examples(): Array<{ layout: ErpLayout; text: string }> {
  const doc = readFileSync(join(__dirname, '../../../docs/erp-layouts.md'), 'utf8');
  return [...doc.matchAll(/<!-- example: ([a-z-]+) -->\n+```[a-z]*\n([\s\S]*?)```/g)].map((m) => ({
    layout: m[1] as ErpLayout,
    text: m[2]!.replace(/\n/g, '\r\n'),
  }));
}

const HEADER_ROWS: Record<ErpLayout, number> = { 'je-csv': 1, ascender: 0, escape: 1, iif: 3 };
const OPTIONS = {
  ascender: { receiptStart: 1, contraObject: '1110', contraSubObject: '00' },
  escape: { orgId: '12', jeType: 'CashRec', deptId: '' },
  iif: { accountNames: QUICKBOOKS_NAMES },
};

describe('docs/erp-layouts.md', () => {
  it('has an example for every layout', () => {
    expect(new Set(examples().map((e) => e.layout))).toEqual(new Set(['je-csv', 'ascender', 'escape', 'iif']));
  });

  it.each(examples())('the $layout example passes its validator', ({ layout, text }) => {
    const spec = layoutSpec(layout, OPTIONS);
    const records =
      layout === 'iif'
        ? parseTsv(text)
        : layout === 'ascender'
          ? text
              .slice(0, -2)
              .split('\r\n')
              .map((r) => r.split(','))
          : parseCsv(text);
    expect(records.slice(0, HEADER_ROWS[layout]).map((r) => spec.encode(r))).toEqual(
      spec.header.map((r) => spec.encode(r)),
    );
    for (const record of records.slice(HEADER_ROWS[layout]))
      expect(spec.rowProblem(record), record.join('|')).toBeNull();
  });
});
