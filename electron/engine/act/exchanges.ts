/**
 * The exchanges with the service a write is carried by (protocol.ts's DeliveryIo): the POST, and the
 * look after a lost answer. Shared by the first send, a second approver's send and the look at an
 * intent a stopped process left "sending" (stuck.ts).
 */
import { formatMoney } from '../../../shared/money';
import type { ServiceClient } from '../api/client';
import {
  findByReference,
  listedTransaction,
  postTransaction,
  type PaymentBody,
  type ReversalBody,
} from '../api/writes';
import type { ParsedTransaction } from '../api/wire';
import { reversalHappened } from './fresh';
import type { DeliveryIo } from './protocol';

/** The exchange of one refund or void: send the body; look by comparing with the copy read before. */
export function reversalIo(
  client: ServiceClient,
  body: ReversalBody,
  before: ParsedTransaction,
  cents: number,
): DeliveryIo {
  return {
    send: () => postTransaction(client, body),
    async verify() {
      const now = await listedTransaction(client, body.transaction_id);
      if (!now) return { doubt: `Transaction ${body.transaction_id} is no longer listed by the service.` };
      const happened = reversalHappened(body.operation, before, now, cents);
      if (happened === 'doubt')
        return {
          doubt: `After a lost answer the service shows transaction ${body.transaction_id} ${now.value.status}, refunded ${formatMoney(now.value.amountRefundedCents)} (before: ${before.value.status}, ${formatMoney(before.value.amountRefundedCents)}), which is not what this ${body.operation} would do. Not sent again.`,
        };
      return happened ? { happened: true, transaction: now } : { happened: false };
    },
  };
}

export function collectionIo(client: ServiceClient, body: PaymentBody, sinceId: number, reference: string): DeliveryIo {
  return {
    send: () => postTransaction(client, body),
    async verify() {
      const found = await findByReference(client, { sinceId, payeeId: body.payee, reference });
      return found ? { happened: true, transaction: found } : { happened: false };
    },
  };
}
