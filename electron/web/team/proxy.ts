/**
 * Which forwarded headers to believe (issue 26 item 3). Behind a reverse proxy the client's address
 * and scheme come from X-Forwarded-For and X-Forwarded-Proto, which anyone can write: they count
 * only on a connection from one of the proxies `serve --trusted-proxy ADDR[,ADDR]` names (by
 * default the proxy on this machine, over loopback). Anything else reaching the server directly is
 * refused, so the headers of a guesser who bypasses the proxy are never read.
 */
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** The proxy on this machine: what `--behind-proxy` trusts when no `--trusted-proxy` is given. */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.1', '::1'];

/** One spelling per address: "::ffff:10.0.0.5" (IPv4 on a dual-stack socket) is 10.0.0.5. */
export function normaliseAddress(address: string): string {
  const plain = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  return mapped ? mapped[1]! : plain;
}

/** Parses `--trusted-proxy`'s list; throws a one-line error naming an entry that is not an IP address. */
export function parseTrustedProxies(list: string): string[] {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0)
    throw new Error('--trusted-proxy needs the proxy’s IP address, e.g. --trusted-proxy 10.0.0.5');
  for (const entry of entries) {
    if (isIP(normaliseAddress(entry)) === 0)
      throw new Error(
        `--trusted-proxy takes IP addresses separated by commas; ${JSON.stringify(entry)} is not one (a host name is not trusted: it can change).`,
      );
  }
  return entries.map(normaliseAddress);
}

export interface ProxyTrust {
  /** Whether this request came straight from a trusted proxy (its forwarded headers count). */
  fromProxy(req: IncomingMessage): boolean;
  /** The client's address: the socket's, or behind a trusted proxy the nearest untrusted hop. */
  clientAddress(req: IncomingMessage): string;
}

export function proxyTrust(trusted: readonly string[] | null): ProxyTrust {
  const set = new Set((trusted ?? []).map(normaliseAddress));
  const fromProxy = (req: IncomingMessage) => set.has(normaliseAddress(req.socket.remoteAddress ?? ''));
  return {
    fromProxy,
    clientAddress(req) {
      const direct = normaliseAddress(req.socket.remoteAddress ?? '');
      if (!fromProxy(req)) return direct;
      // Each proxy appends the address it saw; read from the right past our own proxies. What is
      // left of the first untrusted hop the client could have written.
      const hops = String(req.headers['x-forwarded-for'] ?? '')
        .split(',')
        .map(normaliseAddress)
        .filter(Boolean);
      for (let i = hops.length - 1; i >= 0; i--) if (!set.has(hops[i]!)) return hops[i]!;
      return hops[0] ?? direct;
    },
  };
}
