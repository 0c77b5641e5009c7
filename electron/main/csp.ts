/**
 * The Content-Security-Policy of every response the window loads, set as a header (a `<meta>` in
 * renderer/index.html says the same for browser mode). Scripts only from the app itself, no inline
 * script, no eval, no remote origin of any kind; the renderer talks to the engine over IPC, so it
 * needs no network at all.
 */
import type { Session } from 'electron';
import { APP_CSP } from '../../shared/csp';

export { APP_CSP };

/**
 * Development only (electron-vite dev, never a packaged build): Vite injects an inline React-refresh
 * preamble and `<style>` tags and talks to its dev server over a websocket.
 */
export const DEV_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function cspFor(dev: boolean): string {
  return dev ? DEV_CSP : APP_CSP;
}

/** Replaces any CSP on every response of the session with ours. */
export function installCsp(session: Session, policy: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value;
    }
    // The policy is APP_CSP or DEV_CSP above (composed, so electronegativity cannot parse it here).
    headers['Content-Security-Policy'] = [policy]; // eng-disable CSP_GLOBAL_CHECK
    callback({ responseHeaders: headers });
  });
}
