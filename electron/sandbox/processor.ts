/**
 * The processor's life on the simulated clock: midnights (settlement and batches), scheduled events
 * (scenario voids, refunds, ACH returns, resolution of unknowns), new payments and reversals.
 */
import { businessDateOf, businessDayBounds, addDays, Temporal } from '../../shared/time';
import { formatCents, MoneyError, parseCents } from '../../shared/money';
import {
  badRefundAmount,
  cannotUndo,
  invalidField,
  invalidGl,
  invalidPayee,
  ServiceError,
  txnNotFound,
} from './errors';
import { itemsOf } from './items';
import { createRng } from './rng';
import { runMidnight } from './settlement';
import {
  findGlAccount,
  findPayee,
  findTransaction,
  nextTransactionId,
  peekEvent,
  popEvent,
  toSec,
  type CardRecord,
  type ItemRecord,
  type SandboxState,
  type ScheduledEvent,
  type TxnRecord,
} from './state';
import {
  checkPaymentRules,
  parseServiceItemCents,
  type GlReference,
  type ProcessBody,
  type ReverseBody,
} from './validation';

/** Starts the clock of an empty state: the day holding `nowMs` is the open day. */
export function openClock(state: SandboxState, nowMs: number): void {
  if (state.openDate === '') state.openDate = businessDateOf(Temporal.Instant.fromEpochMilliseconds(nowMs));
}

/** Runs every scheduled event and every midnight Central up to and including `nowMs`, in time order. */
export function catchUp(state: SandboxState, nowMs: number): void {
  openClock(state, nowMs);
  for (;;) {
    const midnightMs = businessDayBounds(state.openDate).end.epochMilliseconds;
    const event = peekEvent(state);
    if (event && event.atMs < midnightMs && event.atMs <= nowMs) {
      popEvent(state);
      applyEvent(state, event);
      continue;
    }
    if (midnightMs > nowMs) return;
    runMidnight(state, state.openDate, midnightMs);
    state.openDate = addDays(state.openDate, 1);
  }
}

const RETURN_REASONS = [
  'R01 Insufficient funds',
  'R02 Account closed',
  'R03 No account',
  'R08 Payment stopped',
  'R10 Not authorized',
];

export function applyEvent(state: SandboxState, event: ScheduledEvent): void {
  const txn = findTransaction(state, event.txnId);
  if (!txn) return;
  switch (event.kind) {
    case 'void':
      if (txn.status === 'Pending') setStatus(txn, 'Voided', 'Voided');
      break;
    case 'refund':
      if (txn.status === 'Settled') applyRefund(txn, Math.min(event.cents, txn.amount - txn.refunded));
      break;
    case 'return':
      if (txn.method === 'ACH' && txn.status === 'Settled') {
        setStatus(txn, 'Returned', `Returned: ${createRng(state.seed, 'return', txn.id).pick(RETURN_REASONS)}`);
      }
      break;
    case 'resolve':
      if (txn.status === 'Unknown') {
        if (event.to === 'Settled') {
          setStatus(txn, 'Settled', 'Settled (processor confirmed after an unclear response)');
          state.lateSettlers.push(txn);
        } else {
          setStatus(txn, 'Declined', 'Declined (processor confirmed after an unclear response)');
        }
      }
      break;
  }
}

function setStatus(txn: TxnRecord, status: TxnRecord['status'], message: string): void {
  txn.status = status;
  txn.statusMessage = message;
}

export function applyRefund(txn: TxnRecord, cents: number): void {
  if (cents <= 0) return;
  txn.refunded += cents;
  if (txn.refunded >= txn.amount) setStatus(txn, 'Refunded', 'Refunded');
  else txn.statusMessage = `Partially refunded (${formatCents(txn.refunded)})`;
}

/** The processor's documented test amounts, by the cents of the amount. */
export function outcomeOfTestAmount(cents: number): { status: TxnRecord['status']; message: string } {
  switch (cents % 100) {
    case 10:
    case 11:
      return { status: 'Declined', message: 'Declined by the issuer' };
    case 12:
      return { status: 'Error', message: 'Processor error' };
    case 97:
      return { status: 'Unknown', message: 'The processor did not answer clearly; it may or may not have processed' };
    case 2:
      return { status: 'Settled', message: 'Settled' };
    default:
      return { status: 'Pending', message: 'Approved' };
  }
}

export function resolveGl(state: SandboxState, ref: GlReference | null | undefined, field: string): string | null {
  if (ref === null || ref === undefined) return null;
  const account =
    typeof ref === 'string'
      ? findGlAccount(state, ref)
      : ref.id !== undefined
        ? findGlAccount(state, ref.id)
        : state.glAccounts.find(
            (a) => !a.removed && a.number === ref.number && (ref.label === undefined || a.label === ref.label),
          );
  if (!account) throw invalidGl(`${field}: GL account ${JSON.stringify(ref)} does not exist`);
  return account.id;
}

