/**
 * Links that leave the app open in the user's browser only when they are https and their host is
 * exactly one we list. The URL is parsed (never prefix-matched), so `district-recon.example.evil.com`,
 * `https://user@evil.com`, `http://` and `javascript:` are all refused.
 */
import { shell } from 'electron';

/** Hosts the app itself links to (its help pages). Add a host here, not a pattern. */
export const EXTERNAL_HOST_ALLOW_LIST: readonly string[] = ['district-recon.example'];

export const HELP_URL = 'https://district-recon.example/help';

export function isAllowedExternalUrl(raw: string, allowList: readonly string[] = EXTERNAL_HOST_ALLOW_LIST): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  // Credentials in a link are a phishing tell (`https://district-recon.example@evil.com` parses to evil.com anyway).
  if (url.username || url.password) return false;
  if (url.port && url.port !== '443') return false;
  return allowList.includes(url.hostname.toLowerCase());
}

/** Opens the URL in the default browser when allowed; returns whether it did. */
export async function openExternalIfAllowed(raw: string): Promise<boolean> {
  if (!isAllowedExternalUrl(raw)) return false;
  // Reviewed: only https URLs whose host is exactly on EXTERNAL_HOST_ALLOW_LIST reach the shell (checked just above).
  await shell.openExternal(new URL(raw).href); // eng-disable OPEN_EXTERNAL_JS_CHECK
  return true;
}
