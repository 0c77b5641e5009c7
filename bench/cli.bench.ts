/**
 * How fast the command line answers (issue 30 item 9): `district-recon --version` (goal < 0.4 s) and
 * `status` on a 300k-transaction store (x BENCH_SCALE; goal < 0.8 s), each through electron/cli/bin.mjs
 * as a bookkeeper runs it, on the bundle built at install (out/cli, rebuilt here first) and from the
 * sources through tsx (DISTRICT_RECON_FROM_SOURCES) for comparison. Each figure is the median of RUNS
 * wall-clock runs of a fresh process; `node -e ''` beside them is what node alone costs on this machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bigStoreFile } from './support/bigStore';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const scale = Number(process.env.BENCH_SCALE ?? '1');
const TRANSACTIONS = Math.max(1000, Math.round(300_000 * scale));
const RUNS = 7;

function medianSeconds(args: string[], env: NodeJS.ProcessEnv = {}): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr.trim()}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(RUNS / 2)]!) / 1000;
}

const built = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { encoding: 'utf8' });
if (built.status !== 0) throw new Error(`build-cli failed: ${built.stderr}`);
process.stdout.write(built.stdout);
const db = await bigStoreFile(TRANSACTIONS);
const bin = join(root, 'electron/cli/bin.mjs');
const sources = { DISTRICT_RECON_FROM_SOURCES: '1' };

const result = {
  transactions: TRANSACTIONS,
  nodeAloneS: medianSeconds(['-e', '']),
  versionS: medianSeconds([bin, '--version']),
  statusS: medianSeconds([bin, 'status', '--db', db]),
  versionFromSourcesS: medianSeconds([bin, '--version'], sources),
  statusFromSourcesS: medianSeconds([bin, 'status', '--db', db], sources),
  goals: { versionS: 0.4, statusS: 0.8 },
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'cli.json'), JSON.stringify(result));
