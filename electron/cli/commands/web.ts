/**
 * `district-recon web`: browser mode. Builds the renderer if needed, starts an engine and the web
 * host on 127.0.0.1, prints the URL (with its per-launch token) and runs until stopped.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../../engine/engine';
import { defaultDataFolder } from '../../engine/paths';
import { startWebHost } from '../../web/server';
import { intFlag, parseFlags } from '../args';
import { appVersion } from '../version';
import { sandboxProvider } from '../sandboxProvider';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_BUILD_DIR = resolve(ROOT, 'out/web');

export async function ensureWebBuild(force = false): Promise<void> {
  if (!force && existsSync(resolve(WEB_BUILD_DIR, 'index.html'))) return;
  process.stderr.write('Building the app for the browser...\n');
  const { build } = await import('vite');
  await build({ configFile: resolve(ROOT, 'renderer/vite.config.ts'), logLevel: 'warn' });
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    port: { type: 'string' },
    db: { type: 'string' },
    'data-dir': { type: 'string' },
    rebuild: { type: 'boolean', default: false },
  });
  const port = intFlag(values.port, 'port', 0, 65535);
  await ensureWebBuild(values.rebuild);

  const dataFolder = values['data-dir'] ? resolve(values['data-dir']) : defaultDataFolder();
  const sandbox = sandboxProvider();
  const engine = await createEngine({
    version: appVersion(),
    dataFolder,
    databasePath: values.db ? resolve(values.db) : undefined,
    host: 'web',
    sandbox: sandbox.connect,
    sandboxByDefault: true,
  });
  const host = await startWebHost({
    engine,
    staticDir: WEB_BUILD_DIR,
    port,
    resolveDownload: async (id) => {
      const records = (await engine.call('export.list', {}).catch(() => [])) as Array<{ id: number; file: string }>;
      return records.find((record) => String(record.id) === id)?.file ?? null;
    },
  });
  process.stdout.write(`District Recon is running in browser mode. Open: ${host.launchUrl}\n`);

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
