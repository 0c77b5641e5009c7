/**
 * `district-recon sandbox serve [--port N] [--seed S] [--days D] [--volume N] [--now ISO] [--faults SPEC]`:
 * runs the simulated payment service on 127.0.0.1 until SIGINT or SIGTERM. `sandbox statement`
 * writes its bank statement (sandboxStatement.ts).
 */
import { intFlag, parseFlags, runSubcommand, UsageError } from '../args';
import { SCENARIO_FLAGS, scenarioOf } from '../sandboxScenario';
import type { FaultOptions } from '../../sandbox/index';
import { runStatement } from './sandboxStatement';
import { stdout } from '../output';

const USAGE = `Usage: district-recon sandbox serve [options]
       district-recon sandbox statement --format bai2|ofx|csv --out FILE [options]

Runs the simulated payment service on 127.0.0.1 until stopped (Ctrl+C).

Options:
  --port N        Port to listen on (default: a free port)
  --seed S        Scenario and fault seed (default 1)
  --days D        Days of history ending yesterday (default 90; 0 = empty)
  --volume N      Mean transactions per weekday (default 300)
  --now ISO       Simulated start instant, e.g. 2026-03-10T20:00:00Z (default: real time; the clock runs)
  --token T       Access token to accept (default sandbox-token)
  --secret S      Secret to accept (default sandbox-secret)
  --faults SPEC   default | comma-separated name=value: latency=5-60, 5xx=0.05, 429=0.05,
                  timeout=0.01, reset=0.01, truncate=0.01, malformed=0.01, page-change=0.05,
                  hang=5000, retry-after=1, max-consecutive=2, post`;

export function run(argv: string[]): Promise<number> {
  return runSubcommand(argv, USAGE, { serve, statement: runStatement });
}

async function serve(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: ['port', ...SCENARIO_FLAGS, 'token', 'secret', 'faults'],
    booleans: ['help'],
    maxPositionals: 0,
  });
  if (values.help) {
    stdout.write(`${USAGE}\n`);
    return 0;
  }
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
