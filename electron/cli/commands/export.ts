/**
 * `district-recon export gl --from YYYY-MM-DD --to YYYY-MM-DD --out FILE [--payees 1,2]
 *   [--methods CC,ACH] [--layout xlsx|je-csv|ascender|escape|iif] [--force] [--db FILE]`
 * An existing --out file is refused unless --force.
 * Exit 0 written, 1 the export failed (message says why; nothing half written), 2 usage.
 */
import { resolve } from 'node:path';
import { ContractError, EXPORT_LAYOUTS, type ExportLayout } from '../../../shared/contract';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/domain';
import { formatMoney } from '../../../shared/money';
import { isBusinessDate } from '../../../shared/time';
import { openExistingStore } from '../existingStore';
import { parseFlags, UsageError } from '../args';

const USAGE =
  'usage: district-recon export gl --from YYYY-MM-DD --to YYYY-MM-DD --out FILE [--payees 1,2] [--methods CC,ACH] [--layout xlsx|je-csv|ascender|escape|iif] [--force] [--db FILE]';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    from: { type: 'string' },
    to: { type: 'string' },
    out: { type: 'string' },
    payees: { type: 'string' },
    methods: { type: 'string' },
    layout: { type: 'string' },
    db: { type: 'string' },
    force: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1 || positionals[0] !== 'gl') throw new UsageError(`say what to export: gl\n${USAGE}`);
  const from = requireDate(values.from, 'from');
  const to = requireDate(values.to, 'to');
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  if (!values.out) throw new UsageError(`--out FILE is required\n${USAGE}`);
  const layout = values.layout;
  if (layout !== undefined && !(EXPORT_LAYOUTS as readonly string[]).includes(layout)) {
    throw new UsageError(`--layout must be one of ${EXPORT_LAYOUTS.join(', ')}, got ${JSON.stringify(layout)}`);
  }
  const payeeIds = values.payees
    ? parseList(values.payees, 'payees', (v) => (/^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null))
    : undefined;
  const methods = values.methods
    ? parseList(values.methods, 'methods', (v) =>
        (PAYMENT_METHODS as readonly string[]).includes(v) ? (v as PaymentMethod) : null,
      )
    : undefined;

  const engine = await openExistingStore(values.db);
  try {
    engine.on('export.progress', (p) => process.stderr.write(`\r${p.rows}/${p.totalRows} GL rows`));
    const result = await engine.call('export.glBatches', {
      from,
      to,
      payeeIds,
      methods,
      layout: layout as ExportLayout | undefined,
      file: resolve(values.out),
      overwrite: values.force,
    });
    process.stderr.write('\n');
    const { record } = result;
    process.stdout.write(
      `Wrote ${record.file}${record.companionFile ? ` (workbook: ${record.companionFile})` : ''}: ${record.rowCount} GL rows, ${formatMoney(record.totalCents)}; ${result.deposits} deposits and ${result.reversals} reversals (${formatMoney(result.reversalCents)}) posted; sha256 ${record.sha256}\n`,
    );
    for (const earlier of result.overlaps) {
      process.stderr.write(
        `warning: overlaps export #${earlier.id} of ${earlier.createdAt} (${earlier.from} to ${earlier.to}): ${earlier.file}. Do not post the same deposits or refunds twice.\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof ContractError) {
      process.stderr.write(`district-recon export: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await engine.close();
  }
}

export function requireDate(value: string | undefined, name: string): string {
  if (value === undefined) throw new UsageError(`--${name} YYYY-MM-DD is required`);
  if (!isBusinessDate(value))
    throw new UsageError(`--${name} must be a date like 2026-03-08, got ${JSON.stringify(value)}`);
  return value;
}

function parseList<T>(text: string, name: string, parse: (value: string) => T | null): T[] {
  return text.split(',').map((raw) => {
    const value = parse(raw.trim());
    if (value === null) throw new UsageError(`--${name}: ${JSON.stringify(raw.trim())} is not valid`);
    return value;
  });
}
