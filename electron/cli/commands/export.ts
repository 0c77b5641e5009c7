/**
 * `district-recon export gl [--from YYYY-MM-DD --to YYYY-MM-DD] --out FILE [--payees 1,2]
 *   [--methods CC,ACH] [--layout xlsx|je-csv|ascender|escape|iif] [--force] [--repost] [--strict]
 *   [--report] [--account-map FILE.csv] [--db FILE | --database URL]`
 * and `district-recon export default-account` (exportAccounts.ts).
 * A posting writes the layout and its workbook and claims each deposit once; --report writes the
 * workbook alone, any number of times, claiming nothing. Money on no Chart of Accounts account is
 * named on stderr and the posting refused (exit 1) until a default account is chosen.
 * Deposits and reversals an earlier export posted are left out (and said) unless --repost.
 * Deposits it posts that do not tie out (not synced, differing, not signed off) are named before it
 * posts, one warning line each on stderr; --strict refuses to post them (exit 1, nothing posted).
 * Without --from/--to the range is the one GL Batches opens on (glBatches.defaultRange), printed.
 * An existing --out file is refused unless --force. Progress goes to stderr (progress.ts).
 * Exit 0 written, 1 the export failed (message says why; nothing half written), 2 usage.
 */
import { resolve } from 'node:path';
import { ContractError, EXPORT_LAYOUTS, type ExportLayout } from '../../../shared/contract';
import { formatMoney } from '../../../shared/money';
import { untiedLine } from '../../../shared/untied';
import { methodFromWord } from '../../../shared/vocabulary';
import { openExistingStore } from '../existingStore';
import { dateFlag, parseFlags, runSubcommand, UsageError } from '../args';
import { withoutAccountLines } from '../../../shared/noAccountWords';
import { chooseDefaultAccount, saveAccountMap } from './exportAccounts';
import { percent, progressLine, secondsLeft } from '../progress';
import { HELP } from '../usage';
import { stderr, stdout } from '../output';

const USAGE = HELP.export!.subcommands!.gl!.split('\n\n')[0]!;

export function run(argv: string[]): Promise<number> {
  return runSubcommand(argv, 'export', { gl: exportGl, 'default-account': chooseDefaultAccount });
}

