/**
 * The Electron main process: one window over the engine, hardened (window.ts, csp.ts,
 * permissions.ts, protocol.ts), credentials in safeStorage (credentials.ts), the nightly schedule
 * (schedule.ts), notifications, a native menu and a clean shutdown. The window opens while the
 * store does (opening.ts); the page works on this computer's engine or on a district server
 * (workplace.ts).
 *
 * The engine runs in this process, not in a utilityProcess: docs/engine-hosting.md gives the
 * measurements and the rule for moving it.
 */
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  powerMonitor,
  safeStorage,
  screen,
  session,
} from 'electron';
import { createEngine, type Engine } from '../engine/engine';
import { toErrorPayload } from '../../shared/contract';
import { createConsoleLogger, redact } from '../engine/logger';
import { appUrlPolicy, viewUrl } from './appUrl';
import { safeStorageCredentialStore } from './credentials';
import { cspFor, installCsp } from './csp';
import { registerDesktopIpc, sendDesktopEvent } from './desktopIpc';
import { withExportSaveDialog } from './exportDialog';
import { HELP_URL, openExternalIfAllowed } from './external';
import { forwardEvents, registerEngineIpc } from './ipc';
import { menuTemplate } from './menu';
import { notifySyncResults } from './notifications';
import { trackOpening } from './opening';
import { denyAllPermissions } from './permissions';
import { registerAppScheme, serveAppScheme } from './protocol';
import { importSandboxStatementOnce } from '../sandbox/demoStatement';
import { sandboxProvider } from '../sandbox/provider';
import { hostSchedule } from './schedule';
import { installCleanShutdown } from './shutdown';
import { createMainWindow, lockDownContents } from './window';
import { loadWindowState } from './windowState';
import { createWorkplace } from './workplace';
import { signInToServer } from './districtServer';
import { systemCertificates } from './serverHttp';

const policy = appUrlPolicy({ isPackaged: app.isPackaged, devServerUrl: process.env.ELECTRON_RENDERER_URL });
const logger = createConsoleLogger();
let mainWindow: BrowserWindow | null = null;

function showView(view: string): void {
  const window = mainWindow;
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
  // A same-document (fragment) navigation: the renderer routes on the hash; nothing reloads.
  void window.webContents.loadURL(viewUrl(policy.entryUrl, view));
}

function focusMainWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const csp = cspFor(policy.dev);
  const appSession = session.defaultSession;
  denyAllPermissions(appSession);
  installCsp(appSession, csp);
  serveAppScheme(join(__dirname, '../renderer'), csp);

  // The window opens before the store does: opening a big store after an upgrade re-checks its
  // deposits for minutes, and the page shows how far that got (opening.ts) instead of nothing.
  const stateFile = join(userData, 'window-state.json');
  mainWindow = createMainWindow({
    preloadPath: join(__dirname, '../preload/index.cjs'),
    state: loadWindowState(
      stateFile,
      screen.getAllDisplays().map((display) => display.workArea),
    ),
    stateFile,
  });
  mainWindow.on('closed', () => (mainWindow = null));
  const opening = trackOpening({
    page: (progress) => sendDesktopEvent(mainWindow?.webContents, 'opening', progress),
    taskbar: (fraction) => mainWindow?.setProgressBar(fraction),
  });

  const sandbox = sandboxProvider();
  const opened = createEngine({
    version: app.getVersion(),
    dataFolder: userData,
    host: 'electron',
    sandbox: sandbox.connect,
    sandboxByDefault: true,
    logger,
    onOpenProgress: opening.onOpenProgress,
    credentials: safeStorageCredentialStore({
      file: join(userData, 'connection.bin'),
      safeStorage,
      platform: process.platform,
      logger,
    }),
  });
  // This computer's engine, or a district server once signed in (Settings); calls made while the
  // store opens wait for it (a failed open ends the app, below).
  const workplace = createWorkplace({
    local: opened,
    connect: signInToServer,
    ca: systemCertificates(),
    rememberFile: join(userData, 'district-server.json'),
    onStatus: (status) => sendDesktopEvent(mainWindow?.webContents, 'server', status),
    onWarning: (message) => logger.warn(message),
  });
  registerDesktopIpc(
    ipcMain,
    {
      'opening.status': () => opening.current(),
      'server.status': () => workplace.status(),
      'server.signIn': (args) => workplace.signIn(args),
      'server.signOut': () => workplace.signOut(),
    },
    policy.isAppUrl,
  );
  const stopForwarding = forwardEvents(workplace, () => mainWindow?.webContents ?? null);

  const chooseFile = withExportSaveDialog(workplace, async ({ defaultName, extension }) => {
    const options = {
      title: 'Export GL batches',
      defaultPath: join(app.getPath('documents'), defaultName),
      filters: [{ name: extension === 'xlsx' ? 'Excel workbook' : 'CSV file', extensions: [extension] }],
    };
    const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  });
  registerEngineIpc(ipcMain, chooseFile, policy.isAppUrl);

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        {
          // Progress and the result reach the renderer as the usual contract events; a refusal
          // (no connection yet, already running) is told in a dialog since no page asked for it.
          syncNow: () =>
            void workplace.callUnknown('sync.start', {}).catch((error: unknown) => {
              const detail = redact(toErrorPayload(error).message);
              const options = { type: 'warning' as const, message: 'The sync could not start.', detail };
              void (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options));
            }),
          showView,
          openHelp: () => void openExternalIfAllowed(HELP_URL),
        },
        process.platform,
      ),
    ),
  );

  const loaded = mainWindow.loadURL(policy.entryUrl);
  // Awaited at the end; marked handled now, since a failed open ends the app before that.
  loaded.catch(() => undefined);
  let engine: Engine;
  try {
    engine = await opened;
  } finally {
    opening.finish();
  }

  // Sandbox mode: the sandbox's bank statement once, so matching shows on demo data (demoStatement.ts).
  void importSandboxStatementOnce(engine, sandbox.statement).catch((error: unknown) =>
    logger.warn("The sandbox's bank statement was not imported", { error: String(error) }),
  );

  const stopNotifying = notifySyncResults(
    engine,
    (notice) => (Notification.isSupported() ? new Notification({ title: notice.title, body: notice.body }) : null),
    (notice) => showView(notice.view),
    (error) =>
      logger.warn('The notification after the sync could not be prepared', {
        error: error instanceof Error ? error.message : String(error),
      }),
  );
  const stopSchedule = hostSchedule(
    () => engine.schedule.start(),
    powerMonitor,
    (error) =>
      logger.warn('The nightly schedule could not start', {
        error: error instanceof Error ? error.message : String(error),
      }),
  );

  installCleanShutdown(
    app,
    async () => {
      stopSchedule();
      stopNotifying();
      stopForwarding();
      await engine.close();
      await sandbox.close();
    },
    { onError: (error) => logger.error('Closing the engine failed', { error: String(error) }) },
  );

  await loaded;
}

// Everything below runs before `ready`.
if (!app.requestSingleInstanceLock()) {
  // A second launch hands over to the first (which focuses its window) and leaves.
  app.quit();
} else {
  registerAppScheme();
  app.on('second-instance', focusMainWindow);
  // Every WebContents, including any a future feature creates, gets the same navigation rules.
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, policy.isAppUrl));
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox('District Recon could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}
