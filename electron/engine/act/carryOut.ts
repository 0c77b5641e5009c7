/**
 * Carries a stored intent to the service (protocol.ts) and records what came of it: every send, lost
 * answer and look in the intent's trail as it happens, then the intent done (with the transaction as
 * the service now lists it, through the differ, in the same unit of work), failed or unknown.
 */
import type { PaymentIntent } from '../../../shared/contract';
import { formatServiceDateTime, parseIsoUtc, toIsoUtc, todayCentral, type Clock } from '../../../shared/time';
import type { ServiceClient } from '../api/client';
import { listedTransaction } from '../api/writes';
import type { ParsedTransaction } from '../api/wire';
import type { Logger } from '../logger';
import type { Store } from '../store/dialect';
import { finishIntent, updateIntent } from '../store/intents';
import { deliver, type DeliveryIo } from './protocol';

/** What carrying an intent out uses: the intent's row and trail, the time of each step, a log line for a write in doubt. */
export interface CarryOutDeps {
  store: Pick<Store, 'writer'>;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
}

export const nowIso = (deps: { clock: Clock }) => toIsoUtc(deps.clock.now());

/** An instant as a bookkeeper reads it: Central wall time. */
export function centralTime(iso: string): string {
  return `${formatServiceDateTime(parseIsoUtc(iso))} Central`;
}

export async function carryOut(
  deps: CarryOutDeps,
  client: ServiceClient,
  intentId: string,
  actor: string,
  io: DeliveryIo,
): Promise<PaymentIntent> {
  const { writer } = deps.store;
  const delivery = await deliver(io, {
    sending: async (attempt) => {
      await updateIntent(
        writer,
        intentId,
        nowIso(deps),
        { attempts: attempt },
        {
          actor,
          event: 'sent',
          detail: `POST /txns, try ${attempt}`,
        },
      );
    },
    answerLost: async (_attempt, reason) => {
      await updateIntent(writer, intentId, nowIso(deps), {}, { actor, event: 'answer_lost', detail: reason });
    },
    verified: async (_attempt, happened) => {
      await updateIntent(
        writer,
        intentId,
        nowIso(deps),
        {},
        {
          actor,
          event: happened ? 'verified_happened' : 'verified_not_happened',
        },
      );
    },
  });
  if (delivery.outcome === 'failed')
    return updateIntent(
      writer,
      intentId,
      nowIso(deps),
      { state: 'failed', active_key: null, message: delivery.message },
      { actor, event: 'failed', detail: delivery.message },
    );
  if (delivery.outcome === 'unknown') {
    deps.logger.warn('a payment write is in doubt and waits for a person', { intent: intentId });
    return updateIntent(
      writer,
      intentId,
      nowIso(deps),
      { state: 'unknown', message: delivery.message },
      { actor, event: 'unknown', detail: delivery.message },
    );
  }
  return recordDone(deps, client, intentId, actor, delivery.transaction, delivery.via);
}

/**
 * The intent done: the transaction as the sync lists it written through the differ, in the same unit
 * of work. `via`: from the POST's answer, or seen at the service after a lost answer (a look).
 */
export async function recordDone(
  deps: CarryOutDeps,
  client: ServiceClient,
  intentId: string,
  actor: string,
  answered: ParsedTransaction,
  via: 'answer' | 'verified',
): Promise<PaymentIntent> {
  // The store gets the transaction as the sync lists it (with its items), so the next sync finds
  // the same JSON; a copy that cannot be read now arrives with that sync.
  const listed: ParsedTransaction | null =
    via === 'verified' ? answered : await listedTransaction(client, answered.value.id).catch(() => null);
  const rows = listed ? [{ parsed: listed, businessDate: null, fallbackDate: todayCentral(deps.clock) }] : [];
  return finishIntent(
    deps.store.writer,
    intentId,
    nowIso(deps),
    {
      state: 'done',
      active_key: null,
      transaction_id: answered.value.id,
      result_raw: answered.raw,
      message: listed ? null : 'Done at the service; the local copy is brought up to date by the next sync.',
    },
    {
      actor,
      event: 'done',
      detail: `transaction ${answered.value.id}: ${answered.value.status}, refunded ${(answered.value.amountRefundedCents / 100).toFixed(2)}${via === 'verified' ? ' (seen at the service after a lost answer)' : ''}`,
    },
    rows,
  );
}
