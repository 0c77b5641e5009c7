/**
 * Writes an ERP layout from journal entries in two passes over the source: the first renders and checks
 * every row against the layout's rules and writes nothing; only when all pass does the second write.
 * So a refused export leaves no file at all, not even a temporary one, and says which row broke which
 * rule. The source is read twice rather than held, so memory does not grow with the period (the Escape
 * zip holds one day's CSV per date, a few KB each).
 */
import { once } from 'node:events';
import { ContractError } from '../../../../shared/contract';
import { ascenderLayout, ascenderReceipt, type AscenderOptions, type AscenderReceipt } from './ascender';
import { entryLabel, entryProblem, type ErpEntry } from './entries';
import { escapeLayout, type EscapeOptions } from './escape';
import { LayoutRuleError } from './fit';
import { assertIifReady, iifLayout, type IifOptions } from './iif';
import { jeCsvLayout } from './jeCsv';
import type { ErpLayout, LayoutSpec } from './layout';
import { zipArchive } from './zip';
import { openTempForWriting } from '../exportTarget';

export interface ErpLayoutOptions {
  ascender?: AscenderOptions;
  escape?: EscapeOptions;
  iif?: IifOptions;
}

/** The file each layout writes: Escape's is a zip of one CSV per business date. */
export const ERP_FILE_EXTENSIONS: Readonly<Record<ErpLayout, 'csv' | 'zip' | 'iif'>> = {
  'je-csv': 'csv',
  ascender: 'csv',
  escape: 'zip',
  iif: 'iif',
};

const CRLF = '\r\n';

function missing(what: string): never {
  throw new ContractError(
    'NOT_CONFIGURED',
    `The ${what} layout needs its settings. Fill them in Settings (Export), then export again.`,
  );
}

/** The layout with its settings checked; NOT_CONFIGURED when they cannot produce an importable file. */
export function layoutSpec(layout: ErpLayout, options: ErpLayoutOptions): LayoutSpec {
  switch (layout) {
    case 'je-csv':
      return jeCsvLayout();
    case 'ascender':
      return ascenderLayout(options.ascender ?? missing('ASCENDER'));
    case 'escape':
      return escapeLayout(options.escape ?? missing('Escape Online'));
    case 'iif':
      return iifLayout(assertIifReady(options.iif));
  }
}

interface RenderedPart {
  part: string;
  entry: ErpEntry;
  ordinal: number;
  lines: string[];
}

/**
 * Renders and checks entries one at a time, in order (a row's number counts the rows before it in its
 * file); throws a LayoutRuleError naming the row, the entry and the rule.
 */
class EntryRenderer {
  private readonly rowsInPart = new Map<string, number>();
  private ordinal = 0;

  constructor(private readonly spec: LayoutSpec) {}

  render(entry: ErpEntry): RenderedPart {
    const { spec, rowsInPart, ordinal } = this;
    const part = spec.partOf(entry);
    const where = (row: number | null, line?: number) =>
      `${row === null ? '' : `${part ? `${part} ` : ''}row ${row} `}(${entryLabel(entry, line)})`.trim();
    const generic = entryProblem(entry);
    if (generic)
      throw new LayoutRuleError(spec.title, where(null, generic.line), generic.rule, 'Check the entry upstream.');
    const own = spec.entryProblem(entry, ordinal);
    if (own) throw new LayoutRuleError(spec.title, where(null), own, spec.accountAction);
    let row = rowsInPart.get(part) ?? spec.header.length;
    const lines: string[] = [];
    for (const { fields, line } of spec.render(entry, ordinal)) {
      row += 1;
      const problem = spec.rowProblem(fields);
      if (problem) throw new LayoutRuleError(spec.title, where(row, line), problem, spec.accountAction);
      lines.push(spec.encode(fields) + CRLF);
    }
    rowsInPart.set(part, row);
    this.ordinal += 1;
    return { part, entry, ordinal, lines };
  }
}

/** The entries rendered and checked, as they come (a stream's, an array's). */
async function* rendered(
  spec: LayoutSpec,
  entries: AsyncIterable<ErpEntry> | Iterable<ErpEntry>,
): AsyncGenerator<RenderedPart> {
  const renderer = new EntryRenderer(spec);
  for await (const entry of entries) yield renderer.render(entry);
}

