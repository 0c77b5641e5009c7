/** The REST endpoints of the spec. Each handler takes the parsed request and returns a status and JSON. */
import { z } from 'zod';
import { businessDayBounds } from '../../shared/time';
import { invalidField, invalidPayee, ServiceError, txnNotFound } from './errors';
import { itemsOf } from './items';
import { reversePayment, processPayment } from './processor';
import {
  dateParam,
  dateTimeParam,
  extensionsParam,
  intListParam,
  intParam,
  methodsParam,
  parsePaging,
  type Paging,
} from './query';
import { EPOCH_2000, findTransaction, lowerBound, type BatchRecord, type SandboxState, type TxnRecord } from './state';
import {
  parseOrInvalid,
  processSchema,
  reverseSchema,
  terminalProcessSchema,
  type ProcessBody,
  type ReverseBody,
} from './validation';
import { batchView, glAccountView, glRowView, itemView, payeeView, transactionView, type Json } from './views';

export interface RouteRequest {
  state: SandboxState;
  nowMs: number;
  params: URLSearchParams;
  /** Parsed JSON body of a POST. */
  body: unknown;
  /** The :id of /txns/:id. */
  pathId?: number;
}

export interface RouteResponse {
  status: number;
  body?: Json;
  /** For paged lists: lets a fault re-read the same page shifted (a page that changes between reads). */
  paged?: (paging: Paging) => Json[];
  paging?: Paging;
}

export type Handler = (request: RouteRequest) => RouteResponse;

export interface Route {
  /** Path pattern: exact, or with one ':id' segment. */
  path: string;
  methods: Partial<Record<'GET' | 'POST', Handler>>;
}

function pagedList(objectsAt: (paging: Paging) => Json[], paging: Paging): RouteResponse {
  return {
    status: 200,
    body: { offset: paging.offset, limit: paging.limit, objects: objectsAt(paging) },
    paged: objectsAt,
    paging,
  };
}

function takePage<T>(items: Iterable<T>, paging: Paging, view: (item: T) => Json): Json[] {
  const page: Json[] = [];
  let skipped = 0;
  for (const item of items) {
    if (skipped < paging.offset) {
      skipped++;
      continue;
    }
    page.push(view(item));
    if (page.length >= paging.limit) break;
  }
  return page;
}

function checkPayees(state: SandboxState, ids: number[] | undefined): Set<number> | undefined {
  if (!ids) return undefined;
  for (const id of ids) {
    if (!state.payees.some((p) => p.id === id && !p.removed))
      throw invalidPayee(`payees: ${id} is not an existing payee`);
  }
  return new Set(ids);
}

const getPayees: Handler = ({ state }) => ({
  status: 200,
  body: state.payees.filter((p) => !p.removed).map(payeeView),
});

const getGlAccounts: Handler = ({ state }) => ({
  status: 200,
  body: state.glAccounts.filter((a) => !a.removed).map(glAccountView),
});

const glAccountBody = z.object({
  label: z.string().min(2, 'is required, longer than 1 character'),
  number: z.string().min(2, 'is required, longer than 1 character'),
  remove: z.literal('yes', { message: 'may only be "yes"' }).optional(),
});

const postGlAccounts: Handler = ({ state, body }) => {
  const input = parseOrInvalid(glAccountBody, body);
  const same = (a: { label: string; number: string }) => a.label === input.label && a.number === input.number;
  if (input.remove === 'yes') {
    const account = state.glAccounts.find((a) => !a.removed && same(a));
    if (!account) {
      throw new ServiceError(
        404,
        'ACCOUNT_NOT_FOUND',
        `No GL account with label ${JSON.stringify(input.label)} and number ${JSON.stringify(input.number)}`,
      );
    }
    account.removed = true;
    return { status: 204 };
  }
  const existing = state.glAccounts.find(same);
  if (existing) existing.removed = false;
  else
    state.glAccounts.push({
      id: String(5000 + state.nextGlAccountNumber++),
      label: input.label,
      number: input.number,
      removed: false,
    });
  return { status: 204 };
};

const TXN_LIST_EXTENSIONS = ['recurring', 'items'] as const;
const TXN_ONE_EXTENSIONS = ['payer', 'gl'] as const;

