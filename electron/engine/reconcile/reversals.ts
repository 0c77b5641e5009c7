/**
 * Reversals (DESIGN.md §6, docs/reversals.md): each refund (the increase of amount_refunded), ACH
 * return and settled void of a batched transaction, dated by the Central business date the sync first
 * saw it, allocated over the accounts its deposit posted the money to. Derived from the change feed
 * each time they are asked for, so there is one record of what happened (transaction_changes) and the
 * same facts always give the same lines.
 */
import type { PaymentMethod, Reversal, ReversalKind, ReversalLine } from '../../../shared/domain';
import { businessDateOf, businessDayBounds, parseIsoUtc, toIsoUtc } from '../../../shared/time';
import {
  reversalFacts,
  type PartLineRow,
  type ReversalChangeRow,
  type ReversalConnection,
  type ReversalFacts,
} from '../store/reversals';
import {
  allocateReversal,
  reversalAmount,
  type PostedItem,
  type PostedTransaction,
  type ReversalLine as AllocatedLine,
} from './allocateReversal';

export interface ReversalFilter {
  from: string;
  to: string;
  payeeIds?: readonly number[];
  methods?: readonly PaymentMethod[];
}

/**
 * The reversals first seen from `from` to `to` (Central business dates), oldest first: what a journal
 * of the range posts. Those the first sync found already there (before District Recon, store/baseline)
 * are not: they went back before anyone here was looking, in a period already closed.
 */
export async function reversalsInRange(conn: ReversalConnection, filter: ReversalFilter): Promise<Reversal[]> {
  const seenFrom = toIsoUtc(businessDayBounds(filter.from).start);
  const seenBefore = toIsoUtc(businessDayBounds(filter.to).end);
  const facts = await reversalFacts(conn, {
    seenFrom,
    seenBefore,
    payeeIds: filter.payeeIds,
    methods: filter.methods,
  });
  return derive(facts).filter((r) => r.seenAt >= seenFrom && r.seenAt < seenBefore && !r.beforeDistrictRecon);
}

/** A reversal's amount without its lines (amountsOf). */
export interface ReversalAmountRow {
  changeId: number;
  transactionId: number;
  kind: ReversalKind;
  seenAt: string;
  amountCents: number;
  /** Found by the first sync (store/baseline): not "since the last review". Absent otherwise. */
  beforeDistrictRecon?: true;
}

/**
 * The reversals first seen from `from` to `to` that `keep` keeps, oldest first, with the amounts
 * reversalsInRange would give them (worked out from amounts alone, without splitting each over its
 * accounts), and the newest `latest` of them in full. For totals over thousands of reversals (the
 * Overview's "since the last review"), where only a screenful is shown line by line.
 */
export async function reversalsSummary(
  conn: ReversalConnection,
  filter: ReversalFilter,
  keep: (changeId: number) => boolean,
  latest: number,
): Promise<{ amounts: ReversalAmountRow[]; latest: Reversal[] }> {
  const seenFrom = toIsoUtc(businessDayBounds(filter.from).start);
  const seenBefore = toIsoUtc(businessDayBounds(filter.to).end);
  const facts = await reversalFacts(
    conn,
    { seenFrom, seenBefore, payeeIds: filter.payeeIds, methods: filter.methods },
    'amounts',
  );
  const amounts = amountsOf(facts).filter(
    (r) => r.seenAt >= seenFrom && r.seenAt < seenBefore && !r.beforeDistrictRecon && keep(r.changeId),
  );
  const newest = new Set(amounts.slice(-latest).map((r) => r.changeId));
  const transactionIds = [...new Set(amounts.slice(-latest).map((r) => r.transactionId))];
  const full = transactionIds.length ? derive(await reversalFacts(conn, { transactionIds })) : [];
  return { amounts, latest: full.filter((r) => newest.has(r.changeId)) };
}

/** "After the deposit": every reversal of a batch's transactions, oldest first. */
export function reversalsOfBatch(facts: ReversalFacts): Reversal[] {
  return derive(facts);
}

