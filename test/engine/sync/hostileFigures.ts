/**
 * Figures for the hostile scenarios with the DEFAULT bounds, deadlines and budget (real waits):
 * per scenario its time, peak RSS and database size, each in a process of its own so peaks do not
 * mix. Run: node --import tsx test/engine/sync/hostileFigures.ts [scenario ...]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HOSTILE_SCENARIOS, type HostileScenario } from '../../helpers/hostileService';
import { syncAgainstHostile } from './hostileEngine';

interface Figure {
  scenario: string;
  seconds: number;
  peakRssMb: number;
  databaseKb: number;
  requests: number;
  error: string | null;
}

const scenario = process.env.HOSTILE_SCENARIO as HostileScenario | undefined;
if (scenario) {
  const h = await syncAgainstHostile(scenario, { tuning: {} });
  const figure: Figure = {
    scenario,
    seconds: Math.round(h.ms / 100) / 10,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    databaseKb: Math.round((await h.databaseBytes()) / 1024),
    requests: Object.values(h.service.requests).reduce((a, b) => a + b, 0),
    error: h.run.error,
  };
  await h.close();
  process.stdout.write(JSON.stringify(figure) + '\n');
  process.exit(0);
} else {
  const wanted = process.argv.slice(2).length ? process.argv.slice(2) : [...HOSTILE_SCENARIOS];
  // One at a time: scenarios running side by side would share the CPU and skew each other's time.
  const figures: Figure[] = [];
  for (const name of wanted) figures.push(await runScenario(name));
  process.stdout.write('| scenario | time | peak RSS | database | requests | error |\n|---|---|---|---|---|---|\n');
  for (const f of figures)
    process.stdout.write(
      `| ${f.scenario} | ${f.seconds} s | ${f.peakRssMb} MB | ${f.databaseKb} KB | ${f.requests} | ${f.error ?? '(none)'} |\n`,
    );
}

function runScenario(name: string): Promise<Figure> {
  return new Promise<Figure>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, HOSTILE_SCENARIO: name },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Figure)
        : reject(new Error(`${name}: exit ${code}`)),
    );
  });
}
