/**
 * `district-recon web`: browser mode. Builds the renderer if needed, starts an engine and the web
 * host on 127.0.0.1, prints the URL (with its per-launch token) and runs until stopped.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createEngine } from '../../engine/engine';
import { defaultDataFolder } from '../../engine/paths';
import { startWebHost } from '../../web/server';
import { intFlag, parseFlags } from '../args';
import { appVersion } from '../version';
import { packageRoot } from '../packageRoot';
import { cliLogger, databaseOf } from '../existingStore';
import { openingProgress } from '../progress';
import { importSandboxStatementOnce } from '../../sandbox/demoStatement';
import { sandboxProvider } from '../../sandbox/provider';
import { stderr, stdout } from '../output';
import { downloadFileOf } from '../../../shared/exportDownloads';

const ROOT = packageRoot();
export const WEB_BUILD_DIR = resolve(ROOT, 'out/web');

/** Newest modification time of the files the renderer is built from. */
function newestSourceTime(): number {
  let newest = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['renderer', 'shared']) visit(resolve(ROOT, dir));
  return newest;
}

/** Builds the renderer for browser mode when it was never built or its sources changed since. */
export async function ensureWebBuild(force = false): Promise<void> {
  const index = resolve(WEB_BUILD_DIR, 'index.html');
  if (!force && existsSync(index) && statSync(index).mtimeMs >= newestSourceTime()) return;
  stderr.write('Building the app for the browser...\n');
  const { build } = await import('vite');
  await build({ configFile: resolve(ROOT, 'renderer/vite.config.ts'), logLevel: 'warn' });
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { strings: ['port', 'db', 'database', 'data-dir'], booleans: ['rebuild'] });
  const port = intFlag(values.port, 'port', 0, 65535);
  await ensureWebBuild(values.rebuild);

  const dataFolder = values['data-dir'] ? resolve(values['data-dir']) : defaultDataFolder();
  const sandbox = sandboxProvider();
  const opening = openingProgress();
  // --database URL (or RECON_DATABASE_URL): the browser app on a district server's PostgreSQL.
  const { databaseUrl } = databaseOf(values);
  const engine = await createEngine({
    version: appVersion(),
    dataFolder,
    ...(databaseUrl ? { databaseUrl } : { databasePath: values.db ? resolve(values.db) : undefined }),
    host: 'web',
    logger: cliLogger(),
    onOpenProgress: opening.onOpenProgress,
    sandbox: sandbox.connect,
    sandboxByDefault: true,
  });
  opening.finish();
  const host = await startWebHost({
    engine,
    staticDir: WEB_BUILD_DIR,
    port,
    resolveDownload: async (id) => {
      return downloadFileOf(await engine.call('export.list', {}).catch(() => []), id);
    },
  });
  stdout.write(`District Recon is running in browser mode. Open: ${host.launchUrl}\n`);
  // Sandbox mode: the sandbox's bank statement once, so matching shows on demo data (demoStatement.ts).
  void importSandboxStatementOnce(engine, sandbox.statement).catch((error: unknown) =>
    stderr.write(`The sandbox's bank statement was not imported: ${String(error)}\n`),
  );
  // The nightly sync runs while browser mode is open too, and catches up a missed night now.
  await engine.schedule.start();

  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await host.close();
  await engine.close();
  await sandbox.close();
  return 0;
}
