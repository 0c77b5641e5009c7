/**
 * `district-recon sandbox serve [--port N] [--seed S] [--days D] [--volume N] [--now ISO] [--fee-percent P] [--faults SPEC]`:
 * runs the simulated payment service on 127.0.0.1 until SIGINT or SIGTERM. `sandbox statement`
 * writes its bank statement (sandboxStatement.ts).
 */
import { intFlag, parseFlags, runSubcommand, UsageError } from '../args';
import { SCENARIO_FLAGS, scenarioOf } from '../sandboxScenario';
import type { FaultOptions } from '../../sandbox/index';
import { runStatement } from './sandboxStatement';
import { stdout } from '../output';

export function run(argv: string[]): Promise<number> {
  return runSubcommand(argv, 'sandbox', { serve, statement: runStatement });
}

async function serve(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: ['port', ...SCENARIO_FLAGS, 'token', 'secret', 'faults'],
    maxPositionals: 0,
  });
  const port = intFlag(values.port, 'port', 0, 65535);
  const { seed, now, scenario } = scenarioOf(values);
  for (const name of ['token', 'secret'] as const) {
    const value = values[name];
    if (value !== undefined && (value === '' || value.includes(':')))
      throw new UsageError(`--${name} must be non-empty and without ':'`);
  }

  const { startSandbox, parseFaultSpec } = await import('../../sandbox/index');
  let faults: Partial<FaultOptions> | undefined;
  if (values.faults !== undefined) {
    try {
      faults = parseFaultSpec(values.faults);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
  }

  const started = performance.now();
  const server = await startSandbox({
    port,
    seed,
    token: values.token,
    secret: values.secret,
    now,
    faults,
    scenario,
  });
  const state = server.state;
  const out = stdout;
  out.write(`District Recon sandbox (simulated payment service) on ${server.url}\n`);
  out.write(`  token:   ${server.token}\n  secret:  ${server.secret}\n`);
  out.write(`  header:  Authentication: Basic ${Buffer.from(`${server.token}:${server.secret}`).toString('base64')}\n`);
  out.write(
    `  data:    ${state.payees.length} payees, ${state.glAccounts.length} GL accounts, ${state.transactions.length} transactions, ${state.batches.length} batches (seed ${state.seed}, ${Math.round(performance.now() - started)} ms)\n`,
  );
  out.write(`  now:     ${server.now().toString()}${now === undefined ? ' (real time)' : ' (simulated)'}\n`);
  if (faults) out.write(`  faults:  ${values.faults}\n`);
  out.write(
    `  try:     curl -H 'Authentication: Basic ${Buffer.from(`${server.token}:${server.secret}`).toString('base64')}' '${server.url}/batches?limit=5'\n`,
  );
  out.write('Press Ctrl+C to stop.\n');

  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  out.write('Sandbox stopped.\n');
  return 0;
}
