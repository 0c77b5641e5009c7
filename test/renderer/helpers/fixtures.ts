/** Builders for engine answers: sensible defaults, override what a test is about. */
import { needsYou } from '../../helpers/needsYou';
import {
  DEFAULT_SETTINGS,
  type GlBatchReport,
  type MonthStatus,
  type Overview,
  type Settings,
  type SyncRunSummary,
  type TransactionDetail,
} from '../../../shared/contract';
import type {
  BatchDetail,
  BatchSummary,
  Change,
  Check,
  GlAccount,
  GlBatch,
  Payee,
  RoutineNews,
  Transaction,
} from '../../../shared/domain';

export function payee(overrides: Partial<Payee> = {}): Payee {
  return { id: 1, name: 'Lincoln High Cafeteria', merchantId: 'M-1', removed: false, ...overrides };
}

export function batch(overrides: Partial<BatchSummary> = {}): BatchSummary {
  return {
    id: 'B100',
    payeeId: 1,
    payeeName: 'Lincoln High Cafeteria',
    date: '2026-03-06',
    paymentMethod: 'CC',
    totalCents: 123456,
    feesCents: 3456,
    partialCents: 120000,
    totalCount: 12,
    verdict: 'ties_out',
    differenceCents: 0,
    reviewState: 'open',
    reopenReason: null,
    revision: '0f1e2d3c4b5a6978',
    ...overrides,
  };
}

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 5001,
    orderId: 9001,
    payeeId: 1,
    paymentMethod: 'CC',
    status: 'Settled',
    statusMessage: null,
    amountCents: 2500,
    amountRefundedCents: 0,
    convenienceFeeCents: 75,
    taxCents: 0,
    shippingCents: 0,
    batchId: 'B100',
    data: 'lunch account',
    payerName: 'Maria Lopez',
    glAccountId: 'gl-1',
    businessDate: '2026-03-06',
    ...overrides,
  };
}

export function change(overrides: Partial<Change> = {}): Change {
  return {
    id: 1,
    transactionId: 5001,
    batchId: 'B100',
    kind: 'refunded',
    fromStatus: 'Settled',
    toStatus: 'Refunded',
    // As the engine records it (shared/domain/changes.ts): how much more was refunded.
    deltaCents: 1500,
    detail: null,
    syncRunId: 3,
    seenAt: '2026-03-07T07:31:00.000Z',
    acknowledgedAt: null,
    ...overrides,
  };
}

export function check(overrides: Partial<Check> = {}): Check {
  return {
    name: 'total',
    passed: true,
    expectedCents: 123456,
    actualCents: 123456,
    differenceCents: 0,
    explanations: [],
    ...overrides,
  };
}

export function batchDetail(overrides: Partial<BatchDetail> = {}): BatchDetail {
  return {
    batch: batch(),
    checks: [check({ name: 'count', expectedCents: 12, actualCents: 12 }), check()],
    transactions: [transaction()],
    glBatches: [glLine()],
    history: [],
    reversals: [],
    revision: null,
    preparation: null,
    ...overrides,
  };
}

export function glLine(overrides: Partial<GlBatch> = {}): GlBatch {
  return {
    glBatchId: 'G1',
    date: '2026-03-06',
    batchId: 'B100',
    payeeId: 1,
    glAccountId: 'gl-1',
    glNumber: '199-35-5751',
    glLabel: 'Cafeteria sales',
    amountCents: 123456,
    amountWithoutFeesCents: 120000,
    count: 12,
    ...overrides,
  };
}

export function glReport(rows: GlBatch[] = [glLine()]): GlBatchReport {
  const total = rows.reduce((s, r) => s + r.amountCents, 0);
  const net = rows.reduce((s, r) => s + r.amountWithoutFeesCents, 0);
  const byNumber = new Map<string, GlBatch[]>();
  for (const row of rows) byNumber.set(row.glNumber ?? '', [...(byNumber.get(row.glNumber ?? '') ?? []), row]);
  return {
    rows,
    byAccount: [...byNumber.values()].map((group) => ({
      glAccountId: group[0]!.glAccountId,
      glNumber: group[0]!.glNumber,
      glLabel: group[0]!.glLabel,
      amountCents: group.reduce((s, r) => s + r.amountCents, 0),
      amountWithoutFeesCents: group.reduce((s, r) => s + r.amountWithoutFeesCents, 0),
      count: group.reduce((s, r) => s + r.count, 0),
    })),
    totalCents: total,
    totalWithoutFeesCents: net,
    rowCount: rows.length,
    truncated: false,
    depositCount: new Set(rows.map((r) => r.batchId)).size,
    reversals: [],
    reversalCount: 0,
    reversalTotalCents: 0,
  };
}

