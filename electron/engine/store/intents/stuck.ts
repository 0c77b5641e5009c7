/**
 * Intents left "sending" by a process that stopped between send and answer (a crash, a kill, a power
 * cut). They are found by age (no step of the protocol leaves an intent unchanged for minutes: each
 * send and each look writes a line of its trail), and taken one at a time by a conditional update, so
 * two engines starting at once never look at one intent twice.
 */
import type { WritableDB, ReadableDB } from '../work/handles';
import { execute, firstOf, rowsOf, runRead, runWrite, type Work } from '../work/work';
import type { PaymentIntentRow } from './types';

export type StuckIntent = Pick<
  PaymentIntentRow,
  'id' | 'kind' | 'request' | 'before_raw' | 'since_id' | 'amount_cents' | 'requested_by' | 'updated_at'
>;

/** Intents "sending" whose last move is older than `before` (ISO UTC), oldest first. */
export function stuckIntents(reader: ReadableDB, before: string): Promise<StuckIntent[]> {
  return runRead(reader, function* (db) {
    return yield* rowsOf(
      db
        .selectFrom('payment_intents')
        .select(['id', 'kind', 'request', 'before_raw', 'since_id', 'amount_cents', 'requested_by', 'updated_at'])
        .where('state', '=', 'sending')
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .orderBy('id'),
    );
  });
}

/**
 * Takes a stuck intent for a look: only if it is still "sending" and unchanged since `seenUpdatedAt`.
 * Its trail says who took it and why. False: another engine took it, or its sender moved it meanwhile.
 */
export function takeStuckIntent(
  writer: WritableDB,
  intent: Pick<StuckIntent, 'id' | 'updated_at'>,
  at: string,
  actor: string,
): Promise<boolean> {
  return runWrite(writer, function* (db): Work<boolean> {
    const current = yield* firstOf(
      db.selectFrom('payment_intents').select(['state', 'updated_at']).where('id', '=', intent.id),
    );
    if (!current || current.state !== 'sending' || current.updated_at !== intent.updated_at) return false;
    yield* execute(
      db
        .updateTable('payment_intents')
        .set({ updated_at: at })
        .where('id', '=', intent.id)
        .where('state', '=', 'sending')
        .where('updated_at', '=', intent.updated_at),
    );
    const last = yield* firstOf(
      db
        .selectFrom('payment_intent_events')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('intent_id', '=', intent.id),
    );
    yield* execute(
      db.insertInto('payment_intent_events').values({
        intent_id: intent.id,
        seq: Number(last?.seq ?? 0) + 1,
        at,
        actor,
        event: 'interrupted',
        detail: `left sending since ${intent.updated_at}: the service is asked whether it happened; never sent again`,
      }),
    );
    return true;
  });
}
