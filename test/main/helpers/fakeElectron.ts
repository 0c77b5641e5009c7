/**
 * A stand-in for the `electron` module (its binary cannot run here): records what main asks of it,
 * so tests can assert window options, handlers and menu, and fire the events Electron would.
 * Use: `vi.mock('electron', async () => (await import('./helpers/fakeElectron')).fakeElectronModule())`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Handler = (...args: never[]) => unknown;

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  readonly loaded: string[] = [];
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  isDestroyed() {
    return this.destroyed;
  }
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args });
    fake.timeline.push(`send ${channel} ${String(args[0])}`);
  }
  async loadURL(url: string) {
    this.loaded.push(url);
    fake.timeline.push(`load ${url}`);
  }
  /** Fires an event the way Electron does and reports whether a listener called preventDefault(). */
  fire(event: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  readonly webContents: FakeWebContents;
  bounds = { x: 10, y: 20, width: 1280, height: 820 };
  maximized = false;
  readonly progressBar: number[] = [];
  constructor(readonly options: Record<string, unknown>) {
    super();
    this.webContents = new FakeWebContents();
    fake.webContentsCreated.forEach((listener) => listener({}, this.webContents));
    FakeBrowserWindow.created.push(this);
  }
  async loadURL(url: string) {
    return this.webContents.loadURL(url);
  }
  getNormalBounds() {
    return this.bounds;
  }
  isMaximized() {
    return this.maximized;
  }
  isMinimized() {
    return false;
  }
  maximize() {
    this.maximized = true;
  }
  setProgressBar(progress: number) {
    this.progressBar.push(progress);
  }
  restore() {}
  show() {}
  focus() {}
}

/** safeStorage with real AES so ciphertext is not the plain text; `available`/`backend` model the OS. */
export class FakeSafeStorage {
  available = true;
  backend = 'gnome_libsecret';
  private key = randomBytes(32);
  isEncryptionAvailable() {
    return this.available;
  }
  getSelectedStorageBackend() {
    return this.backend;
  }
  encryptString(text: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }
  decryptString(data: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  }
  /** Another user / reinstalled OS: the old ciphertext no longer decrypts. */
  rotateKey() {
    this.key = randomBytes(32);
  }
}

export interface FakeState {
  userData: string;
  isPackaged: boolean;
  appListeners: Map<string, Handler[]>;
  ipcHandlers: Map<string, Handler>;
  webContentsCreated: Array<(event: unknown, contents: FakeWebContents) => void>;
  protocolHandlers: Map<string, (request: { url: string }) => Promise<Response>>;
  privilegedSchemes: unknown[];
  permissionRequestHandler: Handler | null;
  permissionCheckHandler: Handler | null;
  devicePermissionHandler: Handler | null;
  headersReceived: Handler | null;
  menuTemplate: unknown[] | null;
  notifications: Array<{ title: string; body: string; shown: boolean; emit(event: string): void }>;
  saveDialogResult: { canceled: boolean; filePath?: string };
  saveDialogCalls: unknown[];
  singleInstance: boolean;
  ready: () => void;
  readyPromise: Promise<void>;
  safeStorage: FakeSafeStorage;
  /** What main did to its windows, in order: `load URL`, `send CHANNEL NAME`. */
  timeline: string[];
}

function freshState(): FakeState {
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  return {
    userData: '',
    isPackaged: true,
    appListeners: new Map(),
    ipcHandlers: new Map(),
    webContentsCreated: [],
    protocolHandlers: new Map(),
    privilegedSchemes: [],
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    devicePermissionHandler: null,
    headersReceived: null,
    menuTemplate: null,
    notifications: [],
    saveDialogResult: { canceled: true },
    saveDialogCalls: [],
    singleInstance: true,
    ready,
    readyPromise,
    safeStorage: new FakeSafeStorage(),
    timeline: [],
  };
}

export let fake: FakeState = freshState();

export function resetFakeElectron(): FakeState {
  fake = freshState();
  FakeBrowserWindow.created = [];
  shellOpenExternal.mockClear();
  appExit.mockClear();
  return fake;
}

export const shellOpenExternal = vi.fn(async (_url: string) => {});
export const appExit = vi.fn((_code?: number) => {});

export function emitApp(event: string, ...args: unknown[]): void {
  for (const listener of fake.appListeners.get(event) ?? []) (listener as (...a: unknown[]) => unknown)(...args);
}

export function fakeElectronModule() {
  const session = {
    setPermissionRequestHandler: (handler: Handler) => (fake.permissionRequestHandler = handler),
    setPermissionCheckHandler: (handler: Handler) => (fake.permissionCheckHandler = handler),
    setDevicePermissionHandler: (handler: Handler) => (fake.devicePermissionHandler = handler),
    webRequest: { onHeadersReceived: (handler: Handler) => (fake.headersReceived = handler) },
  };
  class Notification {
    static isSupported = () => true;
    private readonly emitter = new EventEmitter();
    readonly record: FakeState['notifications'][number];
    constructor(options: { title: string; body: string }) {
      this.record = { ...options, shown: false, emit: (event) => this.emitter.emit(event) };
      fake.notifications.push(this.record);
    }
    on(event: string, listener: () => void) {
      this.emitter.on(event, listener);
      return this;
    }
    show() {
      this.record.shown = true;
    }
  }
  const module = {
    app: {
      get isPackaged() {
        return fake.isPackaged;
      },
      getVersion: () => '0.1.0-test',
      getPath: (name: string) => (name === 'userData' ? fake.userData : `${fake.userData}/${name}`),
      requestSingleInstanceLock: () => fake.singleInstance,
      on: (event: string, listener: Handler) => {
        if (event === 'web-contents-created') fake.webContentsCreated.push(listener as never);
        fake.appListeners.set(event, [...(fake.appListeners.get(event) ?? []), listener]);
      },
      whenReady: () => fake.readyPromise,
      quit: vi.fn(),
      exit: appExit,
    },
    BrowserWindow: FakeBrowserWindow,
    ipcMain: {
      handle: (channel: string, handler: Handler) => fake.ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => fake.ipcHandlers.delete(channel),
    },
    shell: { openExternal: shellOpenExternal },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => fake.privilegedSchemes.push(...schemes),
      handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) =>
        fake.protocolHandlers.set(scheme, handler),
    },
    session: { defaultSession: session },
    safeStorage: {
      isEncryptionAvailable: () => fake.safeStorage.isEncryptionAvailable(),
      getSelectedStorageBackend: () => fake.safeStorage.getSelectedStorageBackend(),
      encryptString: (text: string) => fake.safeStorage.encryptString(text),
      decryptString: (data: Buffer) => fake.safeStorage.decryptString(data),
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (menu: { template: unknown[] }) => (fake.menuTemplate = menu.template),
    },
    Notification,
    dialog: {
      showSaveDialog: async (...args: unknown[]) => {
        fake.saveDialogCalls.push(args);
        return fake.saveDialogResult;
      },
      showErrorBox: vi.fn(),
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    powerMonitor: new EventEmitter(),
  };
  return { ...module, default: module };
}
