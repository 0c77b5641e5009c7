/**
 * What every browser test starts with: the real app in browser mode (an engine on a temp data folder,
 * the sandbox service, the web host on 127.0.0.1) or a district server's sign-in page, and a headless
 * Debian chromium driven by playwright-core, whose pages' errors are recorded for the test to check.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { EngineOptions } from '../../electron/engine/context';
import { createEngineWithInternals, type EngineWithInternals } from '../../electron/engine/engine';
import { silentLogger } from '../../electron/engine/logger';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { sandboxProvider } from '../../electron/sandbox/provider';
import type { SandboxServer } from '../../electron/sandbox/index';
import type { Clock } from '../../shared/time';
import { insertUser } from '../../electron/engine/store/team';
import { hashPassword } from '../../electron/engine/team/passwords';
import type { TestStore } from '../helpers/db';
import { startServe, type ServeProcess } from '../helpers/serveProcess';
import { PASSWORD } from '../helpers/teamHost';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const ARTIFACTS = join(ROOT, 'test/e2e/artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const STATIC_DIR = join(ROOT, 'out/web');

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

export const LAPTOP = { width: 1366, height: 768 } as const;

/** Chromium, once the renderer is built and the browser installed (each said in one line if not). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(join(STATIC_DIR, 'index.html'))) {
    throw new Error('The renderer is not built: run `npm run build:web` first (npm run test:e2e does).');
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}: apt-get install -y chromium (the CI script does).`);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface ErrorWatch {
  /** Put before each entry: whose page it was, where a test drives several. */
  who?: string;
  /** Also record every answer of 400 or more (a test that expects none, as a refused call is one). */
  failedResponses?: boolean;
}

