/**
 * `district-recon sandbox statement --format bai2|ofx|csv --out FILE [--seed S] [--days D] [--volume N]
 * [--now ISO] [--from DATE] [--to DATE] [--force]`: the bank statement of the sandbox's own batches
 * (electron/sandbox/bankStatement.ts), for demos and for testing an import by hand. The scenario
 * options are serve's, so a statement written with the same seed and --now pays the same batches.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { dateFlag, parseFlags, UsageError } from '../args';
import { SCENARIO_FLAGS, scenarioOf } from '../sandboxScenario';
import { stdout } from '../output';

export async function runStatement(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: ['format', 'out', ...SCENARIO_FLAGS, 'from', 'to'],
    booleans: ['force'],
    maxPositionals: 0,
  });
  const format = values.format;
  if (format !== 'bai2' && format !== 'ofx' && format !== 'csv') {
    throw new UsageError(
      `--format must be bai2, ofx or csv${format === undefined ? '' : `, got ${JSON.stringify(format)}`}`,
    );
  }
  if (!values.out) throw new UsageError('--out FILE is required');
  const { seed = 1, now, scenario } = scenarioOf(values);
  const from = dateFlag(values.from, 'from');
  const to = dateFlag(values.to, 'to');
  const out = resolve(values.out);
  if (existsSync(out) && !values.force) throw new Error(`${out} already exists; add --force to replace it`);

  const { generateScenario } = await import('../../sandbox/index');
  const { writeSandboxStatement, SANDBOX_CSV_MAPPING } = await import('../../sandbox/bankFormats');
  const state = generateScenario({ seed, now: now ?? new Date().toISOString(), ...scenario });
  const statement = writeSandboxStatement(state, format, { ...(from ? { from } : {}), ...(to ? { to } : {}) });
  writeFileSync(out, statement.content);
  const { plan } = statement;
  const kinds = (kind: string) => plan.lines.filter((l) => l.kind === kind).length;
  stdout.write(
    `Wrote ${out}: ${plan.lines.length} lines for account ${plan.account}, ${plan.from} to ${plan.to} ` +
      `(${kinds('deposit')} deposits, ${kinds('ach_return')} ACH returns, ${kinds('service_charge')} service charges; seed ${seed})\n`,
  );
  if (format === 'csv') {
    stdout.write(`Read it with the column mapping: ${JSON.stringify(SANDBOX_CSV_MAPPING)}\n`);
  }
  return 0;
}
