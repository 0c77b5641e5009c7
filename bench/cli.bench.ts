/**
 * How fast the command line answers (issue 30 item 9): `district-recon --version` (goal < 0.4 s) and
 * `status` on a 300k-transaction store (x BENCH_SCALE; goal < 0.8 s), each through electron/cli/bin.mjs
 * as a bookkeeper runs it, on the bundle built at install (out/cli, rebuilt here first) and from the
 * sources through tsx (DISTRICT_RECON_FROM_SOURCES) for comparison. Each figure is the median of RUNS
 * wall-clock runs of a fresh process (and its CPU seconds, with GNU time); `node -e ''` beside them is
 * what node alone costs on this machine, and the load average says how busy it was.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bigStoreFile } from './support/bigStore';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const scale = Number(process.env.BENCH_SCALE ?? '1');
const TRANSACTIONS = Math.max(1000, Math.round(300_000 * scale));
const RUNS = 7;

/**
 * On a machine shared with other work the wall clock says more about the others than about us, so
 * where GNU time is there (Linux) each run's CPU seconds (user + system) are taken beside it.
 */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 1000) / 1000;
};

/** Median wall-clock and (with GNU time) CPU seconds of RUNS fresh processes of `node args`. */
function measure(args: string[], env: NodeJS.ProcessEnv = {}): { wallS: number; cpuS: number | null } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [command, commandArgs] = GNU_TIME
      ? [GNU_TIME, ['-f', 'cpu %U %S', process.execPath, ...args]]
      : [process.execPath, args];
    const started = performance.now();
    const result = spawnSync(command, commandArgs, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr.trim()}`);
    wall.push((performance.now() - started) / 1000);
    const used = /cpu (\d+\.\d+) (\d+\.\d+)\s*$/.exec(result.stderr);
    if (used) cpu.push(Number(used[1]) + Number(used[2]));
  }
  return { wallS: median(wall), cpuS: cpu.length ? median(cpu) : null };
}

const built = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { encoding: 'utf8' });
if (built.status !== 0) throw new Error(`build-cli failed: ${built.stderr}`);
process.stdout.write(built.stdout);
const db = await bigStoreFile(TRANSACTIONS);
const bin = join(root, 'electron/cli/bin.mjs');
const sources = { DISTRICT_RECON_FROM_SOURCES: '1' };

const loadBefore = loadavg()[0];
const nodeAlone = measure(['-e', '']);
const version = measure([bin, '--version']);
const status = measure([bin, 'status', '--db', db]);
const versionFromSources = measure([bin, '--version'], sources);
const statusFromSources = measure([bin, 'status', '--db', db], sources);
const result = {
  transactions: TRANSACTIONS,
  nodeAloneS: nodeAlone.wallS,
  versionS: version.wallS,
  statusS: status.wallS,
  versionFromSourcesS: versionFromSources.wallS,
  statusFromSourcesS: statusFromSources.wallS,
  cpuS: {
    nodeAlone: nodeAlone.cpuS,
    version: version.cpuS,
    status: status.cpuS,
    versionFromSources: versionFromSources.cpuS,
    statusFromSources: statusFromSources.cpuS,
  },
  loadAverage: { before: loadBefore, after: loadavg()[0], cores: cpus().length },
  goals: { versionS: 0.4, statusS: 0.8 },
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'cli.json'), JSON.stringify(result));
