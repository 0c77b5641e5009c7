import type { ConnectionTestResult } from '../../../shared/contract';
import { ContractError } from '../../../shared/contract';
import { ConnectionConfigError } from '../api/errors';
import { checkServiceUrl } from '../api/url';
import type { EngineContext } from '../context';
import { registerSecret } from '../logger';
import { readSettings, recordCredentialsChange, writeSettings } from '../settings';
import { connect } from '../sync/connection';
import { toContractError } from '../sync/errors';
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
      ctx.events.emit('data.changed', { scopes: ['settings'] });
      return readSettings(ctx);
    },
    'connection.test': ({ url }) => testConnection(ctx, url),
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

async function testConnection(ctx: EngineContext, url?: string): Promise<ConnectionTestResult> {
  try {
    const client = await connect(ctx, { retry: { attempts: 2 }, timeoutMs: 15_000 }, url);
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
