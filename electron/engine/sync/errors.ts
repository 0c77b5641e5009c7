/** Turns what a sync or connection test threw into a ContractError a bookkeeper can act on. */
import { ContractError } from '../../../shared/contract';
import { ConnectionConfigError, NetworkError, ResponseFormatError, ServiceError } from '../api/errors';
import { redact } from '../logger';
import { StoreError } from '../store/open';

export function toContractError(error: unknown): ContractError {
  if (error instanceof ContractError) return new ContractError(error.code, redact(error.message));
  if (error instanceof ServiceError) {
    if (error.status === 401 || error.status === 403) {
      return new ContractError(
        'SERVICE_ERROR',
        'The token or secret was not accepted by the payment service. Check them under Settings > Connection.',
      );
    }
    if (error.code === 'REDIRECT')
      return new ContractError(
        'SERVICE_ERROR',
        `The payment service sent us elsewhere (a redirect), which District Recon does not follow. Check the service address. (${error.message})`,
      );
    if (error.status === 429)
      return new ContractError(
        'SERVICE_ERROR',
        `The payment service asked us to slow down and kept refusing. Try again later. (${error.message})`,
      );
    if (error.status >= 500)
      return new ContractError(
        'SERVICE_ERROR',
        `The payment service had a problem on its side and kept failing after several tries. Try again later. (${error.message})`,
      );
    if (error.status === 404)
      return new ContractError(
        'SERVICE_ERROR',
        `The payment service did not recognise the request; check the service address. (${error.message})`,
      );
    return new ContractError('SERVICE_ERROR', `The payment service refused the request. (${error.message})`);
  }
  if (error instanceof NetworkError) {
    return new ContractError(
      'NETWORK',
      `Could not reach the payment service. Check the internet connection and the service address. (${error.message})`,
    );
  }
  if (error instanceof ResponseFormatError) {
    return new ContractError(
      'SERVICE_ERROR',
      `The payment service sent data District Recon does not understand; nothing of that page was saved. (${error.message})`,
    );
  }
  if (error instanceof ConnectionConfigError) return new ContractError('NOT_CONFIGURED', error.message);
  if (error instanceof StoreError) return new ContractError('STORE', error.message);
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE')) {
    return new ContractError(
      'STORE',
      `The local database could not be written (${redact(error.message)}). Check free disk space.`,
    );
  }
  return new ContractError('INTERNAL', redact(error instanceof Error ? error.message : String(error)));
}
