/**
 * The main window and the rules every web page in the app lives under: the renderer is sandboxed,
 * isolated from the preload, has no Node; it cannot navigate away, open windows or embed webviews.
 * Links to allow-listed https pages open in the user's browser instead.
 */
import { BrowserWindow, type WebContents } from 'electron';
import { openExternalIfAllowed } from './external';
import { MIN_HEIGHT, MIN_WIDTH, saveWindowState, type WindowState } from './windowState';

/** Navigation, redirects, new windows and webviews: applied to every WebContents the app creates. */
export function lockDownContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    void openExternalIfAllowed(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalIfAllowed(url);
    return { action: 'deny' };
  });
}

export interface MainWindowOptions {
  preloadPath: string;
  state: WindowState;
  stateFile: string;
  iconPath?: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    ...options.state.bounds,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: 'District Recon',
    backgroundColor: '#ffffff',
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    // Written out here, not built by a helper, so electronegativity (npm run security) can see each one.
    webPreferences: {
      // Reviewed: the preload (electron/preload) exposes only `call` for contract method names and
      // `on` for contract event names through contextBridge; no ipcRenderer, no Node, no generic invoke.
      preload: options.preloadPath, // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // Middle-click would otherwise try to open a link in a new window (denied anyway, see lockDownContents).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (options.state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    try {
      saveWindowState(options.stateFile, { bounds: window.getNormalBounds(), maximized: window.isMaximized() });
    } catch {
      // Not remembering the size is no reason to stop the window closing.
    }
  });
  return window;
}
