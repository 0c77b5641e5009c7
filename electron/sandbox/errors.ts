/** An error the service reports as `{ error, message }` with an HTTP status. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalidField = (message: string) => new ServiceError(400, 'INVALID_FIELD', message);
export const invalidPayee = (message: string) => new ServiceError(400, 'INVALID_PAYEE', message);
export const invalidGl = (message: string) => new ServiceError(400, 'INVALID_GL', message);
export const txnNotFound = (id: number | string) =>
  new ServiceError(404, 'TXN_NOT_FOUND', `Transaction ${id} does not exist`);
export const cannotUndo = (message: string) => new ServiceError(400, 'CANNOT_UNDO', message);
export const badRefundAmount = (message: string) => new ServiceError(400, 'BAD_REFUND_AMOUNT', message);
