import type { ConnectionTestResult } from '../../../shared/contract';
import { ContractError } from '../../../shared/contract';
import { ConnectionConfigError } from '../api/errors';
import { checkServiceUrl, isLoopback } from '../api/url';
import type { EngineContext } from '../context';
import { registerSecret } from '../logger';
import { recordCredentialsChange, writeSettings } from '../settings';
import { toContractError } from '../sync/errors';
import { boundActor } from '../team/actor';
import { actingUser, type DomainHandlers } from './domain';

/** The connection to the service. The secret goes to the host's CredentialStore, never the database. */
export function createConnectionHandlers(ctx: EngineContext): DomainHandlers<'connection'> {
  return {
    'connection.set': async ({ url, token, secret }) => {
      registerSecret(token);
      registerSecret(secret);
      registerSecret(Buffer.from(`${token}:${secret}`, 'utf8').toString('base64'));
      checkServiceUrlArgument(url);
      const by = await actingUser(ctx);
      const wasSaved = await ctx.credentials.isConfigured();
      await ctx.credentials.save({ token, secret });
      await recordCredentialsChange(ctx, by, { wasSaved, saved: true });
      return writeSettings(ctx, { serviceUrl: url, sandboxMode: false }, by);
    },
    'connection.clear': async () => {
      const wasSaved = await ctx.credentials.isConfigured();
      await ctx.credentials.clear();
      await recordCredentialsChange(ctx, await actingUser(ctx), { wasSaved, saved: false });
      return ctx.settings();
    },
    'connection.test': async ({ url }) => {
      if (url !== undefined) await checkTestTarget(ctx, url);
      return testConnection(ctx, url);
    },
  };
}

export function checkServiceUrlArgument(url: string): void {
  try {
    checkServiceUrl(url);
  } catch (error) {
    if (error instanceof ConnectionConfigError) throw new ContractError('BAD_ARGUMENTS', error.message);
    throw error;
  }
}

/**
 * On a district server "Test connection" runs on the server, so an address given to it could probe
 * the server's own ports (its PostgreSQL, an admin page on loopback) and read their answers back in
 * the message (issue 26 item 17). There it reaches only the configured service, or another https
 * address that is not this machine nor a link-local one (cloud metadata lives there). The desktop
 * tests whatever its own user gives, the local sandbox included.
 */
async function checkTestTarget(ctx: EngineContext, raw: string): Promise<void> {
  if (boundActor() === undefined && !ctx.options.sharedServer) return;
  const configured = (await ctx.settings()).serviceUrl;
  const url = new URL(raw);
  if (configured !== null && sameService(url, configured)) return;
  if (url.protocol !== 'https:' || isThisMachineOrLinkLocal(url.hostname)) {
    throw new ContractError(
      'BAD_ARGUMENTS',
      `On a district server a connection test reaches only the configured service or an https address beyond this server; ${url.origin} is neither. Save the address first if it is the service.`,
    );
  }
}

/** By address only: a DNS name that resolves to loopback is not caught here. */
function isThisMachineOrLinkLocal(hostname: string): boolean {
  let host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  // The URL parser writes an IPv4-mapped IPv6 address in hex (::ffff:7f00:1 is 127.0.0.1).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
    host = [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return (
    isLoopback(host) ||
    host.endsWith('.localhost') ||
    /^0\.\d+\.\d+\.\d+$/.test(host) ||
    host === '::' ||
    /^169\.254\./.test(host) ||
    /^fe[89ab][0-9a-f]:/.test(host)
  );
}

function sameService(url: URL, configured: string): boolean {
  try {
    return new URL(configured).origin === url.origin;
  } catch {
    return false;
  }
}

async function testConnection(ctx: EngineContext, url?: string): Promise<ConnectionTestResult> {
  try {
    const client = await ctx.connectService({ retry: { attempts: 2 }, timeoutMs: 15_000 }, url);
    const payees = await client.payees();
    return {
      ok: true,
      message: `Connected. The payment service lists ${payees.length} ${payees.length === 1 ? 'payee' : 'payees'}.`,
      payeeCount: payees.length,
    };
  } catch (error) {
    return { ok: false, message: toContractError(error).message, payeeCount: null };
  }
}
