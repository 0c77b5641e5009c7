/** Turns what a sync or connection test threw into a ContractError a bookkeeper can act on. */
import { ContractError } from '../../../shared/contract';
import {
  BoundError,
  ConnectionConfigError,
  NetworkError,
  NotJsonError,
  ResponseFormatError,
  ServiceError,
  WaitRefusedError,
} from '../api/errors';
import { redact } from '../logger';
import { StoreError } from '../store/dialect';

/** One line each, whatever the service put in its messages (a 101-line page once came through). */
export function toContractError(error: unknown): ContractError {
  const words = inWords(error);
  return new ContractError(words.code, oneLine(words.message));
}

const MAX_MESSAGE = 400;

export function oneLine(message: string): string {
  const line = message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE - 3)}...` : line;
}

function inWords(error: unknown): ContractError {
  if (error instanceof ContractError) return new ContractError(error.code, redact(error.message));
  if (error instanceof BoundError)
    return new ContractError(
      'SERVICE_ERROR',
      `The payment service sent more than a district can have, so the sync stopped; nothing of that day was saved. If the service is right, raise the sync limits. (${error.message})`,
    );
  if (error instanceof NotJsonError)
    return new ContractError(
      'SERVICE_ERROR',
      `The payment service answered, but not with its data; nothing of that page was saved. Check the service address, or try again later. (${error.message})`,
    );
  if (error instanceof WaitRefusedError)
    return new ContractError(
      'SERVICE_ERROR',
      error.kind === 'retry_after'
        ? `The payment service asked us to wait longer than District Recon waits in a sync. Try again later. (${error.message})`
        : `The payment service kept failing, and the sync stopped rather than keep waiting. Try again later. (${error.message})`,
    );
  if (isBusy(error))
    return new ContractError(
      'STORE',
      'Another District Recon window or command is writing to this database right now. Wait for it to finish, then try again.',
    );
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
  if (error instanceof NetworkError && error.timedOut)
    return new ContractError(
      'NETWORK',
      `The payment service did not finish answering in time, even after several tries. Try again later. (${error.message})`,
    );
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

/** SQLite's "database is locked": another process holds the write lock, not a full disk. */
function isBusy(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = String(error.code);
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}
