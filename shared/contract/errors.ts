/** Errors across transports: a code to choose words by, and a message already in words. */

/** Codes a bookkeeper-facing message can be chosen from; the message itself is already in words. */
export type ErrorCode =
  | 'BAD_ARGUMENTS'
  | 'UNKNOWN_METHOD'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'NOT_CONFIGURED'
  | 'SERVICE_ERROR'
  | 'NETWORK'
  | 'STORE'
  | 'EXPORT'
  /** The month a write would change is closed (DESIGN.md §13): an admin re-opens it first. */
  | 'CLOSED'
  /** The user declined (closed the save dialog): not a failure, nothing to show. */
  | 'CANCELLED'
  | 'INTERNAL';

export interface ErrorPayload {
  code: ErrorCode;
  message: string;
}

export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
  toPayload(): ErrorPayload {
    return { code: this.code, message: this.message };
  }
}

/** Turns anything thrown by a handler into a payload that is safe to send: never a stack trace. */
export function toErrorPayload(error: unknown): ErrorPayload {
  if (error instanceof ContractError) return error.toPayload();
  if (error && typeof error === 'object' && 'code' in error && 'message' in error) {
    const code = (error as { code: unknown }).code;
    const message = (error as { message: unknown }).message;
    if (typeof code === 'string' && typeof message === 'string' && isErrorCode(code)) return { code, message };
  }
  return { code: 'INTERNAL', message: 'Something went wrong inside District Recon. The details are in the log.' };
}

const ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'BAD_ARGUMENTS',
  'UNKNOWN_METHOD',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'NOT_CONFIGURED',
  'SERVICE_ERROR',
  'NETWORK',
  'STORE',
  'EXPORT',
  'CLOSED',
  'CANCELLED',
  'INTERNAL',
]);

function isErrorCode(code: string): code is ErrorCode {
  return ERROR_CODES.has(code);
}
