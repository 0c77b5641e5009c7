/**
 * The session's cookies. The session id is httpOnly (no script reads it); the CSRF token is
 * readable by the page on purpose (the app sends it back as X-CSRF-Token), and the server compares
 * that header with the token stored with the session, not with the cookie, so a planted cookie
 * gains nothing. Both are SameSite=Strict, and Secure with the __Host- prefix whenever the server
 * is reached over HTTPS (directly or through the proxy); only loopback plain HTTP goes without.
 */
import type { IncomingMessage } from 'node:http';

export interface CookieNames {
  session: string;
  csrf: string;
}

export function cookieNames(secure: boolean): CookieNames {
  // __Host-: the browser keeps the cookie to this exact host, path /, and only if Secure.
  return secure
    ? { session: '__Host-recon_session', csrf: '__Host-recon_csrf' }
    : { session: 'recon_session', csrf: 'recon_csrf' };
}

export function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

export function setCookies(
  names: CookieNames,
  secure: boolean,
  values: { session: string; csrf: string; maxAgeSeconds: number } | null,
): string[] {
  const flags = (httpOnly: boolean, maxAge: number) =>
    [
      'Path=/',
      `Max-Age=${maxAge}`,
      'SameSite=Strict',
      ...(httpOnly ? ['HttpOnly'] : []),
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  if (!values) return [`${names.session}=; ${flags(true, 0)}`, `${names.csrf}=; ${flags(false, 0)}`];
  return [
    `${names.session}=${values.session}; ${flags(true, values.maxAgeSeconds)}`,
    `${names.csrf}=${values.csrf}; ${flags(false, values.maxAgeSeconds)}`,
  ];
}
