/**
 * `district-recon bank import FILE [--format bai2|ofx|csv] [--mapping NAME] [--columns ... | --mapping-file FILE]`,
 * `district-recon bank remove STATEMENT_ID` and
 * `district-recon bank status [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json] [--db FILE | --database URL]`: the bank
 * side (DESIGN.md §10) from a terminal, through the same contract methods the Bank view calls. Both
 * work on an existing database only (a statement without the deposits it pays matches nothing).
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from '../../../shared/contract';
import { statementTooLarge, type BankLineSummary, type BankStatementFormat } from '../../../shared/domain';
import { dateFlag, parseFlags, runSubcommand, UsageError } from '../args';
import { withExistingStore } from '../existingStore';
import { stdout } from '../output';
import { mappingFromColumns, mappingFromFile } from './bankMapping';

const FORMATS: readonly BankStatementFormat[] = ['bai2', 'ofx', 'csv'];

export function run(argv: string[]): Promise<number> {
  return runSubcommand(argv, 'bank', { import: importCommand, remove: removeCommand, status: statusCommand });
}

async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    strings: ['format', 'mapping', 'columns', 'mapping-file', 'db', 'database'],
    maxPositionals: 1,
  });
  if (values.columns !== undefined && values['mapping-file'] !== undefined) {
    throw new UsageError('give --columns or --mapping-file, not both');
  }
  const file = positionals[0];
  if (file === undefined) throw new UsageError('name the statement FILE to import');
  const format = values.format as BankStatementFormat | undefined;
  if (format !== undefined && !FORMATS.includes(format)) {
    throw new UsageError(`--format must be bai2, ofx or csv, got ${JSON.stringify(values.format)}`);
  }
  if (values.mapping !== undefined && values.mapping.trim() === '') throw new UsageError('--mapping needs a name');
  let bytes: Buffer;
  let tooLarge: string | null = null;
  try {
    // Checked before reading: a file too large to be a statement is refused by its size, not read whole.
    tooLarge = statementTooLarge(file, statSync(file).size);
    bytes = tooLarge ? Buffer.alloc(0) : readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${code ?? 'error'})`);
  }
  if (tooLarge) throw new Error(tooLarge);
  const given =
    values.columns !== undefined
      ? mappingFromColumns(values.columns, values.mapping)
      : values['mapping-file'] !== undefined
        ? mappingFromFile(values['mapping-file'], values.mapping)
        : undefined;
  return withExistingStore(values, async (engine) => {
    // Bytes as base64: the engine decodes UTF-8, else Windows-1252 (OFX 1.x files declare CHARSET:1252).
    const statement = { fileName: basename(file), content: bytes.toString('base64'), encoding: 'base64' as const };
    let mappingName = values.mapping;
    if (given !== undefined) {
      // Read the file with it first: a mapping that cannot read this file is not saved.
      const preview = await engine.call('bank.mappings.preview', { ...statement, mapping: given, limit: 1 });
      if (preview.format === 'csv' && preview.error !== null) throw new Error(`${file}: ${preview.error}`);
      const saved = await engine.call('bank.mappings.save', { mapping: given });
      mappingName = saved.find((m) => m.name === String(given.name).trim())?.name ?? String(given.name);
    }
    const summary = await engine.call('bank.import', {
      ...statement,
      ...(format ? { format } : {}),
      ...(mappingName !== undefined ? { mappingName } : {}),
    });
    const label = { bai2: 'BAI2', ofx: 'OFX', csv: 'CSV' }[summary.format];
    const head = summary.alreadyImported
      ? `${file} was imported before (${label}, ${summary.range.from} to ${summary.range.to}): nothing added`
      : `Imported ${file} (${label}, ${summary.range.from} to ${summary.range.to}; statement ${summary.statementId}, undo with bank remove ${summary.statementId})`;
    const explained = summary.explained ? `, ${summary.explained} explained` : '';
    if (summary.linesInFile === 0) {
      stdout.write(`${head}: the file holds balances but no transactions, so no lines were added\n`);
      return 0;
    }
    const saved = given !== undefined ? `Saved the column mapping "${mappingName}" for next time.\n` : '';
    const identity = [
      summary.possibleDuplicates ? `${summary.possibleDuplicates} possible duplicates (keep or drop them)` : '',
      summary.corrections ? `${summary.corrections} corrections kept beside the lines they correct` : '',
    ].filter(Boolean);
    stdout.write(
      `${saved}${head}: ${summary.newLines} lines added, ${summary.duplicatesSkipped} duplicates skipped; ` +
        `${summary.matched} matched, ${summary.suggested} suggested, ${summary.unmatched} unmatched${explained}` +
        `${identity.length ? `; ${identity.join(', ')}` : ''}\n`,
    );
    return 0;
  });
}

async function removeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, { strings: ['by', 'db', 'database'], maxPositionals: 1 });
  const given = positionals[0];
  if (given === undefined) throw new UsageError('name the STATEMENT_ID to remove (bank import prints it)');
  if (!/^[1-9]\d{0,14}$/.test(given))
    throw new UsageError(`STATEMENT_ID must be a whole number, got ${JSON.stringify(given)}`);
  return withExistingStore(values, async (engine) => {
    const removal = await engine.call('bank.statements.remove', {
      statementId: Number(given),
      ...(values.by !== undefined ? { by: values.by } : {}),
    });
    const kept = removal.linesKept ? `; ${removal.linesKept} lines a later statement also holds stay` : '';
    stdout.write(
      `Removed statement ${removal.statementId} (${removal.fileName}): ${removal.linesRemoved} lines removed with their matches and explanations${kept}. Recorded as removed by ${removal.removedBy} at ${removal.removedAt}.\n`,
    );
    return 0;
  });
}

async function statusCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: ['from', 'to', 'db', 'database'],
    booleans: ['json'],
    maxPositionals: 0,
  });
  const from = dateFlag(values.from, 'from');
  const to = dateFlag(values.to, 'to');
  if (from && to && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  return withExistingStore(values, async (engine) => {
    const lines: BankLineSummary[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<BankLineSummary> = await engine.call('bank.lines', {
        filter: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
        limit: 1000,
        ...(cursor ? { cursor } : {}),
      });
      lines.push(...page.rows);
      cursor = page.nextCursor;
    } while (cursor);
    const transit = await engine.call('bank.inTransit', { limit: 5000 });
    const report = {
      lines: lines.map((line) => ({
        bankRef: line.bankReference,
        date: line.postedDate,
        amountCents: line.amountCents,
        status: line.status,
        batchIds: line.match?.batchIds ?? (line.status === 'suggested' ? (line.suggestions[0]?.batchIds ?? []) : []),
      })),
      inTransit: transit.batches
        .filter((b) => (!from || b.date >= from) && (!to || b.date <= to))
        .map((b) => ({ batchId: b.batchId, date: b.date, cents: b.totalCents, ageDays: b.ageDays })),
    };
    if (values.json) {
      stdout.write(JSON.stringify(report, null, 2) + '\n');
      return 0;
    }
    stdout.write(statusText(report, transit.windowDays, transit.truncated));
    return 0;
  });
}

type Report = {
  lines: Array<{ bankRef: string; date: string; amountCents: number; status: string; batchIds: string[] }>;
  inTransit: Array<{ batchId: string; date: string; cents: number; ageDays: number }>;
};

const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** Counts by state, then what still needs the bookkeeper: lines not settled and deposits in transit. */
function statusText(report: Report, windowDays: number, truncated: boolean): string {
  const count = (status: string) => report.lines.filter((l) => l.status === status).length;
  const out = [
    `Bank lines: ${report.lines.length} (${count('matched')} matched, ${count('suggested')} suggested, ${count('unmatched')} unmatched, ${count('explained')} explained)`,
  ];
  const open = report.lines.filter((l) => l.status === 'suggested' || l.status === 'unmatched');
  for (const l of open) {
    const also = l.batchIds.length ? `  best suggestion: ${l.batchIds.join(', ')}` : '';
    out.push(`  ${l.date}  ${dollars(l.amountCents).padStart(14)}  ${l.status.padEnd(9)}  ${l.bankRef}${also}`);
  }
  out.push(
    `In transit (no bank line after ${windowDays} business days): ${report.inTransit.length}${truncated ? ' (the oldest 5,000)' : ''}`,
  );
  for (const b of report.inTransit) {
    out.push(`  ${b.date}  ${dollars(b.cents).padStart(14)}  batch ${b.batchId}  ${b.ageDays} business days`);
  }
  return out.join('\n') + '\n';
}
