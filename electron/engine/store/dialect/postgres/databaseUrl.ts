/**
 * `--database postgres://…` (or RECON_DATABASE_URL) read into a pg connection config. The server
 * carries bookkeepers' passwords and deposits, so plain connections are allowed only to this
 * machine (loopback or a unix socket); a remote host needs TLS. The password never leaves this
 * file in a message: errors and logs use `redacted`.
 */
import type { ConnectionOptions } from 'node:tls';
import { isIP } from 'node:net';
import { StoreError } from '../sqlite/open';

export class DatabaseUrlError extends StoreError {}

export type SslMode = 'disable' | 'allow' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';

export interface DatabaseUrl {
  host: string;
  port: number;
  user: string;
  password: string | undefined;
  database: string;
  sslMode: SslMode;
  /** A PEM file of the certificate authorities to trust (libpq's sslrootcert); else the system's. */
  sslRootCert: string | undefined;
  applicationName: string | undefined;
  connectTimeoutSeconds: number | undefined;
  /** The URL with the password replaced by `***`: the only form to show or log. */
  redacted: string;
}

const SSL_MODES: readonly SslMode[] = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];
const ENCRYPTED: readonly SslMode[] = ['require', 'verify-ca', 'verify-full'];
const PARAMETERS = ['sslmode', 'sslrootcert', 'application_name', 'connect_timeout', 'host'] as const;

export function parseDatabaseUrl(text: string): DatabaseUrl {
  const trimmed = text.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== 'postgres' && scheme !== 'postgresql') {
    // Never echo the input: a mistyped scheme can still hold a password.
    throw new DatabaseUrlError(
      `The database URL must start with postgres:// or postgresql://${scheme ? ` (it starts with ${scheme}:)` : ''}, e.g. postgres://recon@db.district.org:5432/recon?sslmode=verify-full.`,
    );
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new DatabaseUrlError(
      'The database URL is not a valid URL; write it as postgres://USER:PASSWORD@HOST:PORT/DATABASE (percent-encode special characters in the password).',
    );
  }
  const redacted = redact(url);
  const fail = (problem: string): never => {
    throw new DatabaseUrlError(`The database URL ${redacted} ${problem}`);
  };

  for (const name of new Set(url.searchParams.keys())) {
    if (!(PARAMETERS as readonly string[]).includes(name))
      fail(`has an unknown parameter "${name}"; the parameters understood are ${PARAMETERS.join(', ')}.`);
  }
  // A unix socket folder as libpq takes it: ?host=/run/postgresql, or percent-encoded after the @.
  const socketDir = url.searchParams.get('host') ?? undefined;
  if (socketDir !== undefined && !socketDir.startsWith('/'))
    fail('has host= that is not a unix socket folder; put a network host between @ and the port instead.');
  const host = socketDir ?? decode(unbracket(url.hostname), 'host', fail);
  if (!host) fail('names no host; write postgres://USER@HOST:PORT/DATABASE.');

  const user = decode(url.username, 'user name', fail);
  if (!user) fail('names no user; write postgres://USER@HOST/DATABASE.');
  const password = url.password ? decode(url.password, 'password', fail) : undefined;
  const database = decode(url.pathname.replace(/^\//, ''), 'database name', fail);
  if (!database || database.includes('/'))
    fail('must name one database after the host, as in postgres://USER@HOST:5432/recon.');

  const port = url.port ? Number(url.port) : 5432;

  const sslModeText = url.searchParams.get('sslmode') ?? 'disable';
  if (!(SSL_MODES as readonly string[]).includes(sslModeText))
    fail(`has sslmode=${sslModeText}; use one of ${SSL_MODES.join(', ')}.`);
  const sslMode = sslModeText as SslMode;
  if (!ENCRYPTED.includes(sslMode) && !isLocal(host))
    fail(
      `connects to ${host} without TLS; add sslmode=verify-full (or sslmode=require) to the URL: plain connections are allowed only on this machine.`,
    );

  const timeoutText = url.searchParams.get('connect_timeout');
  let connectTimeoutSeconds: number | undefined;
  if (timeoutText !== null) {
    connectTimeoutSeconds = Number(timeoutText);
    if (!/^\d+$/.test(timeoutText) || connectTimeoutSeconds < 1)
      fail(`has connect_timeout=${timeoutText}; give whole seconds, at least 1.`);
  }

  return {
    host,
    port,
    user,
    password,
    database,
    sslMode,
    sslRootCert: url.searchParams.get('sslrootcert') ?? undefined,
    applicationName: url.searchParams.get('application_name') ?? undefined,
    connectTimeoutSeconds,
    redacted,
  };
}

/** For a message about a URL that may not parse: never returns the password. */
export function redactDatabaseUrl(text: string): string {
  const trimmed = text.trim();
  // Any "word:" parses as a URL scheme, so only a postgres URL is known to have its password where
  // redact() looks for it.
  if (!/^postgres(ql)?:\/\//i.test(trimmed)) return '(an unreadable database URL)';
  try {
    return redact(new URL(trimmed));
  } catch {
    return '(an unreadable database URL)';
  }
}

/**
 * pg's `ssl` option for the mode, as libpq means it: require encrypts without checking who
 * answers; verify-ca checks the certificate's authority; verify-full also checks the host name.
 */
export function tlsOptions(url: DatabaseUrl, ca: string | undefined): false | ConnectionOptions {
  switch (url.sslMode) {
    case 'disable':
    case 'allow':
    case 'prefer':
      return false;
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify-ca':
      return { rejectUnauthorized: true, ca, checkServerIdentity: () => undefined };
    case 'verify-full':
      // pg sends the host name as the TLS server name, so node checks the certificate against it.
      return { rejectUnauthorized: true, ca };
  }
}

function redact(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = '***';
  // libpq also takes ?password=…: any parameter this file does not know may be a secret.
  for (const name of new Set(copy.searchParams.keys())) {
    if (!(PARAMETERS as readonly string[]).includes(name)) copy.searchParams.set(name, '***');
  }
  return copy.href;
}

function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function decode(part: string, what: string, fail: (problem: string) => never): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return fail(`has a ${what} with a broken %-escape; percent-encode it again.`);
  }
}

/** Loopback or a unix socket: traffic that never leaves this machine. */
function isLocal(host: string): boolean {
  if (host.startsWith('/')) return true;
  if (host.toLowerCase() === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./i.test(host);
  return false;
}
