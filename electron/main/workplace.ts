/**
 * Which data the desktop works on: this computer's own engine (the default, and offline), or a
 * district server signed in to from Settings. The page keeps one IPC contract either way; this
 * routes each call, and relays the events of whichever is in use and no other.
 *
 * A switch happens only once it has fully worked: a refused address, a wrong password or a server
 * that does not answer leaves the app where it was. Only the server's address and the user's name
 * are remembered on disk (to offer them again); the session lives in memory and ends with the app.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ContractError, type EventName } from '../../shared/contract';
import type { ServerStatus, SignInArgs } from '../../shared/desktopHost';
import type { DistrictSession, SignInRequest } from './districtServer';
import { serverOrigin } from './serverAddress';

export interface LocalEngine {
  callUnknown(method: unknown, args: unknown): Promise<unknown>;
  onAny(listener: (event: EventName, payload: unknown) => void): () => void;
}

export interface WorkplaceOptions {
  /** This computer's engine, once its store is open; calls made before wait for it. */
  local: Promise<LocalEngine>;
  connect(request: SignInRequest): Promise<DistrictSession>;
  /** Trusted roots for https servers; undefined: Node's own. */
  ca?: string[];
  /** Where the last server's address and user name are kept (no secret). */
  rememberFile: string;
  /** Every change of where the app works, for the page. */
  onStatus(status: ServerStatus): void;
  onWarning?(message: string): void;
}

export interface Workplace {
  callUnknown(method: unknown, args: unknown): Promise<unknown>;
  onAny(listener: (event: EventName, payload: unknown) => void): () => void;
  status(): ServerStatus;
  signIn(args: unknown): Promise<ServerStatus>;
  signOut(): Promise<ServerStatus>;
}

function readRemembered(file: string): { url: string; name: string } | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as { url?: unknown; name?: unknown };
    return typeof value.url === 'string' && typeof value.name === 'string'
      ? { url: value.url, name: value.name }
      : null;
  } catch {
    return null;
  }
}

/** The page's sign-in, checked here: it comes from the renderer. */
export function signInArgs(args: unknown): SignInArgs {
  const shape = 'server.signIn takes {url, name, password} as text.';
  if (!args || typeof args !== 'object') throw new ContractError('BAD_ARGUMENTS', shape);
  const { url, name, password } = args as Record<string, unknown>;
  if (typeof url !== 'string' || typeof name !== 'string' || typeof password !== 'string') {
    throw new ContractError('BAD_ARGUMENTS', shape);
  }
  if (url.length > 2_000 || name.length > 200 || password.length > 1_000) {
    throw new ContractError('BAD_ARGUMENTS', 'The address, name or password is far too long; check what was pasted.');
  }
  if (!name.trim()) throw new ContractError('BAD_ARGUMENTS', 'Enter your name as the district server knows it.');
  if (!password) throw new ContractError('BAD_ARGUMENTS', 'Enter your password for the district server.');
  return { url, name: name.trim(), password };
}

export function createWorkplace(options: WorkplaceOptions): Workplace {
  let active: DistrictSession | null = null;
  let remembered = readRemembered(options.rememberFile);
  const listeners = new Set<(event: EventName, payload: unknown) => void>();
  const emit = (event: EventName, payload: unknown) => [...listeners].forEach((listener) => listener(event, payload));

  void options.local.then(
    (engine) => engine.onAny((event, payload) => active === null && emit(event, payload)),
    () => undefined,
  );

  const status = (): ServerStatus =>
    active
      ? { mode: 'server', url: active.url, name: active.user.name, role: active.user.role, signedIn: active.signedIn }
      : { mode: 'local', lastServer: remembered };

  const remember = (url: string, name: string) => {
    remembered = { url, name };
    try {
      writeFileSync(options.rememberFile, JSON.stringify(remembered));
    } catch {
      options.onWarning?.('The district server’s address could not be remembered for next time.');
    }
  };

  // Best effort: the app has already moved on whatever the server says; an unreachable server
  // ends the session itself when it expires.
  const endSession = (session: DistrictSession): Promise<unknown> =>
    session.signOut().catch(() => options.onWarning?.(`The session on ${session.url} could not be ended there.`));

  return {
    async callUnknown(method, args) {
      const session = active;
      if (session) return session.callUnknown(method, args);
      return (await options.local).callUnknown(method, args);
    },
    onAny(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    status,
    async signIn(args) {
      const { url, name, password } = signInArgs(args);
      const origin = serverOrigin(url);
      // Nothing changes until the server has accepted the sign-in.
      const session = await options.connect({ origin, name, password, ca: options.ca });
      const previous = active;
      active = session;
      session.onAny((event, payload) => active === session && emit(event, payload));
      session.onEnded(() => active === session && options.onStatus(status()));
      remember(session.url, session.user.name);
      options.onStatus(status());
      if (previous) void endSession(previous);
      return status();
    },
    async signOut() {
      const previous = active;
      active = null;
      options.onStatus(status());
      if (previous) await endSession(previous);
      return status();
    },
  };
}
