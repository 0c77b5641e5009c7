/**
 * `npm run bench [name...]`: runs each bench/<name>.bench.ts in its own process (so peak memory is
 * its own), in sequence, and prints a summary of the figures each wrote to bench/results/<name>.json
 * (or, for a partial run, <name>-<part>.json).
 * BENCH_SCALE=0.1 shrinks every benchmark for a quick look.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

const started = Date.now();
mkdirSync(join(here, 'results'), { recursive: true });
let failed = 0;
for (const name of benches) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, `${name}.bench.ts`)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) {
    failed++;
    process.stdout.write(`${name}: FAILED (exit ${result.status})\n`);
  }
}

// What this run wrote: bench/results/<name>.json, or a partial run's <name>-<part>.json beside it.
process.stdout.write('\n=== summary ===\n');
for (const name of benches) {
  for (const file of readdirSync(join(here, 'results')).filter(
    (f) => f === `${name}.json` || f.startsWith(`${name}-`),
  )) {
    const path = join(here, 'results', file);
    if (statSync(path).mtimeMs >= started)
      process.stdout.write(`${file.replace(/\.json$/, '')}: ${readFileSync(path, 'utf8').trim()}\n`);
  }
}
process.exitCode = failed ? 1 : 0;
