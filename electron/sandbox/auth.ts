/**
 * The spec's header is `Authentication: Basic base64(token:secret)`, not the usual Authorization.
 * An Authorization header alone is refused like no header, with a message that says why.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { ServiceError } from './errors';

export function basicCredentials(token: string, secret: string): string {
  return `Basic ${Buffer.from(`${token}:${secret}`, 'utf8').toString('base64')}`;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function checkAuthentication(headers: IncomingHttpHeaders, token: string, secret: string): void {
  const value = headers['authentication'];
  if (typeof value !== 'string' || value.trim() === '') {
    const hint = headers['authorization'] ? ' (this service reads the Authentication header, not Authorization)' : '';
    throw new ServiceError(
      401,
      'NOT_AUTHORIZED',
      `Not authorized: send the header Authentication: Basic base64(token:secret)${hint}`,
      {
        'WWW-Authenticate': 'Basic realm="payment service"',
      },
    );
  }
  const match = /^basic\s+(\S+)$/i.exec(value.trim());
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0 || !same(decoded.slice(0, colon), token) || !same(decoded.slice(colon + 1), secret)) {
    throw new ServiceError(401, 'NOT_AUTHORIZED', 'Not authorized: the token or secret is wrong');
  }
}
