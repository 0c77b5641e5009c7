/**
 * The intents of DESIGN.md §12: stored before anything is sent, moved through their states one unit
 * of work at a time, each move with its line in the auditor's trail. The decisions that make a write
 * happen once are taken here, inside one transaction (IMMEDIATE on SQLite, SERIALIZABLE on
 * PostgreSQL): whether another intent holds the transaction, whether an approver may approve.
 */
import type { Kysely, Updateable } from 'kysely';
import type { IntentState, PaymentIntent } from '../../../../shared/contract';
import { markBatchesToCheckWork } from '../checks/batchesToCheck';
import type { ReadableDB, WritableDB } from '../work/handles';
import type { Database } from '../schema';
import { writeTransactionPageWork, type PageRow } from '../transactions/transactionWriter';
import { execute, firstOf, rowsOf, runRead, runWrite, type Work } from '../work/work';
import { toPaymentIntent } from './rowMappers';
import { OPEN_STATES, type PaymentIntentRow, type PaymentIntentsTable } from './types';

export interface NewIntent {
  id: string;
  kind: 'refund' | 'void' | 'collection';
  state: 'awaiting_approval' | 'sending';
  transactionId: number | null;
  payeeId: number;
  amountCents: number;
  request: string;
  reason: string;
  requestedBy: string;
  at: string;
  beforeRaw: string | null;
  sinceId: number | null;
}

export interface AuditLine {
  actor: string;
  event: string;
  detail?: string | null;
}

export type ClaimResult = { claimed: true } | { claimed: false; holder: PaymentIntent };

type IntentPatch = Pick<
  Updateable<PaymentIntentsTable>,
  | 'state'
  | 'transaction_id'
  | 'approved_by'
  | 'approved_at'
  | 'before_raw'
  | 'attempts'
  | 'result_raw'
  | 'message'
  | 'active_key'
  | 'resolved_by'
  | 'resolved_at'
>;

const activeKeyOf = (transactionId: number | null) => (transactionId === null ? null : `txn:${transactionId}`);

function* eventsOf(db: Kysely<Database>, id: string) {
  return yield* rowsOf(db.selectFrom('payment_intent_events').selectAll().where('intent_id', '=', id));
}

function* intentWork(db: Kysely<Database>, id: string): Work<PaymentIntent | undefined> {
  const row = yield* firstOf(db.selectFrom('payment_intents').selectAll().where('id', '=', id));
  return row && toPaymentIntent(row, yield* eventsOf(db, id));
}

