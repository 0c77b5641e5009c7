/**
 * The district server's address as the bookkeeper typed it, checked before anything is sent: the
 * sign-in carries a password, so only https:// is accepted, except plain http:// on this computer
 * itself (loopback never leaves the machine, as `district-recon serve` allows it too).
 */
import { isIP } from 'node:net';
import { ContractError } from '../../shared/contract';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** The server's origin (scheme, host, port): the server answers at its root, whatever path was pasted. */
export function serverOrigin(input: string): URL {
  const typed = input.trim();
  const refuse = (why: string) => new ContractError('BAD_ARGUMENTS', why);
  if (!typed) throw refuse('Enter the district server’s address, e.g. https://recon.district.org.');
  let url: URL;
  try {
    // A bare host name ("recon.district.org") means https.
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    throw refuse(`“${typed}” is not a web address. Enter it as https://recon.district.org.`);
  }
  if (url.username || url.password) {
    throw refuse('Leave the name and password out of the address; enter them in their own fields.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw refuse(
      `Plain http:// would send your password unencrypted: use https://${url.host}. (http:// is only for a server on this computer.)`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse(`A district server’s address starts with https://, not ${url.protocol}//.`);
  }
  return new URL(url.origin);
}
