/**
 * The desktop host's own calls and events, beside the engine's contract: they are about the app
 * window, not the district's data, so no engine serves them and the browser has none. Names and
 * types only: the sandboxed preload imports this file and can load no npm package.
 */

/** How far the first open of the store got: it re-checks deposits that lack checks (after an upgrade). */
export interface OpeningProgress {
  /** Deposits checked so far; 0 with total 0 while the store is still being opened. */
  done: number;
  total: number;
  /** At the rate so far; null until there is a rate. */
  secondsLeft: number | null;
}

export interface DesktopMethods {
  /** The opening's progress now, or null once the store is open (a page loaded late asks). */
  'opening.status': { args: Record<string, never>; result: OpeningProgress | null };
}

export interface DesktopEvents {
  /** Each step of the opening; null when it is over. */
  opening: OpeningProgress | null;
}

export type DesktopMethodName = keyof DesktopMethods;
export type DesktopEventName = keyof DesktopEvents;

// Records, so a method or event added above without its name here does not compile.
const METHODS: Record<DesktopMethodName, true> = { 'opening.status': true };
const EVENTS: Record<DesktopEventName, true> = { opening: true };

export const DESKTOP_METHOD_NAMES = Object.keys(METHODS) as DesktopMethodName[];
export const DESKTOP_EVENT_NAMES = Object.keys(EVENTS) as DesktopEventName[];

export function isDesktopMethodName(value: unknown): value is DesktopMethodName {
  return typeof value === 'string' && Object.hasOwn(METHODS, value);
}

export function isDesktopEventName(value: unknown): value is DesktopEventName {
  return typeof value === 'string' && Object.hasOwn(EVENTS, value);
}