const getTransactions: Handler = ({ state, params }) => {
  const paging = parsePaging(params);
  const payees = checkPayees(state, intListParam(params, 'payees'));
  const methods = methodsParam(params, 'payment_method');
  const ext = extensionsParam(params, TXN_LIST_EXTENSIONS, 'GET /txns');
  const afterMs = dateTimeParam(params, 'after');
  const beforeMs = dateTimeParam(params, 'before');
  const since = intParam(params, 'since');
  const batchId = intParam(params, 'batch');
  // after and before are both exclusive, to the second ("happened after", "happened before").
  const afterSec = afterMs === undefined ? undefined : Math.floor(afterMs / 1000) - EPOCH_2000;
  const beforeSec = beforeMs === undefined ? undefined : Math.ceil(beforeMs / 1000) - EPOCH_2000;
  const txns = state.transactions;

  const matches = (t: TxnRecord) =>
    (payees === undefined || payees.has(t.payeeId)) &&
    (methods === undefined || methods.has(t.method)) &&
    (afterSec === undefined || t.created > afterSec) &&
    (beforeSec === undefined || t.created < beforeSec) &&
    (since === undefined || t.id > since);

  function* candidates(): Generator<TxnRecord> {
    if (batchId !== undefined) {
      const batch = state.batchById.get(String(batchId));
      if (!batch) return;
      for (const id of batch.txnIds) {
        if (state.hiddenFromBatch.has(id)) continue;
        const txn = findTransaction(state, id);
        if (txn && matches(txn)) yield txn;
      }
      return;
    }
    let lo = 0;
    let hi = txns.length;
    if (afterSec !== undefined) lo = lowerBound(txns, (t) => t.created > afterSec);
    if (beforeSec !== undefined) hi = lowerBound(txns, (t) => t.created >= beforeSec);
    if (since !== undefined) lo = Math.max(lo, Math.min(txns.length, since - state.firstTxnId + 1));
    for (let i = lo; i < hi; i++) {
      const txn = txns[i]!;
      if (matches(txn)) yield txn;
    }
  }
  const view = { items: ext.has('items'), recurring: ext.has('recurring') };
  return pagedList((p) => takePage(candidates(), p, (t) => transactionView(state, t, view)), paging);
};

