import { ConnectionConfigError } from './errors';

/** Credentials never travel over plain http, except to this machine (the sandbox). */
export function checkServiceUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConnectionConfigError(
      `The service address ${JSON.stringify(raw)} is not a web address (expected https://...).`,
    );
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return url;
  throw new ConnectionConfigError(
    url.protocol === 'http:'
      ? `The service address ${url.origin} uses plain http; District Recon only sends the token and secret over https (plain http is allowed only to this computer).`
      : `The service address must start with https://, not ${url.protocol}//.`,
  );
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
