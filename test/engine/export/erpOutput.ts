/** A test file's ERP output: a temporary folder (removed after the file's tests), the layout writer and the row validator. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  ERP_FILE_EXTENSIONS,
  layoutSpec,
  writeErpLayout,
  type ErpEntry,
  type ErpLayout,
  type ErpLayoutOptions,
} from '../../../electron/engine/export/erp';

export function erpOutput(options: ErpLayoutOptions) {
  let folder = '';
  let run = 0;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'recon-erp-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return {
    /** A path in the folder: `name`, or a new one on every call. */
    file: (name = `f${++run}`) => join(folder, name),
    /** Writes `entries` in `layout` to a new file with the layout's extension. */
    async write(layout: ErpLayout, entries: ErpEntry[], layoutOptions: ErpLayoutOptions = options) {
      const file = join(folder, `out${++run}.${ERP_FILE_EXTENSIONS[layout]}`);
      const result = await writeErpLayout(file, layout, () => entries, layoutOptions);
      return { file, result };
    },
    /** Every record of an entry (header rows dropped) passes the layout's own row rules. */
    expectValid(layout: ErpLayout, records: string[][], layoutOptions: ErpLayoutOptions = options) {
      const spec = layoutSpec(layout, layoutOptions);
      for (const record of records) expect(spec.rowProblem(record), record.join('|')).toBeNull();
    },
  };
}
