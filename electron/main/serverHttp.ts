/**
 * HTTP(S) to the district server from the main process, with Node's http/https rather than
 * Electron's net: the session cookie must be read from Set-Cookie and sent back by hand so it lives
 * in this process's memory only, and Electron's net has long hidden Set-Cookie from its callers.
 * Certificates are checked always; the roots are Node's plus, where the runtime offers them, the
 * operating system's (a district's own CA is usually installed there). Every failure becomes one
 * line a bookkeeper can act on.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import * as tls from 'node:tls';
import { ContractError } from '../../shared/contract';
import { collectWithin, TooLargeError } from '../engine/collectWithin';

export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface HttpOptions {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Trusted roots; undefined: Node's own. */
  ca?: string[];
  /** No byte for this long ends the request (a long export answers only when done). */
  idleMs?: number;
}

/** Answers larger than this are refused: a broken or hostile server cannot fill the memory. */
export const MAX_REPLY_BYTES = 64 * 1024 * 1024;

/** Node's roots and the system's, when this runtime can read them (Node 22.15+ / Electron with it). */
export function systemCertificates(): string[] | undefined {
  const read = (tls as { getCACertificates?: (type: 'default' | 'system') => string[] }).getCACertificates;
  if (!read) return undefined;
  try {
    return [...read('default'), ...read('system')];
  } catch {
    return undefined;
  }
}

/** The server could not be reached or dropped us; `reason` is Node's code (ECONNRESET, ...). */
export class Unreachable extends ContractError {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super('NETWORK', message);
  }
}

/** Transport failures, in words: the code Node gives says what the bookkeeper can do about it. */
export function unreachable(url: URL, error: unknown): Unreachable {
  const code = (error as { code?: unknown } | null)?.code;
  const where = url.host;
  const reason = error instanceof Error ? error.message : String(error);
  const words: Record<string, string> = {
    ECONNREFUSED: `${where} is not answering (connection refused). Check the address, or ask whoever runs the district server whether it is up.`,
    ENOTFOUND: `${where} could not be found. Check the address and your network.`,
    EAI_AGAIN: `${where} could not be looked up right now. Check your network.`,
    ETIMEDOUT: `${where} did not answer in time. Check your network, or try again later.`,
    ECONNRESET: `${where} dropped the connection. Try again.`,
    ERR_TLS_CERT_ALTNAME_INVALID: `The certificate of ${where} is for another name. Check the address; if it is right, ask whoever runs the server to fix the certificate.`,
    CERT_HAS_EXPIRED: `The certificate of ${where} has expired. Ask whoever runs the server to renew it.`,
  };
  const untrusted = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(String(code));
  const message =
    (typeof code === 'string' && words[code]) ||
    (untrusted
      ? `The certificate of ${where} is not trusted on this computer (${String(code)}). Ask whoever runs the server to use a certificate your computer trusts.`
      : `${where} could not be reached: ${reason}.`);
  return new Unreachable(message, String(code ?? 'UNKNOWN'));
}

function open(url: URL, options: HttpOptions, onResponse: (res: IncomingMessage) => void) {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return send(
    url,
    {
      method: options.method,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined
          ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(options.body)) }
          : {}),
        ...options.headers,
      },
      ...(url.protocol === 'https:' ? { ca: options.ca, rejectUnauthorized: true } : {}),
    },
    onResponse,
  );
}

export function httpSend(url: URL, options: HttpOptions): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = open(url, options, (res) => {
      collectWithin(res, MAX_REPLY_BYTES).then(
        (bytes) => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: bytes.toString('utf8') }),
        (error: unknown) => {
          req.destroy();
          reject(
            error instanceof TooLargeError
              ? new ContractError('NETWORK', `${url.host} sent an answer larger than District Recon accepts.`)
              : unreachable(url, error),
          );
        },
      );
    });
    req.setTimeout(options.idleMs ?? 30_000, () =>
      req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', (error) => reject(unreachable(url, error)));
    req.end(options.body);
  });
}

/** A GET whose answer streams (the server's events); the caller reads and ends it. */
export function httpStream(url: URL, options: HttpOptions): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = open(url, options, resolve);
    req.on('error', (error) => reject(unreachable(url, error)));
    req.end();
  });
}
