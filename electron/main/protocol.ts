/**
 * Serves the built renderer (out/renderer) on `app://district-recon/`. A custom standard, secure
 * scheme instead of file:// (Electron security checklist, "use a custom protocol"): the app has a
 * real origin that IPC and navigation checks can compare exactly, and a page can never read other
 * local files through file:// URLs. Only files inside the renderer folder are served.
 */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './appUrl';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** Must run before `app` is ready (Electron's rule); one call registers all our schemes. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // No corsEnabled and no bypassCSP: other origins cannot read these files and our CSP applies.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** The file inside `rendererDir` that a request URL names, or null when it names anything else. */
export function resolveAppFile(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const root = resolve(rendererDir);
  const file = resolve(root, '.' + (path === '/' ? '/index.html' : path));
  return file.startsWith(root + sep) ? file : null;
}

export function serveAppScheme(rendererDir: string, csp: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