/** POST /txns (process). The body has passed processSchema. */
export function processPayment(state: SandboxState, body: ProcessBody, nowMs: number): TxnRecord {
  if (!findPayee(state, body.payee)) throw invalidPayee(`payee: ${body.payee} is not an existing payee`);
  checkPaymentRules(body);
  const glAccountId = resolveGl(state, body.gl_account, 'gl_account');
  const items: ItemRecord[] | null = body.items
    ? body.items.map((item, index) => ({
        id: item.id,
        itemName: item.item_name ?? '',
        amount: parseServiceItemCents(item.amount),
        glAccountId: resolveGl(state, item.gl_account, `items.${index}.gl_account`),
        student: item.student
          ? {
              payeeId: body.payee,
              number: item.student.number,
              districtId: item.student.district_id,
              name: item.student.name,
            }
          : null,
        customFields: item.custom_fields ?? {},
      }))
    : null;

  let card: CardRecord | null = null;
  if (body.payment_method === 'CC') {
    if (body.credit_card) {
      card = { brand: body.credit_card.brand, pan: body.credit_card.pan, expires: body.credit_card.expires };
    } else {
      card = state.storedCards.get(body.stored_card_retrieval_token!) ?? null;
      if (!card) throw invalidField('stored_card_retrieval_token: no stored card has this token');
    }
  }
  const id = nextTransactionId(state);
  let token: string | null = null;
  if (card && body.store_card) {
    token = `tok_${createRng(state.seed, 'token', id).next().toString(36).slice(2, 12)}${id.toString(36)}`;
    state.storedCards.set(token, card);
  }
  const terminal = body.payment_method === 'Cash' || body.payment_method === 'PhysicalCheck';
  const outcome = terminal
    ? { status: 'Settled' as const, message: 'Recorded through the virtual terminal' }
    : outcomeOfTestAmount(body.amount);
  const txn: TxnRecord = {
    id,
    orderId: body.order_id ?? state.nextOrderId++,
    payeeId: body.payee,
    method: body.payment_method,
    status: outcome.status,
    statusMessage: outcome.message,
    amount: body.amount,
    refunded: 0,
    fee: body.convenience_fee ?? 0,
    tax: body.tax ?? 0,
    shipping: body.shipping ?? 0,
    created: toSec(nowMs),
    batchId: null,
    data: body.data ?? null,
    payer: body.payer
      ? {
          name: body.payer.name,
          address: body.payer.address,
          address2: body.payer.address2,
          email: body.payer.email,
          phone: body.payer.phone,
          ip: body.payer.ip,
          city: body.payer.city,
          state: body.payer.state,
          postalCode: body.payer.postal_code,
          country: body.payer.country,
        }
      : null,
    card,
    bank: body.bank_account
      ? { routingNumber: body.bank_account.routing_number, accountNumber: body.bank_account.account_number }
      : null,
    storedCardToken: token,
    glAccountId,
    items,
    itemSeed: 0,
  };
  const last = state.transactions[state.transactions.length - 1];
  if (last && last.created > txn.created) txn.created = last.created; // keep the array sorted by time
  state.transactions.push(txn);
  return txn;
}

function parseRefundCents(text: string, field: string): number {
  try {
    return parseCents(text, field);
  } catch (error) {
    throw invalidField(error instanceof MoneyError ? error.message : String(error));
  }
}

/** POST /txns (refund or void). */
export function reversePayment(state: SandboxState, body: ReverseBody, pathId?: number): TxnRecord {
  if (pathId !== undefined && pathId !== body.transaction_id) {
    throw invalidField(`transaction_id: ${body.transaction_id} differs from the id ${pathId} in the path`);
  }
  const txn = findTransaction(state, body.transaction_id);
  if (!txn) throw txnNotFound(body.transaction_id);

  if (body.operation === 'void') {
    if (body.amount !== undefined) throw invalidField('amount: must not be given for void');
    if (txn.status !== 'Pending') {
      throw cannotUndo(`Transaction ${txn.id} is ${txn.status}; only a Pending transaction can be voided`);
    }
    if (state.failingReversals.has(txn.id))
      throw new ServiceError(400, 'TXN_ERROR', 'The service provider failed to void the transaction');
    setStatus(txn, 'Voided', 'Voided');
    return txn;
  }

  if (body.items === undefined) {
    throw invalidField('items: is required for refund (send [] to refund by amount or the whole remainder)');
  }
  if (txn.status !== 'Settled') {
    const why =
      txn.status === 'Pending'
        ? 'a refund is only possible after funds settle (at midnight Central)'
        : `it is ${txn.status}`;
    throw cannotUndo(`Transaction ${txn.id} cannot be refunded: ${why}`);
  }
  const remaining = txn.amount - txn.refunded;
  let cents: number | undefined = body.amount === undefined ? undefined : parseRefundCents(body.amount, 'amount');
  if (body.items.length > 0) {
    const known = new Map(itemsOf(state, txn).map((item) => [item.id, item]));
    let sum = 0;
    for (const item of body.items) {
      const original = known.get(item.id);
      if (!original) throw invalidField(`items: transaction ${txn.id} has no item ${JSON.stringify(item.id)}`);
      const itemCents = parseRefundCents(item.amount, `items.${item.id}.amount`);
      if (itemCents <= 0 || itemCents > original.amount) {
        throw badRefundAmount(
          `items: refund of item ${item.id} must be above 0 and at most ${formatCents(original.amount)}`,
        );
      }
      sum += itemCents;
    }
    if (cents !== undefined && cents !== sum) {
      throw badRefundAmount(
        `amount ${formatCents(cents)} differs from the sum of the item refunds ${formatCents(sum)}`,
      );
    }
    cents = sum;
  }
  cents ??= remaining;
  if (cents <= 0) throw badRefundAmount(`Refund amount ${formatCents(cents)} must be above zero`);
  if (cents > remaining) {
    throw badRefundAmount(
      `Refund amount ${formatCents(cents)} is more than the ${formatCents(remaining)} not yet refunded`,
    );
  }
  if (state.failingReversals.has(txn.id) || cents % 100 === 12) {
    throw new ServiceError(400, 'TXN_ERROR', 'The service provider failed to refund the transaction');
  }
  applyRefund(txn, cents);
  return txn;
}