function* auditWork(db: Kysely<Database>, id: string, at: string, line: AuditLine): Work<void> {
  const last = yield* firstOf(
    db
      .selectFrom('payment_intent_events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('intent_id', '=', id),
  );
  yield* execute(
    db.insertInto('payment_intent_events').values({
      intent_id: id,
      seq: Number(last?.seq ?? 0) + 1,
      at,
      actor: line.actor,
      event: line.event,
      detail: line.detail ?? null,
    }),
  );
}

/**
 * Another intent holding this transaction: open (awaiting approval, being sent, in doubt), or done
 * since `readAt`, when the caller read the transaction (its copy no longer shows what was done).
 */
function* holderWork(db: Kysely<Database>, transactionId: number, readAt: string): Work<PaymentIntentRow | undefined> {
  return yield* firstOf(
    db
      .selectFrom('payment_intents')
      .selectAll()
      .where('transaction_id', '=', transactionId)
      .where('kind', 'in', ['refund', 'void'])
      .where((eb) =>
        eb.or([
          eb('state', 'in', [...OPEN_STATES]),
          eb.and([eb('state', '=', 'done'), eb('updated_at', '>=', readAt)]),
        ]),
      )
      .orderBy('updated_at', 'desc'),
  );
}

/**
 * Stores a new intent unless another holds its transaction (then says which). `readAt`: when the
 * transaction was read from the service, before this call.
 */
export async function claimIntent(writer: WritableDB, intent: NewIntent, readAt: string): Promise<ClaimResult> {
  try {
    return await runWrite(writer, function* (db): Work<ClaimResult> {
      if (intent.transactionId !== null && intent.kind !== 'collection') {
        const holder = yield* holderWork(db, intent.transactionId, readAt);
        if (holder) return { claimed: false, holder: toPaymentIntent(holder, yield* eventsOf(db, holder.id)) };
      }
      yield* execute(
        db.insertInto('payment_intents').values({
          id: intent.id,
          kind: intent.kind,
          state: intent.state,
          transaction_id: intent.transactionId,
          payee_id: intent.payeeId,
          amount_cents: intent.amountCents,
          request: intent.request,
          reason: intent.reason,
          requested_by: intent.requestedBy,
          requested_at: intent.at,
          approved_by: null,
          approved_at: null,
          before_raw: intent.beforeRaw,
          since_id: intent.sinceId,
          attempts: 0,
          result_raw: null,
          message: null,
          active_key: intent.kind === 'collection' ? null : activeKeyOf(intent.transactionId),
          resolved_by: null,
          resolved_at: null,
          updated_at: intent.at,
        }),
      );
      yield* auditWork(db, intent.id, intent.at, {
        actor: intent.requestedBy,
        event: 'requested',
        detail: intent.reason,
      });
      return { claimed: true };
    });
  } catch (error) {
    // The unique active_key: another claim committed between our check and our insert (PostgreSQL).
    if (!isUniqueViolation(error) || intent.transactionId === null) throw error;
    const holder = await runRead(writer, (db) => holderWork(db, intent.transactionId!, readAt));
    if (!holder) throw error;
    return { claimed: false, holder: (await getIntent(writer, holder.id))! };
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Moves an intent on (its fields and a line of its trail) in one unit of work. */
export function updateIntent(
  writer: WritableDB,
  id: string,
  at: string,
  patch: IntentPatch,
  line: AuditLine,
): Promise<PaymentIntent> {
  return runWrite(writer, function* (db) {
    return yield* moveWork(db, id, at, patch, line);
  });
}

/**
 * The last move of an intent whose write happened: the intent done and the transaction as the
 * service now reports it written through the differ like a synced one (so a refund's reversal is
 * recorded, once), in one unit of work. `rows` is empty when no copy could be read.
 */
export function finishIntent(
  writer: WritableDB,
  id: string,
  at: string,
  patch: IntentPatch,
  line: AuditLine,
  rows: readonly PageRow[],
): Promise<PaymentIntent> {
  return runWrite(writer, function* (db) {
    const touched = new Set<string>();
    yield* writeTransactionPageWork(writer, db, rows, null, at, touched);
    if (touched.size) yield* markBatchesToCheckWork(writer, [...touched], at);
    return yield* moveWork(db, id, at, patch, line);
  });
}

export type ApproveResult =
  | { approved: true; intent: PaymentIntent }
  | { approved: false; reason: 'not_found' | 'not_awaiting' | 'same_person'; intent: PaymentIntent | null };

/** The second approver takes an intent awaiting approval: one of two approving at once wins. */
export function approveIntent(writer: WritableDB, id: string, by: string, at: string): Promise<ApproveResult> {
  return runWrite(writer, function* (db): Work<ApproveResult> {
    const intent = yield* intentWork(db, id);
    if (!intent) return { approved: false, reason: 'not_found', intent: null };
    if (intent.state !== 'awaiting_approval') return { approved: false, reason: 'not_awaiting', intent };
    if (intent.requestedBy.toLowerCase() === by.toLowerCase())
      return { approved: false, reason: 'same_person', intent };
    yield* execute(
      db
        .updateTable('payment_intents')
        .set({ state: 'sending', approved_by: by, approved_at: at, updated_at: at })
        .where('id', '=', id)
        .where('state', '=', 'awaiting_approval'),
    );
    yield* auditWork(db, id, at, { actor: by, event: 'approved' });
    return { approved: true, intent: (yield* intentWork(db, id))! };
  });
}

export type ResolveResult =
  | { resolved: true; intent: PaymentIntent }
  | { resolved: false; reason: 'not_found' | 'not_open'; intent: PaymentIntent | null };

/** A person settles an intent in doubt, or withdraws one awaiting approval. */
export function resolveIntent(
  writer: WritableDB,
  id: string,
  by: string,
  at: string,
  outcome: 'happened' | 'did_not_happen',
  note: string,
): Promise<ResolveResult> {
  return runWrite(writer, function* (db): Work<ResolveResult> {
    const intent = yield* intentWork(db, id);
    if (!intent) return { resolved: false, reason: 'not_found', intent: null };
    if (!(OPEN_STATES as readonly string[]).includes(intent.state))
      return { resolved: false, reason: 'not_open', intent };
    yield* execute(
      db
        .updateTable('payment_intents')
        .set({
          state: 'resolved',
          active_key: null,
          resolved_by: by,
          resolved_at: at,
          message: `${outcome === 'happened' ? 'Happened' : 'Did not happen'}: ${note}`,
          updated_at: at,
        })
        .where('id', '=', id),
    );
    yield* auditWork(db, id, at, { actor: by, event: 'resolved', detail: `${outcome}: ${note}` });
    return { resolved: true, intent: (yield* intentWork(db, id))! };
  });
}

export function getIntent(reader: ReadableDB, id: string): Promise<PaymentIntent | undefined> {
  return runRead(reader, (db) => intentWork(db, id));
}

/** The request as stored (JSON), for a second approver's send. */
export async function intentRequest(
  reader: ReadableDB,
  id: string,
): Promise<Pick<PaymentIntentRow, 'request' | 'since_id' | 'before_raw'> | undefined> {
  return runRead(reader, function* (db) {
    return yield* firstOf(
      db.selectFrom('payment_intents').select(['request', 'since_id', 'before_raw']).where('id', '=', id),
    );
  });
}

export interface IntentFilter {
  states?: readonly IntentState[];
  transactionId?: number;
  limit: number;
}

/** Newest first, each with its trail. */
export function listIntents(reader: ReadableDB, filter: IntentFilter): Promise<PaymentIntent[]> {
  return runRead(reader, function* (db) {
    let query = db.selectFrom('payment_intents').selectAll();
    if (filter.states?.length) query = query.where('state', 'in', [...filter.states]);
    if (filter.transactionId !== undefined) query = query.where('transaction_id', '=', filter.transactionId);
    const rows = yield* rowsOf(query.orderBy('requested_at', 'desc').orderBy('id').limit(filter.limit));
    if (rows.length === 0) return [];
    const events = yield* rowsOf(
      db
        .selectFrom('payment_intent_events')
        .selectAll()
        .where(
          'intent_id',
          'in',
          rows.map((row) => row.id),
        ),
    );
    return rows.map((row) =>
      toPaymentIntent(
        row,
        events.filter((event) => event.intent_id === row.id),
      ),
    );
  });
}

/** The highest transaction id the store knows: a new collection's id is above it (DESIGN.md §12). */
export function highestKnownTransactionId(reader: ReadableDB): Promise<number> {
  return runRead(reader, function* (db) {
    const row = yield* firstOf(db.selectFrom('transactions').select((eb) => eb.fn.max('id').as('id')));
    return Number(row?.id ?? 0);
  });
}

/** An intent's move: its new state and the audit line saying who, when and why, then the intent as stored. */
function* moveWork(
  db: Kysely<Database>,
  id: string,
  at: string,
  patch: IntentPatch,
  line: AuditLine,
): Work<PaymentIntent> {
  yield* execute(
    db
      .updateTable('payment_intents')
      .set({ ...patch, updated_at: at })
      .where('id', '=', id),
  );
  yield* auditWork(db, id, at, line);
  return (yield* intentWork(db, id))!;
}
