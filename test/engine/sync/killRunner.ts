/**
 * Child process for the kill test: one sync of argv[2] (a SQLite file, or a postgres:// URL) from the service at RECON_URL, on a clock
 * fixed at RECON_NOW. Prints "ready" once loaded and waits for "go" on stdin (so the parent can
 * warm the next child while this one runs), "started" once the run is under way, then the run
 * summary as JSON. With RECON_KILL_PHASE it kills itself (SIGKILL) the moment the run reports
 * that phase: a crash at a known point of the run.
 */
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { createEngineWithInternals as createEngine } from '../../../electron/engine/engine';
import { memoryCredentialStore } from '../../../electron/engine/credentials';
import { silentLogger } from '../../../electron/engine/logger';
import { fixedClock } from '../../../shared/time';
import { TEST_DATABASE_CONNECTIONS } from '../../helpers/testConnections';

const [location, from] = process.argv.slice(2) as [string, string];
const onServer = /^postgres(ql)?:\/\//.test(location);
process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
let input = '';
while (!input.includes('go')) input += String((await once(process.stdin, 'data'))[0]);
process.stdin.destroy();
const env = process.env as Record<string, string>;
const engine = await createEngine({
  version: 'test',
  ...(onServer
    ? {
        dataFolder: tmpdir(),
        databasePath: undefined,
        databaseUrl: location,
        databaseConnections: TEST_DATABASE_CONNECTIONS,
      }
    : { dataFolder: dirname(location), databasePath: location }),
  host: 'direct',
  clock: fixedClock(env.RECON_NOW!),
  credentials: memoryCredentialStore({ token: env.RECON_TOKEN!, secret: env.RECON_SECRET! }),
  logger: silentLogger,
});
await engine.call('settings.set', { patch: { serviceUrl: env.RECON_URL! } });
const service = engine.internals.sync;
service.clientTuning = { sleep: async () => {}, timeoutMs: 2_000 };
const killPhase = env.RECON_KILL_PHASE;
if (killPhase) {
  engine.on('sync.progress', (progress) => {
    if (progress.phase === killPhase) process.kill(process.pid, 'SIGKILL');
  });
}
const started = await service.start({ trigger: 'cli', from });
process.stdout.write('started\n');
const summary = await started.finished;
process.stdout.write(JSON.stringify(summary) + '\n');
await engine.close();
