/**
 * The exactly-once protocol (spec rule 3, DESIGN.md §12 steps 3 and 4). The intent is stored before
 * this runs. A POST is sent; on an answer, done. On a lost or late answer (a network error, a 5xx, an
 * answer we cannot read), the service is asked whether the write happened: yes, done; no, sent
 * again; anything else, or a look that fails, is doubt and the intent is left "unknown" for a
 * person. After three sends without an answer it is "unknown" too. Never re-sent on doubt.
 * A 4xx is the service refusing the request: nothing happened (spec rule 2).
 */
import { ServiceError } from '../api/errors';
import type { ParsedTransaction } from '../api/wire';

export const MAX_SENDS = 3;

export type Verification = { happened: true; transaction: ParsedTransaction } | { happened: false } | { doubt: string };

export interface DeliveryIo {
  send(): Promise<ParsedTransaction>;
  /** Whether the write happened, read from the service. */
  verify(): Promise<Verification>;
}

/** Told about each step, to write it in the intent's trail before the next one. */
export interface DeliveryTrail {
  sending(attempt: number): Promise<void>;
  answerLost(attempt: number, reason: string): Promise<void>;
  verified(attempt: number, happened: boolean): Promise<void>;
}

export type Delivery =
  | { outcome: 'done'; transaction: ParsedTransaction; via: 'answer' | 'verified'; attempts: number }
  | { outcome: 'failed'; message: string; attempts: number }
  | { outcome: 'unknown'; message: string; attempts: number };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function deliver(io: DeliveryIo, trail: DeliveryTrail): Promise<Delivery> {
  for (let attempt = 1; attempt <= MAX_SENDS; attempt++) {
    await trail.sending(attempt);
    try {
      return { outcome: 'done', transaction: await io.send(), via: 'answer', attempts: attempt };
    } catch (error) {
      if (error instanceof ServiceError && error.status >= 400 && error.status < 500)
        return { outcome: 'failed', message: `The service refused it: ${error.message}`, attempts: attempt };
      await trail.answerLost(attempt, messageOf(error));
    }
    let verification: Verification;
    try {
      verification = await io.verify();
    } catch (error) {
      return {
        outcome: 'unknown',
        message: `The answer was lost and the service could not be asked whether it happened (${messageOf(error)}). Look at the service, then resolve it.`,
        attempts: attempt,
      };
    }
    if ('doubt' in verification) return { outcome: 'unknown', message: verification.doubt, attempts: attempt };
    await trail.verified(attempt, verification.happened);
    if (verification.happened)
      return { outcome: 'done', transaction: verification.transaction, via: 'verified', attempts: attempt };
  }
  return {
    outcome: 'unknown',
    message: `Sent ${MAX_SENDS} times without an answer, and each time the service showed it had not happened. Not sent again: look at the service, then resolve it.`,
    attempts: MAX_SENDS,
  };
}