class Validation {
  readonly summary: ErpValidation = { entries: 0, deposits: 0, reversals: 0, rows: 0, parts: [] };
  private readonly parts = new Set<string>();

  add({ part, entry, lines }: RenderedPart): void {
    this.summary.entries += 1;
    this.summary[entry.kind === 'deposit' ? 'deposits' : 'reversals'] += 1;
    this.summary.rows += lines.length;
    if (part) this.parts.add(part);
  }

  result(): ErpValidation {
    return { ...this.summary, parts: [...this.parts].sort() };
  }
}

export interface ErpValidation {
  entries: number;
  deposits: number;
  reversals: number;
  /** Rows of entries (header rows not counted). */
  rows: number;
  /** The files inside the archive (Escape), else []. */
  parts: string[];
}

/** The first pass on its own: checks everything, writes nothing. */
export function validateErpEntries(
  layout: ErpLayout,
  entries: Iterable<ErpEntry>,
  options: ErpLayoutOptions,
): ErpValidation {
  const renderer = new EntryRenderer(layoutSpec(layout, options));
  const validation = new Validation();
  for (const entry of entries) validation.add(renderer.render(entry));
  return validation.result();
}

async function validateStreamed(
  layout: ErpLayout,
  entries: AsyncIterable<ErpEntry> | Iterable<ErpEntry>,
  options: ErpLayoutOptions,
): Promise<ErpValidation> {
  const validation = new Validation();
  for await (const part of rendered(layoutSpec(layout, options), entries)) validation.add(part);
  return validation.result();
}

export interface ErpWriteResult extends ErpValidation {
  layout: ErpLayout;
  /** ASCENDER: which receipt number posts which batch or reversal; else []. */
  receipts: AscenderReceipt[];
  /** ASCENDER: the number the next export starts from (store it); else null. */
  nextReceipt: number | null;
}

/**
 * Writes `layout` to `file` (a temporary path; the caller renames it). `source` is called twice and
 * must give the same entries each time (a snapshot read, an array).
 */
export async function writeErpLayout(
  file: string,
  layout: ErpLayout,
  source: () => AsyncIterable<ErpEntry> | Iterable<ErpEntry>,
  options: ErpLayoutOptions,
): Promise<ErpWriteResult> {
  const checked = await validateStreamed(layout, source(), options);
  const spec = layoutSpec(layout, options);
  const receiptStart = options.ascender?.receiptStart ?? 0;
  const receipts: AscenderReceipt[] = [];
  const header = spec.header.map((fields) => spec.encode(fields) + CRLF);
  let rows = 0;

  if (layout === 'escape') {
    const days = new Map<string, string[]>();
    let lastDate = '1980-01-01';
    for await (const { part, entry, lines } of rendered(spec, source())) {
      let day = days.get(part);
      if (!day) days.set(part, (day = [...header]));
      day.push(...lines);
      rows += lines.length;
      if (entry.date > lastDate) lastDate = entry.date;
    }
    const files = [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, text]) => ({ name, data: Buffer.from(text.join(''), 'utf8') }));
    const out = openTempForWriting(file);
    out.end(zipArchive(files, lastDate));
    await once(out, 'finish');
  } else {
    const out = openTempForWriting(file);
    const failed = once(out, 'error').then(([error]) => {
      throw error;
    });
    failed.catch(() => undefined);
    const write = async (text: string) => {
      if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
    };
    for (const line of header) await write(line);
    for await (const { entry, ordinal, lines } of rendered(spec, source())) {
      if (layout === 'ascender') receipts.push(ascenderReceipt(entry, ordinal, receiptStart));
      for (const line of lines) await write(line);
      rows += lines.length;
    }
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
  }
  if (rows !== checked.rows) {
    throw new LayoutRuleError(
      spec.title,
      'the export',
      'the entries changed between checking and writing',
      'Export again.',
    );
  }
  return {
    ...checked,
    layout,
    receipts,
    nextReceipt: layout === 'ascender' ? receiptStart + checked.entries : null,
  };
}