export interface ReversalTotals {
  count: number;
  amountCents: number;
  byKind: Record<ReversalKind, number>;
}

export function reversalTotals(reversals: readonly Reversal[]): ReversalTotals {
  const totals: ReversalTotals = { count: 0, amountCents: 0, byKind: { refund: 0, return: 0, void: 0 } };
  for (const r of reversals) {
    totals.count += 1;
    totals.amountCents += r.amountCents;
    totals.byKind[r.kind] += r.amountCents;
  }
  return totals;
}

function kindOf(row: ReversalChangeRow): ReversalKind {
  if (row.changeKind === 'refunded') return 'refund';
  if (row.changeKind === 'returned' || row.toStatus === 'Returned') return 'return';
  return 'void';
}

type Part = PartLineRow['part'];

/** Each part's distinct accounts among a deposit's part lines: worked out once per deposit, not per reversal. */
function partAccountsOf(lines: readonly PartLineRow[]): Record<Part, Array<string | null>> {
  const sets: Record<Part, Set<string | null>> = { fee: new Set(), tax: new Set(), shipping: new Set() };
  for (const line of lines) sets[line.part].add(line.glNumber);
  return { fee: [...sets.fee], tax: [...sets.tax], shipping: [...sets.shipping] };
}

/**
 * Which account the deposit's GL lines used for a part, when they show it apart: the only one, or,
 * when several accounts carry that part, the one of the transaction's first item (else its own), as
 * the service posts a transaction's fee, tax and shipping (electron/sandbox/README.md, GL rows).
 */
function partAccount(accounts: ReadonlyArray<string | null>, preferred: string | null) {
  if (accounts.length === 1) return accounts[0] ?? null;
  return preferred !== null && accounts.includes(preferred) ? preferred : null;
}

/** One reversal as the walk over a transaction's changes takes it: how much, and over which lines. */
interface Taken {
  row: ReversalChangeRow;
  kind: ReversalKind;
  reversedCents: number;
  lines: AllocatedLine[];
}

type TakeBack = (
  row: ReversalChangeRow,
  own: PostedItem[],
  request: { wanted: number; already: number; previous: AllocatedLine[] },
) => { reversedCents: number; lines: AllocatedLine[] } | null;

/**
 * Every reversal of these transactions in the order seen, each given what the earlier ones of its
 * transaction took (changes come ordered by transaction, then id). A refund reports its own amount;
 * a return or void takes back whatever is still unreversed; `takeBack` caps it at what is left or
 * refuses it (nothing left, or facts allocation cannot use: nothing to post).
 */
function walk({ changes, items: postedItems }: ReversalFacts, takeBack: TakeBack): Taken[] {
  const items = new Map<number, PostedItem[]>();
  for (const item of postedItems) {
    const list = items.get(item.transactionId) ?? [];
    list.push({ glAccount: item.glNumber, amountCents: item.amountCents });
    items.set(item.transactionId, list);
  }
  const taken: Taken[] = [];
  let current = -1;
  let already = 0;
  let previous: AllocatedLine[] = [];
  for (const row of changes) {
    if (row.transactionId !== current) {
      current = row.transactionId;
      already = 0;
      previous = [];
    }
    const kind = kindOf(row);
    const wanted = kind === 'refund' ? (row.deltaCents ?? 0) : row.amountCents;
    if (wanted <= 0) continue;
    const outcome = takeBack(row, items.get(row.transactionId) ?? [], { wanted, already, previous });
    if (!outcome) continue;
    already += outcome.reversedCents;
    if (outcome.lines.length) previous = [...previous, ...outcome.lines];
    taken.push({ row, kind, reversedCents: outcome.reversedCents, lines: outcome.lines });
  }
  return taken;
}

const bySeen = <T extends { seenAt: string; changeId: number }>(a: T, b: T) =>
  a.seenAt < b.seenAt ? -1 : a.seenAt > b.seenAt ? 1 : a.changeId - b.changeId;

