import { BridgeError } from './bridge';

/** A message a bookkeeper can act on; never a stack trace. */
export function describeError(error: unknown): string {
  if (error instanceof BridgeError) return error.message;
  return 'Something went wrong. Try again; if it keeps happening, restart District Recon.';
}
