/**
 * `district-recon sandbox statement --format bai2|ofx|csv --out FILE [--seed S] [--days D] [--volume N]
 * [--now ISO] [--from DATE] [--to DATE] [--force]`: the bank statement of the sandbox's own batches
 * (electron/sandbox/bankStatement.ts), for demos and for testing an import by hand. The scenario
 * options are serve's, so a statement written with the same seed and --now pays the same batches.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isBusinessDate } from '../../../shared/time';
import { intFlag, parseFlags, UsageError } from '../args';

export const STATEMENT_USAGE = `Usage: district-recon sandbox statement --format bai2|ofx|csv --out FILE [options]

Writes the bank statement of the sandbox's batches: deposits posted 1-5 business days late, lumped
for some schools and net of fees for others, a monthly service charge and ACH returns.

Options:
  --seed S, --days D, --volume N, --now ISO   The scenario, as for sandbox serve
  --from DATE, --to DATE                      Posting days on the statement (default: all, to yesterday)
  --force                                     Replace FILE if it exists`;

export async function runStatement(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    format: { type: 'string' },
    out: { type: 'string' },
    seed: { type: 'string' },
    days: { type: 'string' },
    volume: { type: 'string' },
    now: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(`${STATEMENT_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  const format = values.format;
  if (format !== 'bai2' && format !== 'ofx' && format !== 'csv') {
    throw new UsageError(
      `--format must be bai2, ofx or csv${format === undefined ? '' : `, got ${JSON.stringify(format)}`}`,
    );
  }
  if (!values.out) throw new UsageError('--out FILE is required');
  const seed = intFlag(values.seed, 'seed', 0, 2 ** 31 - 1) ?? 1;
  const days = intFlag(values.days, 'days', 0, 3650);
  const volume = intFlag(values.volume, 'volume', 0, 100_000);
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) {
    throw new UsageError(`--now must be an ISO instant like 2026-03-10T20:00:00Z, got ${JSON.stringify(values.now)}`);
  }
  for (const name of ['from', 'to'] as const) {
    const value = values[name];
    if (value !== undefined && !isBusinessDate(value))
      throw new UsageError(`--${name} must be a date like 2026-03-09, got ${JSON.stringify(value)}`);
  }
  const out = resolve(values.out);
  if (existsSync(out) && !values.force) throw new Error(`${out} already exists; add --force to replace it`);

  const { generateScenario } = await import('../../sandbox/index');
  const { writeSandboxStatement, SANDBOX_CSV_MAPPING } = await import('../../sandbox/bankFormats');
  const state = generateScenario({
    seed,
    now: values.now ?? new Date().toISOString(),
    ...(days === undefined ? {} : { days }),
    ...(volume === undefined ? {} : { dailyVolume: volume }),
  });
  const statement = writeSandboxStatement(state, format, {
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  });
  writeFileSync(out, statement.content);
  const { plan } = statement;
  const kinds = (kind: string) => plan.lines.filter((l) => l.kind === kind).length;
  process.stdout.write(
    `Wrote ${out}: ${plan.lines.length} lines for account ${plan.account}, ${plan.from} to ${plan.to} ` +
      `(${kinds('deposit')} deposits, ${kinds('ach_return')} ACH returns, ${kinds('service_charge')} service charges; seed ${seed})\n`,
  );
  if (format === 'csv') {
    process.stdout.write(`Read it with the column mapping: ${JSON.stringify(SANDBOX_CSV_MAPPING)}\n`);
  }
  return 0;
}
