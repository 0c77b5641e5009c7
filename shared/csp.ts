/**
 * The app's Content-Security-Policy, the same in the desktop window (a header set by the main
 * process) and in browser mode (a header from the web host): scripts only from the app itself, no
 * inline script, no eval, no remote origin; the renderer needs no network beyond its own host.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');
