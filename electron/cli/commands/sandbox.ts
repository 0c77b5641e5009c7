/**
 * `district-recon sandbox serve [--port N] [--seed S] [--days D] [--volume N] [--now ISO] [--faults SPEC]`:
 * runs the simulated payment service on 127.0.0.1 until SIGINT or SIGTERM. `sandbox statement`
 * writes its bank statement (sandboxStatement.ts).
 */
import { intFlag, parseFlags, UsageError } from '../args';
import type { FaultOptions } from '../../sandbox/index';
import { runStatement } from './sandboxStatement';

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

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return sub === undefined ? 2 : 0;
  }
  if (sub === 'statement') return runStatement(rest);
  if (sub !== 'serve') throw new UsageError(`unknown subcommand ${JSON.stringify(sub)} (expected serve or statement)`);

  const { values, positionals } = parseFlags(rest, {
    port: { type: 'string' },
    seed: { type: 'string' },
    days: { type: 'string' },
    volume: { type: 'string' },
    now: { type: 'string' },
    token: { type: 'string' },
    secret: { type: 'string' },
    faults: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  const port = intFlag(values.port, 'port', 0, 65535);
  const seed = intFlag(values.seed, 'seed', 0, 2 ** 31 - 1);
  const days = intFlag(values.days, 'days', 0, 3650);
  const volume = intFlag(values.volume, 'volume', 0, 100_000);
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) {
    throw new UsageError(`--now must be an ISO instant like 2026-03-10T20:00:00Z, got ${JSON.stringify(values.now)}`);
  }
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
    now: values.now,
    faults,
    scenario: { ...(days === undefined ? {} : { days }), ...(volume === undefined ? {} : { dailyVolume: volume }) },
  });
  const state = server.state;
  const out = process.stdout;
  out.write(`District Recon sandbox (simulated payment service) on ${server.url}\n`);
  out.write(`  token:   ${server.token}\n  secret:  ${server.secret}\n`);
  out.write(`  header:  Authentication: Basic ${Buffer.from(`${server.token}:${server.secret}`).toString('base64')}\n`);
  out.write(
    `  data:    ${state.payees.length} payees, ${state.glAccounts.length} GL accounts, ${state.transactions.length} transactions, ${state.batches.length} batches (seed ${state.seed}, ${Math.round(performance.now() - started)} ms)\n`,
  );
  out.write(`  now:     ${server.now().toString()}${values.now === undefined ? ' (real time)' : ' (simulated)'}\n`);
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