export function syncRun(overrides: Partial<SyncRunSummary> = {}): SyncRunSummary {
  return {
    id: 3,
    startedAt: '2026-03-07T07:30:00.000Z',
    finishedAt: '2026-03-07T07:31:10.000Z',
    status: 'succeeded',
    trigger: 'schedule',
    transactionsInserted: 120,
    transactionsUpdated: 4,
    changesRecorded: 6,
    batchesSynced: 3,
    glBatchesSynced: 9,
    error: null,
    ...overrides,
  };
}

export function overview(overrides: Partial<Overview> = {}): Overview {
  return {
    lastRun: syncRun(),
    nextRunAt: '2026-03-08T07:30:00.000Z',
    newDeposits: [batch(), batch({ id: 'B101', verdict: 'differs', differenceCents: -2500, paymentMethod: 'ACH' })],
    changesToReview: 6,
    latestChanges: [change()],
    reopened: [],
    dailyDeposits: [
      { date: '2026-03-05', payeeId: 1, paymentMethod: 'CC', totalCents: 90000 },
      { date: '2026-03-06', payeeId: 1, paymentMethod: 'CC', totalCents: 123456 },
      { date: '2026-03-06', payeeId: 1, paymentMethod: 'ACH', totalCents: 50000 },
    ],
    payees: [payee()],
    needsYou: needsYou({
      differs: {
        count: 1,
        cents: 2500,
        batches: [batch({ id: 'B101', verdict: 'differs', differenceCents: -2500, paymentMethod: 'ACH' })],
      },
    }),
    routine: routine({ deposits: { count: 1, cents: 123456, batches: [batch()] } }),
    ...overrides,
  };
}

export { needsYou };

export function routine(overrides: Partial<RoutineNews> = {}): RoutineNews {
  return { deposits: { count: 0, cents: 0, batches: [] }, changes: [], ...overrides };
}

/** A district that has connected to its service and named its accounts and reviewer; the rest as the engine defaults them. */
export function settings(overrides: Partial<Settings> = {}): Settings {
  return {
    ...DEFAULT_SETTINGS,
    serviceUrl: 'https://payments.example.org/api',
    connectionConfigured: true,
    clearingAccount: '101-00-1110',
    depositAccount: '101-00-1111',
    reviewerName: 'Pat Reviewer',
    ...overrides,
  };
}

export function account(overrides: Partial<GlAccount> = {}): GlAccount {
  return { id: 'gl-1', number: '199-35-5751', label: 'Cafeteria sales', removed: false, ...overrides };
}

export function transactionDetail(overrides: Partial<TransactionDetail> = {}): TransactionDetail {
  return {
    transaction: transaction({ status: 'Refunded', amountRefundedCents: 1500 }),
    items: [],
    changes: [
      change({
        id: 1,
        kind: 'first_seen',
        fromStatus: null,
        toStatus: 'Pending',
        deltaCents: null,
        seenAt: '2026-03-05T07:30:00.000Z',
      }),
      change({
        id: 2,
        kind: 'settled',
        fromStatus: 'Pending',
        toStatus: 'Settled',
        deltaCents: null,
        seenAt: '2026-03-06T07:30:00.000Z',
      }),
      change({
        id: 3,
        kind: 'refunded',
        fromStatus: 'Settled',
        toStatus: 'Refunded',
        deltaCents: 1500,
        seenAt: '2026-03-07T07:30:00.000Z',
      }),
    ],
    payeeName: 'Lincoln High Cafeteria',
    ...overrides,
  };
}

/** An open month of one school, nothing to show on its checklist unless given. */
export function monthStatus(overrides: Partial<MonthStatus> = {}): MonthStatus {
  return {
    month: '2026-10',
    payeeId: 1,
    payeeName: 'Lincoln High Athletics',
    state: 'open',
    checklist: [],
    exceptions: [],
    figures: {
      deposits: 0,
      signedOff: 0,
      bankMatched: 0,
      inTransit: 0,
      depositCents: 0,
      bankMatchedCents: 0,
      inTransitCents: 0,
      differenceCents: 0,
      pendingApprovals: 0,
    },
    submittedBy: null,
    submittedAt: null,
    closedBy: null,
    closedAt: null,
    selfApproved: false,
    deadline: '2026-11-15',
    daysPastDeadline: 0,
    events: [],
    ...overrides,
  };
}
