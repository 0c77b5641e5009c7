/** State records as the service writes them on the wire: snake_case, money "12.34", ids as the spec types them. */
import { formatCents } from '../../shared/money';
import { formatServiceDateTime, Temporal } from '../../shared/time';
import { itemsOf } from './items';
import {
  secToMs,
  type BatchRecord,
  type CatalogItem,
  type GlAccountRecord,
  type GlRowRecord,
  type PayeeRecord,
  type SandboxState,
  type TxnRecord,
} from './state';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

export const serviceDateTime = (sec: number): string =>
  formatServiceDateTime(Temporal.Instant.fromEpochMilliseconds(secToMs(sec)));

export function payeeView(payee: PayeeRecord): Json {
  // The spec's Payee lists name and merchant_id only; the id is what every other resource refers to.
  return { id: payee.id, name: payee.name, merchant_id: payee.merchantId };
}

export function glAccountView(account: GlAccountRecord): Json {
  return { id: account.id, label: account.label, number: account.number };
}

function glAccountRef(state: SandboxState, id: string | null): Json {
  if (id === null) return null;
  const account = state.glAccounts.find((a) => a.id === id);
  return account ? glAccountView(account) : { id, label: '', number: '' };
}

const mask = (digits: string, keep = 4) => '*'.repeat(Math.max(0, digits.length - keep)) + digits.slice(-keep);

export interface TransactionExtensions {
  payer?: boolean;
  gl?: boolean;
  items?: boolean;
  recurring?: boolean;
}

export function transactionView(state: SandboxState, txn: TxnRecord, ext: TransactionExtensions = {}): Json {
  const view: { [key: string]: Json } = {
    id: txn.id,
    order_id: txn.orderId,
    payment_method: txn.method,
    amount: formatCents(txn.amount),
    amount_refunded: formatCents(txn.refunded),
    convenience_fee: formatCents(txn.fee),
    tax: formatCents(txn.tax),
    shipping: formatCents(txn.shipping),
    payee: txn.payeeId,
    status: txn.status,
    status_message: txn.statusMessage,
    // Transaction.batch is an int in the spec (Batch.id is a string of digits).
    batch: txn.batchId === null ? null : Number(txn.batchId),
    data: txn.data,
  };
  if (txn.storedCardToken) view.stored_card_retrieval_token = txn.storedCardToken;
  if (ext.payer) {
    const p = txn.payer;
    view.payer = p
      ? {
          name: p.name,
          address: p.address,
          address2: p.address2 ?? null,
          email: p.email,
          phone: p.phone,
          ip: p.ip,
          city: p.city,
          state: p.state ?? null,
          postal_code: p.postalCode,
          country: p.country,
        }
      : null;
    view.credit_card = txn.card ? { brand: txn.card.brand, pan: mask(txn.card.pan), expires: txn.card.expires } : null;
    view.bank_account = txn.bank
      ? { routing_number: txn.bank.routingNumber, account_number: mask(txn.bank.accountNumber) }
      : null;
  }
  if (ext.gl) view.gl_account = glAccountRef(state, txn.glAccountId);
  if (ext.items) {
    view.items = itemsOf(state, txn).map((item) => ({
      id: item.id,
      item_name: item.itemName,
      amount: formatCents(item.amount),
      gl_account: glAccountRef(state, item.glAccountId),
      student: item.student
        ? { number: item.student.number, district_id: item.student.districtId, name: item.student.name }
        : null,
      custom_fields: { ...item.customFields },
    }));
  }
  // Recurring's fields are not shown in the spec; scenario payments are one-off.
  if (ext.recurring) view.recurring = null;
  return view;
}

export function batchView(batch: BatchRecord): Json {
  return {
    id: batch.id,
    payee: batch.payeeId,
    date: batch.date,
    payment_method: batch.method,
    total_amount: formatCents(batch.total),
    fees_amount: formatCents(batch.fees),
    partial_amount: formatCents(batch.partial),
    total_count: batch.count,
  };
}

export function glRowView(state: SandboxState, row: GlRowRecord): Json {
  return {
    gl_batch_identifier: row.glBatchIdentifier,
    date: row.date,
    batch_id: Number(row.batchId),
    payee_id: row.payeeId,
    gl_account: glAccountRef(state, row.glAccountId),
    amount: formatCents(row.amount),
    amount_without_fees: formatCents(row.amountWithoutFees),
    count: row.count,
  };
}

export function itemView(
  state: SandboxState,
  item: CatalogItem,
  soldCount: number,
  ext: { description?: boolean; data_fields?: boolean },
): Json {
  const view: { [key: string]: Json } = {
    id: item.id,
    company_id: state.districtId,
    payee_id: item.payeeId,
    is_valid: true,
    title: item.title,
    item_type: item.itemType,
    sold_count: soldCount,
    created_on: serviceDateTime(item.createdSec),
    updated_on: serviceDateTime(item.createdSec),
    active_state: 'yes',
    is_parent_center: true,
    can_be_purcahsed: true,
    active_after: null,
    active_before: null,
    category: null,
    gl_account: Number(item.glAccountId),
    amounts: { amount: formatCents(item.priceCents) },
    code: item.code,
  };
  if (ext.description) view.description = `<p>${item.title}</p>`;
  if (ext.data_fields) view.data_fields = [];
  return view;
}
