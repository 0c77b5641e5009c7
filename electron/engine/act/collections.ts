/**
 * Cash and check collections through the virtual terminal (spec: "Physical check and cash occur only
 * with the virtual terminal"; DESIGN.md §12). Checked by the service's rules first (shared/act),
 * stored with a client reference that also goes in `data`, sent once; after a lost answer the
 * service's transactions above the highest id known before sending are searched for the reference
 * before anything is sent again.
 */
import { checkCollection, CollectionRuleError, type CollectionInput } from '../../../shared/act/collection';
import { ContractError, type ActPreview, type ActResult } from '../../../shared/contract';
import { formatCents } from '../../../shared/money';
import type { PaymentBody } from '../api/writes';
import { claimIntent, highestKnownTransactionId } from '../store/intents';
import { listPayees } from '../store/transactions';
import { carryOut, nowIso } from './carryOut';
import { newReference } from './reference';
import { collectionIo } from './exchanges';
import { storedTransaction } from './stored';
import { settleInterruptedWrites, type InterruptedWritesDeps } from './stuck';

export interface CollectArgs extends CollectionInput {
  preview: boolean;
}

const METHOD_WORDS = { Cash: 'Cash', PhysicalCheck: 'Check' } as const;

export async function collect(deps: InterruptedWritesDeps, args: CollectArgs, actor: string): Promise<ActResult> {
  let checked;
  try {
    checked = checkCollection(args);
  } catch (error) {
    if (error instanceof CollectionRuleError)
      throw new ContractError('BAD_ARGUMENTS', `${error.message}. Nothing was sent.`);
    throw error;
  }
  const payee = (await listPayees(deps.store.reader)).find((candidate) => candidate.id === checked.payeeId);
  if (!payee || payee.removed)
    throw new ContractError(
      'BAD_ARGUMENTS',
      `School (payee) ${checked.payeeId} is not one the service lists${payee ? ' any more' : ''}: sync, or check the number. Nothing was sent.`,
    );
  const reference = newReference();
  const gl = (number: string | null) => (number === null ? {} : { gl_account: { number } });
  const { payer } = checked;
  const body: PaymentBody = {
    payee: checked.payeeId,
    payment_method: checked.method,
    amount: formatCents(checked.amountCents),
    payer: {
      name: payer.name,
      ...(payer.address !== undefined ? { address: payer.address } : {}),
      ...(payer.address2 !== undefined ? { address2: payer.address2 } : {}),
      ...(payer.email !== undefined ? { email: payer.email } : {}),
      ...(payer.phone !== undefined ? { phone: payer.phone } : {}),
      ...(payer.city !== undefined ? { city: payer.city } : {}),
      ...(payer.state !== undefined ? { state: payer.state } : {}),
      ...(payer.postalCode !== undefined ? { postal_code: payer.postalCode } : {}),
      ...(payer.country !== undefined ? { country: payer.country } : {}),
    },
    ...gl(checked.glAccountNumber),
    ...(checked.items.length
      ? {
          items: checked.items.map((item, index) => ({
            id: `${reference}-${index + 1}`,
            item_name: item.name,
            amount: formatCents(item.amountCents),
            ...gl(item.glAccountNumber),
          })),
        }
      : {}),
    // The reference first, so a search finds it whatever the note says.
    data: [reference, checked.checkNumber && `check ${checked.checkNumber}`, checked.note].filter(Boolean).join(' '),
  };
  const preview: ActPreview = {
    kind: 'collection',
    transactionId: null,
    payeeId: payee.id,
    payeeName: payee.name,
    payerName: payer.name,
    method: METHOD_WORDS[checked.method],
    saleCents: checked.amountCents,
    refundedBeforeCents: null,
    amountCents: checked.amountCents,
    remainingAfterCents: null,
    items: checked.items.map((item) => ({ id: null, name: item.name, amountCents: item.amountCents })),
    needsSecondApprover: false,
  };
  if (args.preview) return { preview, intent: null, transaction: null };

  const client = await deps.serviceClient();
  await settleInterruptedWrites(deps);
  const sinceId = await highestKnownTransactionId(deps.store.reader);
  await claimIntent(
    deps.store.writer,
    {
      id: reference,
      kind: 'collection',
      state: 'sending',
      transactionId: null,
      payeeId: payee.id,
      amountCents: checked.amountCents,
      request: JSON.stringify(body),
      reason: [METHOD_WORDS[checked.method], checked.checkNumber && `check ${checked.checkNumber}`, checked.note]
        .filter(Boolean)
        .join(', '),
      requestedBy: actor,
      at: nowIso(deps),
      beforeRaw: null,
      sinceId,
    },
    nowIso(deps),
  );
  const intent = await carryOut(deps, client, reference, actor, collectionIo(client, body, sinceId, reference));
  return { preview, intent, transaction: await storedTransaction(deps, intent.transactionId) };
}
