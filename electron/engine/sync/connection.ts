/** Where to sync from: the sandbox in sandbox mode, else the configured URL with the stored credentials. */
import { ContractError } from '../../../shared/contract';
import { ServiceClient } from '../api/client';
import { ConnectionConfigError } from '../api/errors';
import type { CredentialStore, EngineOptions } from '../engineOptions';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings';

import type { ClientTuning } from '../syncControl';

export type { ClientTuning } from '../syncControl';

/** A client of the payment service the settings name: what the sync, the checks of a connection and act/ take. */
export type ServiceConnector = (tuning?: ClientTuning, urlOverride?: string) => Promise<ServiceClient>;

export interface ConnectionDeps {
  settings: SettingsReader;
  credentials: Pick<CredentialStore, 'load'>;
  options: Pick<EngineOptions, 'sandbox' | 'host'>;
  logger: Logger;
}

export function serviceConnector(deps: ConnectionDeps): ServiceConnector {
  return (tuning, urlOverride) => connect(deps, tuning, urlOverride);
}

export async function connect(
  ctx: ConnectionDeps,
  tuning: ClientTuning = {},
  urlOverride?: string,
): Promise<ServiceClient> {
  const settings = await ctx.settings();
  let url: string | null;
  let token: string;
  let secret: string;
  if (settings.sandboxMode && !urlOverride) {
    if (!ctx.options.sandbox)
      throw new ContractError(
        'NOT_CONFIGURED',
        'Sandbox mode is on, but this copy of District Recon has no built-in sandbox.',
      );
    ({ url, token, secret } = await ctx.options.sandbox());
  } else {
    url = urlOverride ?? settings.serviceUrl;
    const credentials = await ctx.credentials.load();
    // The command line has no Settings screen: it reads the environment and --url.
    const cli = ctx.options.host === 'cli';
    if (!url)
      throw new ContractError(
        'NOT_CONFIGURED',
        cli
          ? 'No payment service address is set. Give it with --url, or use --sandbox.'
          : 'No payment service address is set. Enter it under Settings > Connection.',
      );
    if (!credentials)
      throw new ContractError(
        'NOT_CONFIGURED',
        cli
          ? 'No token and secret are stored. Set RECON_TOKEN and RECON_SECRET in the environment.'
          : 'No token and secret are stored. Enter them under Settings > Connection.',
      );
    ({ token, secret } = credentials);
  }
  try {
    return new ServiceClient({
      onRetry: ({ endpoint, attempt, delayMs, reason }) =>
        ctx.logger.warn(`retrying ${endpoint}`, { attempt, delayMs, reason }),
      ...tuning,
      baseUrl: url,
      token,
      secret,
    });
  } catch (error) {
    if (error instanceof ConnectionConfigError) throw new ContractError('NOT_CONFIGURED', error.message);
    throw error;
  }
}
