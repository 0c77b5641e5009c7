/**
 * The renderer on the big local copy, as the renderer bench and the scroll profile open it: an
 * engine on bigStoreFile(total), then the browser host over it and a page in the headless Chromium
 * the e2e tests launch, at a laptop's 1366x860.
 */
import { dirname, resolve } from 'node:path';
import { chromium, type BrowserContextOptions } from 'playwright-core';
import { createEngine, type Engine } from '../../electron/engine/engine';
import { silentLogger } from '../../electron/engine/logger';
import { startWebHost } from '../../electron/web/server';
import { ensureWebBuild, WEB_BUILD_DIR } from '../../electron/cli/commands/web';
import { CHROMIUM, CHROMIUM_ARGS } from '../../test/e2e/harness';
import { bigStoreFile } from './bigStore';

/** An engine on the big store, with the renderer built (a build is not a cost the benches time). */
export async function openBigStore(total: number): Promise<Engine> {
  const databasePath = await bigStoreFile(total);
  await ensureWebBuild();
  return createEngine({
    version: '0.0.0-bench',
    dataFolder: dirname(databasePath),
    databasePath,
    host: 'web',
    logger: silentLogger,
  });
}

/** The browser host over `engine` and a Chromium page, not yet on the app; close() stops all three. */
export async function openInChromium(engine: Engine, pageOptions: BrowserContextOptions = {}) {
  const host = await startWebHost({ engine, staticDir: resolve(WEB_BUILD_DIR) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 }, ...pageOptions });
  return {
    host,
    browser,
    page,
    async close() {
      for (const part of [browser, host, engine]) await part.close();
    },
  };
}
