/**
 * Where the app's own pages come from, and the one test of "is this URL ours" that IPC, navigation
 * and CSP rely on. Packaged, the renderer is served from the privileged `app://district-recon/`
 * scheme (protocol.ts) rather than file://, so "ours" is an exact scheme + host match, never a path
 * substring. The dev server URL (electron-vite dev) is honoured only when the app is not packaged:
 * otherwise an environment variable could point a signed build at a remote page.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'district-recon';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export interface AppUrlPolicy {
  /** The URL the main window loads; views are `#/<view>` on it. */
  entryUrl: string;
  isAppUrl(url: string): boolean;
  dev: boolean;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export function appUrlPolicy(options: { isPackaged: boolean; devServerUrl?: string | undefined }): AppUrlPolicy {
  const dev = parse(!options.isPackaged && options.devServerUrl ? options.devServerUrl : '');
  if (dev && (dev.protocol === 'http:' || dev.protocol === 'https:') && isLoopback(dev.hostname)) {
    return {
      entryUrl: dev.href,
      dev: true,
      isAppUrl: (url) => {
        const parsed = parse(url);
        // WHATWG origin of an http(s) URL: scheme, host and port must all match.
        return parsed !== null && parsed.origin === dev.origin && !parsed.username && !parsed.password;
      },
    };
  }
  return {
    entryUrl: APP_ENTRY_URL,
    dev: false,
    isAppUrl: (url) => {
      const parsed = parse(url);
      // Node's URL gives `null` as the origin of a non-special scheme, so compare the parts.
      return (
        parsed !== null &&
        parsed.protocol === `${APP_SCHEME}:` &&
        parsed.host === APP_HOST &&
        !parsed.username &&
        !parsed.password
      );
    },
  };
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** The entry URL showing one view: the renderer routes on `#/<view>` (renderer/src/routes.ts). */
export function viewUrl(entryUrl: string, view: string): string {
  const url = new URL(entryUrl);
  url.hash = `#/${view}`;
  return url.href;
}
