/**
 * Starts the real app in browser mode (engine on a temp database, sandbox service in-process, web
 * host on 127.0.0.1) and a headless Debian chromium driven by playwright-core.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createEngine, type Engine } from '../../electron/engine/engine';
import { silentLogger } from '../../electron/engine/logger';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { sandboxProvider } from '../../electron/sandbox/provider';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const ARTIFACTS = join(ROOT, 'test/e2e/artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface RunningApp {
  engine: Engine;
  host: WebHost;
  browser: Browser;
  page: Page;
  dataFolder: string;
  /** Saves test/e2e/artifacts/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function startApp(options: { sandbox?: boolean } = {}): Promise<RunningApp> {
  const staticDir = join(ROOT, 'out/web');
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error('The renderer is not built: run `npm run build:web` first (npm run test:e2e does).');
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}: apt-get install -y chromium (the CI script does).`);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  const dataFolder = mkdtempSync(join(tmpdir(), 'recon-e2e-'));
  const sandbox = sandboxProvider();
  const engine = await createEngine({
    version: '0.0.0-e2e',
    dataFolder,
    host: 'web',
    logger: silentLogger,
    sandbox: sandbox.connect,
    sandboxByDefault: options.sandbox ?? true,
  });
  const host = await startWebHost({
    engine,
    staticDir,
    resolveDownload: async (id) => {
      const records = (await engine.call('export.list', {}).catch(() => [])) as Array<{ id: number; file: string }>;
      return records.find((record) => String(record.id) === id)?.file ?? null;
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, acceptDownloads: true });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) pageErrors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(host.launchUrl);

  return {
    engine,
    host,
    browser,
    page,
    dataFolder,
    async screenshot(name) {
      const path = join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path, fullPage: false });
      return path;
    },
    async close() {
      await browser.close();
      await host.close();
      await engine.close();
      await sandbox.close();
      rmSync(dataFolder, { recursive: true, force: true });
      if (pageErrors.length) throw new Error(`The page logged errors:\n${pageErrors.join('\n')}`);
    },
  };
}