const getTransaction: Handler = ({ state, params, pathId }) => {
  const ext = extensionsParam(params, TXN_ONE_EXTENSIONS, 'GET /txns/:id');
  const txn = findTransaction(state, pathId!);
  if (!txn) throw txnNotFound(pathId!);
  return { status: 200, body: transactionView(state, txn, { payer: ext.has('payer'), gl: ext.has('gl') }) };
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A refund or void, recorded in the write log when the service applies it. */
function reverseAndRecord(state: SandboxState, body: ReverseBody, nowMs: number, pathId?: number): TxnRecord {
  const refundedBefore = findTransaction(state, body.transaction_id)?.refunded ?? 0;
  const txn = reversePayment(state, body, pathId);
  state.writes.push({
    atMs: nowMs,
    operation: body.operation,
    transactionId: txn.id,
    cents: body.operation === 'refund' ? txn.refunded - refundedBefore : txn.amount - txn.refunded,
    data: null,
  });
  return txn;
}

const postTransactions: Handler = ({ state, body, nowMs }) => {
  if (!isObject(body)) throw invalidField('The body must be a JSON object (a Transaction, or a refund/void request)');
  if ('operation' in body) {
    const txn = reverseAndRecord(state, parseOrInvalid(reverseSchema, body), nowMs);
    return { status: 200, body: transactionView(state, txn) };
  }
  // A terminal payer may lack fields a card payer has; the views leave out what was not given.
  const terminal = body.payment_method === 'Cash' || body.payment_method === 'PhysicalCheck';
  const txn = processPayment(
    state,
    parseOrInvalid(terminal ? terminalProcessSchema : processSchema, body) as ProcessBody,
    nowMs,
  );
  state.writes.push({ atMs: nowMs, operation: 'process', transactionId: txn.id, cents: txn.amount, data: txn.data });
  return { status: 200, body: transactionView(state, txn, { payer: true, gl: true, items: true }) };
};

/** POST /txns/:id: "listed as the reversal path"; transaction_id may be left out (the path names it). */
const postTransaction: Handler = ({ state, body, pathId, nowMs }) => {
  if (!isObject(body)) throw invalidField('The body must be a JSON object with operation refund or void');
  const input = parseOrInvalid(reverseSchema, { transaction_id: pathId, ...body });
  return { status: 200, body: transactionView(state, reverseAndRecord(state, input, nowMs, pathId)) };
};

const dayStartMs = new Map<string, number>();
function startOfDateMs(date: string): number {
  let ms = dayStartMs.get(date);
  if (ms === undefined) {
    ms = businessDayBounds(date).start.epochMilliseconds;
    dayStartMs.set(date, ms);
  }
  return ms;
}

const getBatches: Handler = ({ state, params }) => {
  const paging = parsePaging(params);
  const payees = checkPayees(state, intListParam(params, 'payees'));
  const methods = methodsParam(params, 'payment_method');
  // A batch "happens" at its date's midnight: after=2026-03-01 gives batches dated 2026-03-02 and later.
  const afterMs = dateTimeParam(params, 'after');
  const from = afterMs === undefined ? 0 : lowerBound(state.batches, (b) => startOfDateMs(b.date) > afterMs);
  function* candidates(): Generator<BatchRecord> {
    for (let i = from; i < state.batches.length; i++) {
      const b = state.batches[i]!;
      if ((payees === undefined || payees.has(b.payeeId)) && (methods === undefined || methods.has(b.method))) yield b;
    }
  }
  return pagedList((p) => takePage(candidates(), p, batchView), paging);
};

const getGlBatches: Handler = ({ state, params }) => {
  const paging = parsePaging(params);
  const payees = intListParam(params, 'payees');
  const methods = methodsParam(params, 'payment_methods');
  // "Batches after this date" (exclusive) and "before or on this date" (inclusive), as the spec words them.
  const start = dateParam(params, 'start_date');
  const end = dateParam(params, 'end_date');
  const groups = state.glGroups;
  const from = start === undefined ? 0 : lowerBound(groups, (g) => g.base.date > start);
  const to = end === undefined ? groups.length : lowerBound(groups, (g) => g.base.date > end);
  const payeeSet = payees ? new Set(payees) : undefined;
  // Paging counts base rows; each base row brings its fee/tax/shipping rows, so a page can hold
  // more than `limit` objects. Page k (offset = k * limit) covers base rows k*limit .. k*limit+limit-1.
  const objectsAt = (p: Paging): Json[] => {
    const page: Json[] = [];
    let skipped = 0;
    let taken = 0;
    for (let i = from; i < to && taken < p.limit; i++) {
      const g = groups[i]!;
      if ((payeeSet && !payeeSet.has(g.base.payeeId)) || (methods && !methods.has(g.base.method))) continue;
      if (skipped < p.offset) {
        skipped++;
        continue;
      }
      page.push(glRowView(state, g.base), ...g.extras.map((row) => glRowView(state, row)));
      taken++;
    }
    return page;
  };
  return pagedList(objectsAt, paging);
};

const ITEM_EXTENSIONS = ['description', 'data_fields'] as const;

const soldCounts = new WeakMap<SandboxState, { length: number; counts: Map<string, number> }>();
/** sold_count: items in Settled or Pending payments (payments minus reversals); cached per transaction count. */
function soldCountOf(state: SandboxState, code: string): number {
  let cache = soldCounts.get(state);
  if (!cache || cache.length !== state.transactions.length) {
    const counts = new Map<string, number>();
    for (const txn of state.transactions) {
      if (txn.itemSeed === 0 || (txn.status !== 'Settled' && txn.status !== 'Pending')) continue;
      for (const item of itemsOf(state, txn)) {
        const key = item.customFields.item_code;
        if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    cache = { length: state.transactions.length, counts };
    soldCounts.set(state, cache);
  }
  return cache.counts.get(code) ?? 0;
}

const getItems: Handler = ({ state, params }) => {
  const paging = parsePaging(params);
  const ext = extensionsParam(params, ITEM_EXTENSIONS, 'GET /items');
  const view = { description: ext.has('description'), data_fields: ext.has('data_fields') };
  return pagedList(
    (p) => takePage(state.catalog, p, (item) => itemView(state, item, soldCountOf(state, item.code), view)),
    paging,
  );
};

export const ROUTES: Route[] = [
  { path: '/payees', methods: { GET: getPayees } },
  { path: '/gl-accounts', methods: { GET: getGlAccounts, POST: postGlAccounts } },
  { path: '/txns', methods: { GET: getTransactions, POST: postTransactions } },
  { path: '/txns/:id', methods: { GET: getTransaction, POST: postTransaction } },
  { path: '/batches', methods: { GET: getBatches } },
  { path: '/gl-batches', methods: { GET: getGlBatches } },
  { path: '/items', methods: { GET: getItems } },
];

/** Finds the route of a path; `/txns/:id` needs a whole-number id (anything else is an unknown path). */
export function matchRoute(pathname: string): { route: Route; pathId?: number } | undefined {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  for (const route of ROUTES) {
    if (route.path === path) return { route };
    if (route.path.endsWith('/:id')) {
      const prefix = route.path.slice(0, -3);
      if (path.startsWith(prefix) && /^\d{1,15}$/.test(path.slice(prefix.length))) {
        return { route, pathId: Number(path.slice(prefix.length)) };
      }
    }
  }
  return undefined;
}
