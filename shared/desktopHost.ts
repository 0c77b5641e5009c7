/**
 * The desktop host's own calls and events, beside the engine's contract: they are about the app
 * itself (its store's opening, which data it works on), not the district's data, so no engine
 * serves them and the browser has none. Names and types only: the sandboxed preload imports this
 * file and can load no npm package.
 */
import type { Role } from './contractRoles';

/** How far the first open of the store got: it re-checks deposits that lack checks (after an upgrade). */
export interface OpeningProgress {
  /** Deposits checked so far; 0 with total 0 while the store is still being opened. */
  done: number;
  total: number;
  /** At the rate so far; null until there is a rate. */
  secondsLeft: number | null;
}

/**
 * Which data the app works on: this computer's own store (the default, and offline), or a district
 * server (DESIGN.md §11) that the desktop reaches over HTTPS with a session it keeps in memory only.
 */
export type ServerStatus =
  | {
      mode: 'local';
      /** The server last signed in to, to offer again (never a password or a session). */
      lastServer: { url: string; name: string } | null;
    }
  | {
      mode: 'server';
      /** The server's origin, e.g. https://recon.district.org */
      url: string;
      name: string;
      role: Role;
      /** False once the server ended the session (expired, signed out there, user disabled). */
      signedIn: boolean;
    };

export interface SignInArgs {
  url: string;
  name: string;
  password: string;
}

export interface DesktopMethods {
  /** The opening's progress now, or null once the store is open (a page loaded late asks). */
  'opening.status': { args: Record<string, never>; result: OpeningProgress | null };
  'server.status': { args: Record<string, never>; result: ServerStatus };
  /** Signs in and, only once that worked, switches every contract call to the server. */
  'server.signIn': { args: SignInArgs; result: ServerStatus };
  /** Ends the server session and goes back to this computer's data. */
  'server.signOut': { args: Record<string, never>; result: ServerStatus };
}

export interface DesktopEvents {
  /** Each step of the opening; null when it is over. */
  opening: OpeningProgress | null;
  /** Whenever the app switched between its own data and a server, or the server ended the session. */
  server: ServerStatus;
}

export type DesktopMethodName = keyof DesktopMethods;
export type DesktopEventName = keyof DesktopEvents;

// Records, so a method or event added above without its name here does not compile.
const METHODS: Record<DesktopMethodName, true> = {
  'opening.status': true,
  'server.status': true,
  'server.signIn': true,
  'server.signOut': true,
};
const EVENTS: Record<DesktopEventName, true> = { opening: true, server: true };

export const DESKTOP_METHOD_NAMES = Object.keys(METHODS) as DesktopMethodName[];
export const DESKTOP_EVENT_NAMES = Object.keys(EVENTS) as DesktopEventName[];

export function isDesktopMethodName(value: unknown): value is DesktopMethodName {
  return typeof value === 'string' && Object.hasOwn(METHODS, value);
}

export function isDesktopEventName(value: unknown): value is DesktopEventName {
  return typeof value === 'string' && Object.hasOwn(EVENTS, value);
}