/** Records in `into` what the page reports wrong: uncaught errors and console errors (with their source). */
export function watchPageErrors(page: Page, into: string[], watch: ErrorWatch = {}): void {
  const prefix = watch.who ? `${watch.who}: ` : '';
  page.on('pageerror', (error) => into.push(`${prefix}${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') into.push(`${prefix}${message.text()} (${message.location().url})`);
  });
  if (watch.failedResponses) {
    page.on('response', (response) => {
      if (response.status() >= 400) into.push(`${prefix}${response.status()} ${response.url()}`);
    });
  }
}

/**
 * A district server's page in a context of its own (its own cookies: its own session), signed in as
 * `name` through the sign-in form, its errors recorded under that name.
 */
export async function signIn(
  browser: Browser,
  serverUrl: string,
  name: string,
  password: string,
  errors: string[],
): Promise<Page> {
  const context = await browser.newContext({ viewport: LAPTOP, acceptDownloads: true });
  const page = await context.newPage();
  watchPageErrors(page, errors, { who: name });
  await page.goto(`${serverUrl}/`);
  await page.waitForURL(/\/login$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  return page;
}

export interface TeamPages {
  server: ServeProcess;
  browser: Browser;
  approver: Page;
  preparer: Page;
}

/**
 * A district server (`district-recon serve`) on the test store's file, with an approver and a
 * preparer of these names (the helpers' PASSWORD), each signed in in a Chromium context of their own.
 * On failure what was started is closed; after, the test closes the browser, then the server.
 */
export async function startTeamPages(
  store: TestStore,
  names: { approver: string; preparer: string },
  errors: string[],
): Promise<TeamPages> {
  const passwordHash = await hashPassword(PASSWORD);
  for (const role of ['approver', 'preparer'] as const) {
    await insertUser(store.writer, { name: names[role], role, passwordHash, createdAt: '2026-03-04T15:00:00.000Z' });
  }
  const server = await startServe(join(store.folder!, 'district-recon.sqlite'));
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const [approver, preparer] = await Promise.all([
      signIn(browser, server.url, names.approver, PASSWORD, errors),
      signIn(browser, server.url, names.preparer, PASSWORD, errors),
    ]);
    return { server, browser, approver, preparer };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}

export interface E2eEngineOptions {
  /** Names the temp data folder (`recon-<name>-…`). */
  name: string;
  clock?: Clock;
  /**
   * The service: a sandbox the test started and drives (closed with the app); 'in-process' (the
   * default), sandbox mode as the desktop app has it, started on first use; 'none', no service at all.
   */
  sandbox?: SandboxServer | 'in-process' | 'none';
}

export interface BrowserOptions {
  /** 1366 x 768 unless said. */
  viewport?: { width: number; height: number };
  /** Where the page's errors go, for the test to check. */
  errors: string[];
  watch?: ErrorWatch;
}

export interface E2eApp {
  engine: EngineWithInternals;
  folder: string;
  /** The web host on the engine, Chromium and its page: started by `openBrowser`, after the test's seeding. */
  host: WebHost;
  browser: Browser;
  page: Page;
  openBrowser(options: BrowserOptions): Promise<Page>;
  /** Closes what was started (the browser, the host, the engine, the sandbox) and removes the folder. */
  close(): Promise<void>;
}

/** The engine of browser mode on a temp data folder, for the test to seed; then `openBrowser`. */
export async function startE2eEngine(options: E2eEngineOptions): Promise<E2eApp> {
  const folder = mkdtempSync(join(tmpdir(), `recon-${options.name}-`));
  const service = options.sandbox ?? 'in-process';
  const given = typeof service === 'string' ? null : service;
  const provider = service === 'in-process' ? sandboxProvider() : null;
  const connect: Pick<EngineOptions, 'sandbox' | 'sandboxByDefault'> = given
    ? {
        sandbox: async () => ({ url: given.url, token: given.token, secret: given.secret }),
        sandboxByDefault: true,
      }
    : provider
      ? { sandbox: provider.connect, sandboxByDefault: true }
      : {};
  let engine: EngineWithInternals;
  try {
    engine = await createEngineWithInternals({
      version: '0.0.0-e2e',
      dataFolder: folder,
      host: 'web',
      logger: silentLogger,
      ...(options.clock ? { clock: options.clock } : {}),
      ...connect,
    });
  } catch (error) {
    await given?.close();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  let host: WebHost | null = null;
  let browser: Browser | null = null;
  let page: Page | null = null;
  const started = <T>(part: T | null, name: string): T => {
    if (part === null) throw new Error(`The ${name} is not started: call openBrowser() first.`);
    return part;
  };
  return {
    engine,
    folder,
    get host() {
      return started(host, 'web host');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get page() {
      return started(page, 'page');
    },
    async openBrowser({ viewport = LAPTOP, errors, watch }) {
      browser = await launchChromium();
      host = await startWebHost({
        engine,
        staticDir: STATIC_DIR,
        resolveDownload: async (id) => {
          const records = (await engine.call('export.list', {}).catch(() => [])) as Array<{ id: number; file: string }>;
          return records.find((record) => String(record.id) === id)?.file ?? null;
        },
      });
      const context = await browser.newContext({ viewport, acceptDownloads: true });
      page = await context.newPage();
      watchPageErrors(page, errors, watch);
      await page.goto(host.launchUrl);
      await page.getByText('v0.0.0-e2e').waitFor();
      return page;
    },
    async close() {
      await browser?.close();
      await host?.close();
      await engine.close();
      await given?.close();
      await provider?.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface RunningApp extends E2eApp {
  /** Saves test/e2e/artifacts/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
}

/**
 * The app as a bookkeeper first opens it in a browser: sandbox mode, nothing synced. Every page error
 * and failed answer is an error at close.
 */
export async function startApp(): Promise<RunningApp> {
  const app = await startE2eEngine({ name: 'e2e' });
  const closeEverything = app.close;
  const errors: string[] = [];
  const running = app as RunningApp;
  running.screenshot = async (name) => {
    const path = join(ARTIFACTS, `${name}.png`);
    await app.page.screenshot({ path, fullPage: false });
    return path;
  };
  running.close = async () => {
    await closeEverything();
    if (errors.length) throw new Error(`The page logged errors:\n${errors.join('\n')}`);
  };
  try {
    await app.openBrowser({ viewport: { width: 1366, height: 860 }, errors, watch: { failedResponses: true } });
  } catch (error) {
    await closeEverything();
    throw error;
  }
  return running;
}
