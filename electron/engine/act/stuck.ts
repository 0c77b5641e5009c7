/**
 * An intent left "sending" by a process stopped between send and answer (DESIGN.md §12 step 4, after
 * a crash): at engine start and before the next write it is checked by the same look a lost answer
 * gets (refund, void: the transaction now against the copy read before; collection: the service's
 * transactions after the highest id known before sending, searched for its reference) and becomes
 * done, or unknown for a person. It is never sent again: the stopped process may have sent it.
 */
import type { PaymentIntent } from '../../../shared/contract';
import { toIsoUtc } from '../../../shared/time';
import type { PaymentBody, ReversalBody } from '../api/writes';
import { readTransaction } from '../api/wire';
import type { ServiceClient } from '../api/client';
import type { EngineEventBus } from '../events';
import type { Logger } from '../logger';
import type { Store } from '../store/dialect';
import { stuckIntents, takeStuckIntent, updateIntent, type StuckIntent } from '../store/intents';
import { nowIso, recordDone, type CarryOutDeps } from './carryOut';
import type { DeliveryIo, Verification } from './protocol';
import { collectionIo, reversalIo } from './exchanges';

/**
 * Longer than any one step of the protocol can take (an attempt's 30 s timeout and the retries of a
 * look), so an intent a live process (the CLI beside the app, another team server) is sending right
 * now is never taken for a stopped one.
 */
export const STUCK_AFTER_MS = 5 * 60_000;

/** Who the trail names for the look: no person asked for it. */
export const RECOVERY_ACTOR = 'district-recon (after a restart)';

/**
 * What the look at interrupted writes uses: what carrying out uses, the intents left "sending", a
 * client of the service to look with, and the app told when a look changed something.
 */
export interface InterruptedWritesDeps extends CarryOutDeps {
  store: Pick<Store, 'reader' | 'writer'>;
  logger: Pick<Logger, 'warn' | 'info'>;
  events: Pick<EngineEventBus, 'emit'>;
  /** A client of the payment service the settings name now. */
  serviceClient(): Promise<ServiceClient>;
}

export interface StuckOutcome {
  done: number;
  unknown: number;
}

export async function recoverStuckIntents(deps: InterruptedWritesDeps): Promise<StuckOutcome> {
  const outcome: StuckOutcome = { done: 0, unknown: 0 };
  const cutoff = toIsoUtc(deps.clock.now().subtract({ milliseconds: STUCK_AFTER_MS }));
  const stuck = await stuckIntents(deps.store.reader, cutoff);
  if (stuck.length === 0) return outcome;
  const client = await deps.serviceClient();
  for (const intent of stuck) {
    if (!(await takeStuckIntent(deps.store.writer, intent, nowIso(deps), RECOVERY_ACTOR))) continue;
    const verification = await lookAt(ioOf(client, intent));
    if ('happened' in verification && verification.happened) {
      await recordDone(deps, client, intent.id, RECOVERY_ACTOR, verification.transaction, 'verified');
      outcome.done++;
      continue;
    }
    const message =
      'doubt' in verification
        ? `The app stopped while sending this, and the service could not tell whether it happened (${verification.doubt}). Not sent again: look at the service, then resolve it.`
        : 'The app stopped while sending this; the service shows it did not happen. Not sent again: resolve it, then do it again if it is still wanted.';
    await markUnknown(deps, intent.id, message);
    deps.logger.warn('an interrupted payment write waits for a person', { intent: intent.id });
    outcome.unknown++;
  }
  return outcome;
}

function ioOf(client: ServiceClient, intent: StuckIntent): DeliveryIo {
  if (intent.kind === 'collection')
    return collectionIo(client, JSON.parse(intent.request) as PaymentBody, Number(intent.since_id ?? 0), intent.id);
  const body = JSON.parse(intent.request) as ReversalBody;
  const rawBefore: unknown = JSON.parse(intent.before_raw ?? 'null');
  const before = readTransaction(rawBefore, { endpoint: 'the copy read before' }, intent.before_raw!);
  return reversalIo(client, body, before, Number(intent.amount_cents ?? 0));
}

async function lookAt(io: DeliveryIo): Promise<Verification> {
  try {
    return await io.verify();
  } catch (error) {
    return { doubt: error instanceof Error ? error.message : String(error) };
  }
}

function markUnknown(deps: CarryOutDeps, id: string, message: string): Promise<PaymentIntent> {
  return updateIntent(
    deps.store.writer,
    id,
    nowIso(deps),
    { state: 'unknown', message },
    { actor: RECOVERY_ACTOR, event: 'unknown', detail: message },
  );
}

/**
 * At engine start (not awaited: the service may be slow or unreachable, and the app opens anyway) and
 * before each write: a failure is logged, never thrown; the next write tries again.
 */
export function settleInterruptedWrites(deps: InterruptedWritesDeps): Promise<void> {
  return recoverStuckIntents(deps).then(
    (outcome) => {
      if (outcome.done + outcome.unknown === 0) return;
      deps.logger.info('interrupted payment writes looked at', { ...outcome });
      deps.events.emit('data.changed', { scopes: ['transactions', 'changes', 'intents'] });
    },
    (error: unknown) =>
      deps.logger.warn('interrupted payment writes could not be looked at yet; the next write tries again', {
        error: error instanceof Error ? error.message : String(error),
      }),
  );
}