/** What each reversal takes back, without splitting it over accounts: the figures of totals. */
function amountsOf(facts: ReversalFacts): ReversalAmountRow[] {
  return walk(facts, (row, own, { wanted, already }) => {
    const amount = reversalAmount(
      {
        amountCents: row.amountCents,
        convenienceFeeCents: row.feeCents,
        taxCents: row.taxCents,
        shippingCents: row.shippingCents,
        items: own,
      },
      { reversalCents: wanted, alreadyReversedCents: already, excess: 'cap' },
    );
    return amount.ok ? { reversedCents: amount.reversedCents, lines: [] } : null;
  })
    .map(({ row, kind, reversedCents }) => ({
      changeId: row.changeId,
      transactionId: row.transactionId,
      kind,
      seenAt: row.seenAt,
      amountCents: reversedCents,
      // Only when true, so every other reversal reads as it always has.
      ...(row.baseline === 1 ? { beforeDistrictRecon: true as const } : {}),
    }))
    .sort(bySeen);
}

/** Allocates every reversal of these transactions in the order seen, each given what the earlier ones took. */
function derive(facts: ReversalFacts): Reversal[] {
  const { partLines: partLineRows, labels, exported } = facts;
  const partLines = new Map<string, PartLineRow[]>();
  for (const line of partLineRows) {
    const list = partLines.get(line.batchId) ?? [];
    list.push(line);
    partLines.set(line.batchId, list);
  }
  const partAccounts = new Map([...partLines].map(([batchId, lines]) => [batchId, partAccountsOf(lines)]));
  const noParts = partAccountsOf([]);
  // Converting a seen_at to its Central date is costly (Temporal) and one sync's changes share it.
  const dates = new Map<string, string>();
  const dateOf = (seenAt: string) => {
    let date = dates.get(seenAt);
    if (date === undefined) dates.set(seenAt, (date = businessDateOf(parseIsoUtc(seenAt, 'seen_at'))));
    return date;
  };

  const taken = walk(facts, (row, own, { wanted, already, previous }) => {
    const accounts = partAccounts.get(row.batchId) ?? noParts;
    const preferred = own[0]?.glAccount ?? row.ownGlNumber;
    const posted: PostedTransaction = {
      amountCents: row.amountCents,
      convenienceFeeCents: row.feeCents,
      taxCents: row.taxCents,
      shippingCents: row.shippingCents,
      glAccount: row.ownGlNumber,
      items: own,
      partAccounts: {
        fee: partAccount(accounts.fee, preferred),
        tax: partAccount(accounts.tax, preferred),
        shipping: partAccount(accounts.shipping, preferred),
      },
    };
    const allocation = allocateReversal(posted, {
      reversalCents: wanted,
      alreadyReversedCents: already,
      previousLines: previous,
      excess: 'cap',
    });
    return allocation.ok ? allocation : null;
  });
  return taken
    .map(({ row, kind, reversedCents, lines }): Reversal => {
      const date = dateOf(row.seenAt);
      return {
        changeId: row.changeId,
        transactionId: row.transactionId,
        kind,
        date,
        period: date.slice(0, 7),
        seenAt: row.seenAt,
        amountCents: reversedCents,
        payeeId: row.payeeId,
        payeeName: row.payeeName,
        paymentMethod: row.paymentMethod,
        batchId: row.batchId,
        batchDate: row.batchDate,
        lines: lines.map((line): ReversalLine => ({
          glNumber: line.glAccount,
          glLabel: line.glAccount === null ? null : (labels.get(line.glAccount) ?? null),
          amountCents: line.amountCents,
          part: line.part,
          fallback: line.fallback,
        })),
        exportId: exported.get(row.changeId) ?? null,
        ...(row.baseline === 1 ? { beforeDistrictRecon: true } : {}),
      };
    })
    .sort(bySeen);
}
