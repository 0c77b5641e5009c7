/**
 * The Electron main process: one window over the engine. Security hardening, credentials,
 * schedule and packaging are built out in the Electron-shell issue.
 */
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain } from 'electron';
import { createEngine } from '../engine/engine';
import { forwardEvents, registerEngineIpc } from './ipc';

let window: BrowserWindow | null = null;

function isAppUrl(url: string): boolean {
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) return url.startsWith(new URL(devUrl).origin + '/');
  return url.startsWith('file://') && url.includes('/out/renderer/');
}

async function start(): Promise<void> {
  const engine = await createEngine({
    version: app.getVersion(),
    dataFolder: app.getPath('userData'),
    host: 'electron',
    sandboxByDefault: true,
  });
  registerEngineIpc(ipcMain, engine, isAppUrl);

  window = new BrowserWindow({
    width: 1280,
    height: 820,
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  forwardEvents(engine as never, () => window?.webContents ?? null);
  window.once('ready-to-show', () => window?.show());
  if (process.env.ELECTRON_RENDERER_URL) await window.loadURL(process.env.ELECTRON_RENDERER_URL);
  else await window.loadFile(join(__dirname, '../renderer/index.html'));

  app.on('before-quit', () => void engine.close());
}

app.whenReady().then(start, (error: unknown) => {
  console.error('District Recon could not start:', error instanceof Error ? error.message : error);
  app.quit();
});
app.on('window-all-closed', () => app.quit());