async function exportGl(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    strings: ['from', 'to', 'out', 'payees', 'methods', 'layout', 'account-map', 'db', 'database'],
    booleans: ['force', 'repost', 'strict', 'report'],
  });
  if (positionals.length !== 0) throw new UsageError(`unexpected ${JSON.stringify(positionals[0])}\n${USAGE}`);
  if (values.report && (values.layout !== undefined || values.repost || values.strict || values['account-map'])) {
    throw new UsageError(
      `--report writes the workbook alone and posts nothing: leave out --layout, --repost, --strict and --account-map\n${USAGE}`,
    );
  }
  // Both or neither: half a range is more likely a typo than a wish for the default's other end.
  if ((values.from === undefined) !== (values.to === undefined)) {
    throw new UsageError(`give both --from and --to, or neither for the default range\n${USAGE}`);
  }
  const given =
    values.from !== undefined ? { from: requireDate(values.from, 'from'), to: requireDate(values.to, 'to') } : null;
  if (given && given.from > given.to) throw new UsageError(`--from ${given.from} is after --to ${given.to}`);
  if (!values.out) throw new UsageError(`--out FILE is required\n${USAGE}`);
  const layout = values.layout;
  if (layout !== undefined && !(EXPORT_LAYOUTS as readonly string[]).includes(layout)) {
    throw new UsageError(`--layout must be one of ${EXPORT_LAYOUTS.join(', ')}, got ${JSON.stringify(layout)}`);
  }
  const payeeIds = values.payees
    ? parseList(values.payees, 'payees', (v) => (/^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null))
    : undefined;
  const methods = values.methods ? parseList(values.methods, 'methods', methodFromWord) : undefined;

  const engine = await openExistingStore(values);
  const progress = progressLine();
  try {
    const { from, to } = given ?? (await defaultRange(engine));
    if (values['account-map']) await saveAccountMap(engine, values['account-map'], layout as ExportLayout | undefined);
    if (!values.report) {
      for (const deposit of await engine.call('export.untied', {
        from,
        to,
        payeeIds,
        methods,
        repost: values.repost,
      })) {
        stderr.write(`warning: ${untiedLine(deposit)}${values.strict ? '' : '; posted anyway'}\n`);
      }
      const unaccounted = await engine.call('export.withoutAccount', {
        from,
        to,
        payeeIds,
        methods,
        repost: values.repost,
      });
      for (const line of withoutAccountLines(unaccounted)) stderr.write(`no account: ${line}\n`);
    }
    const started = Date.now();
    engine.on('export.progress', (p) => {
      const left = secondsLeft(p.rows, p.totalRows, Date.now() - started);
      progress.update(
        `Exporting GL rows: ${p.rows}/${p.totalRows} (${percent(p.rows, p.totalRows)})${left === null ? '' : `, about ${left} s left`}`,
      );
    });
    const result = await engine.call('export.glBatches', {
      from,
      to,
      payeeIds,
      methods,
      layout: layout as ExportLayout | undefined,
      file: resolve(values.out),
      overwrite: values.force,
      repost: values.repost,
      strict: values.strict,
      report: values.report,
    });
    const { record } = result;
    progress.done(`Exported ${record.rowCount} GL rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (values.report) {
      stdout.write(
        `Wrote the report ${record.file}: ${record.rowCount} GL rows, ${formatMoney(record.totalCents)}; ${result.deposits} deposits and ${result.reversals} reversals (${formatMoney(result.reversalCents)}); not a posting, nothing claimed; sha256 ${record.sha256}\n`,
      );
      return 0;
    }
    stdout.write(
      `Wrote ${record.file}${record.companionFile ? ` (workbook: ${record.companionFile})` : ''}: ${record.rowCount} GL rows, ${formatMoney(record.totalCents)}; ${result.deposits} deposits and ${result.reversals} reversals (${formatMoney(result.reversalCents)}) posted; sha256 ${record.sha256}\n`,
    );
    const { deposits, reversals } = result.alreadyPosted;
    if (deposits + reversals > 0) {
      stderr.write(
        result.reposted
          ? `warning: posted again ${deposits} deposits and ${reversals} reversals that earlier exports posted (--repost). Import this file only if those were never imported.\n`
          : `Left out ${deposits} deposits and ${reversals} reversals that earlier exports posted; --repost posts them again.\n`,
      );
    }
    for (const earlier of result.overlaps) {
      stderr.write(
        `${result.reposted ? 'warning: overlaps' : 'posted before by'} export #${earlier.id} of ${earlier.createdAt} (${earlier.from} to ${earlier.to}): ${earlier.file}\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof ContractError) {
      stderr.write(`district-recon export: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await engine.close();
  }
}

const RANGE_REASONS: Record<'not_exported' | 'all_exported' | 'no_data', string> = {
  not_exported: 'the oldest period with deposits not yet exported',
  all_exported: 'every deposit is exported; the latest month with data',
  no_data: 'no GL batches synced yet; the week before today',
};

/** The range GL Batches would open on, said on stderr so a script's log shows what was exported. */
async function defaultRange(engine: Awaited<ReturnType<typeof openExistingStore>>) {
  const range = await engine.call('glBatches.defaultRange', {});
  stderr.write(`No --from/--to: exporting ${range.from} to ${range.to} (${RANGE_REASONS[range.reason]}).\n`);
  return range;
}

export function requireDate(value: string | undefined, name: string): string {
  const date = dateFlag(value, name);
  if (date === undefined) throw new UsageError(`--${name} YYYY-MM-DD is required`);
  // The service has nothing before 2000 (sync refuses earlier days too); a year like 0000 is a typo.
  const year = Number(date.slice(0, 4));
  if (year < 2000 || year > 2099) throw new UsageError(`--${name} ${date} is outside 2000 to 2099; check the year`);
  return date;
}

function parseList<T>(text: string, name: string, parse: (value: string) => T | null): T[] {
  return text.split(',').map((raw) => {
    const value = parse(raw.trim());
    if (value === null) throw new UsageError(`--${name}: ${JSON.stringify(raw.trim())} is not valid`);
    return value;
  });
}
