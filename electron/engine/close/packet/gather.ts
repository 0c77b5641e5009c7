/**
 * A school's month packet as content (types.ts), gathered from the store: its facts on one snapshot
 * (store/packets), its reversals as the ledger posts them (reconcile/reversals), the settings changed
 * during the month, its deposit slips (store/slips), its close state from the deps, and the packets a
 * re-open superseded.
 */
import { DISTRICT_NAME_UNSET, type SettingChange } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { businessDayBounds, toIsoUtc } from '../../../../shared/time';
import { methodLabel } from '../../../../shared/vocabulary';
import { reversalsInRange } from '../../reconcile/reversals';
import type { ReadableDB } from '../../store/work';
import { packetsOf, readMonthFacts, type MonthScope } from '../../store/packets';
import { readSettingChanges, readStoredSettings } from '../../store/settings';
import { exceptionsOf } from './exceptions';
import { monthSlips } from './slips';
import { reconcile } from './reconciliation';
import { trailOf } from './trail';
import type { CloseState, DepositLine, PacketDeps, SchoolPacketContent, SlipLine } from './types';

export class PacketError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PacketError';
  }
}

/** The month 'YYYY-MM' as Central business dates and the UTC instants around them. */
export function monthScope(month: string, payeeId: number): MonthScope {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new PacketError(`month must be YYYY-MM (such as 2026-10), got ${JSON.stringify(month)}`);
  const lastDay = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  const from = `${month}-01`;
  const to = `${month}-${String(lastDay).padStart(2, '0')}`;
  return {
    payeeId,
    from,
    to,
    seenFrom: toIsoUtc(businessDayBounds(from).start),
    seenBefore: toIsoUtc(businessDayBounds(to).end),
  };
}

const DEFAULT_MATCH_WINDOW_DAYS = 5;

/** The district's name as Settings holds it now; the neutral default where none was given. */
export async function districtSettings(reader: ReadableDB): Promise<{ district: string; windowDays: number }> {
  const stored = await readStoredSettings(reader);
  const name = stored.get('districtName');
  const window = stored.get('bankMatchWindowDays');
  return {
    district: typeof name === 'string' && name.trim() ? name.trim() : DISTRICT_NAME_UNSET,
    windowDays: typeof window === 'number' ? window : DEFAULT_MATCH_WINDOW_DAYS,
  };
}

/** The settings changes made during the month, oldest first (the history pages newest first). */
async function settingChangesIn(reader: ReadableDB, scope: MonthScope): Promise<SettingChange[]> {
  const found: SettingChange[] = [];
  let beforeId: number | null = null;
  for (;;) {
    const page = await readSettingChanges(reader, { beforeId, limit: 200 });
    for (const change of page) if (change.at >= scope.seenFrom && change.at < scope.seenBefore) found.push(change);
    if (page.length < 200 || page.at(-1)!.at < scope.seenFrom) break;
    beforeId = page.at(-1)!.id;
  }
  return found.reverse();
}

function peopleOf(close: CloseState | null): Pick<SchoolPacketContent, 'preparer' | 'approver' | 'selfApproved'> {
  const preparer = close?.submittedBy && close.submittedAt ? { name: close.submittedBy, at: close.submittedAt } : null;
  const approver =
    close?.state === 'closed' && close.closedBy && close.closedAt ? { name: close.closedBy, at: close.closedAt } : null;
  // A single-user close records the one name: it prepared and approved (issue 29 item 2).
  const selfApproved = approver !== null && (preparer === null || preparer.name === approver.name);
  return { preparer: preparer ?? (selfApproved ? approver : null), approver, selfApproved };
}

function slipLines(slips: readonly import('./types').DepositSlipInput[]): SlipLine[] {
  return [...slips]
    .map((slip) => {
      const countedCents = slip.cashCents + slip.checkCents;
      return { ...slip, countedCents, overShortCents: countedCents - slip.expectedCents };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.slip.localeCompare(b.slip));
}

/**
 * A closed month prints the name it was closed under (store/months records it at close), so its packet
 * is the same bytes, and its stored SHA-256 still matches, after Settings renames the district. A
 * month closed before the name was recorded could only have printed the default.
 */
function districtOf(close: CloseState | null, current: string): string {
  if (close?.state !== 'closed') return current;
  return close.districtName ?? DISTRICT_NAME_UNSET;
}

function tieOutWords(verdict: string | null, differenceCents: number | null): string {
  if (verdict === null) return 'not checked';
  if (verdict === 'ties_out') return 'ties out';
  return differenceCents ? `${verdict} by ${formatMoney(differenceCents)}` : verdict;
}

export async function gatherSchoolPacket(
  deps: PacketDeps,
  { month, payeeId }: { month: string; payeeId: number },
): Promise<SchoolPacketContent> {
  const scope = monthScope(month, payeeId);
  const facts = await readMonthFacts(deps.reader, scope);
  if (!facts.payee) throw new PacketError(`no school with payee id ${payeeId}; see district-recon status for the ids`);
  const [settings, close, slips, reversals, settingChanges, stored] = await Promise.all([
    districtSettings(deps.reader),
    deps.closeState(month, payeeId),
    monthSlips(deps.reader, scope),
    reversalsInRange(deps.reader, { from: scope.from, to: scope.to, payeeIds: [payeeId] }),
    settingChangesIn(deps.reader, scope),
    packetsOf(deps.reader, month, payeeId),
  ]);
  const state = close?.state ?? 'open';
  const people = peopleOf(close);
  const latestSignOff = new Map<string, { by: string; at: string } | null>();
  for (const review of facts.reviews)
    latestSignOff.set(review.batch_id, review.action === 'sign_off' ? { by: review.by, at: review.at } : null);
  const deposits: DepositLine[] = facts.deposits.map((d) => ({
    date: d.date,
    batchId: d.id,
    method: methodLabel(d.method),
    count: d.count,
    totalCents: d.totalCents,
    feesCents: d.feesCents,
    netCents: d.totalCents - d.feesCents,
    tieOut: tieOutWords(d.verdict, d.differenceCents),
    signedOffBy: latestSignOff.get(d.id)?.by ?? null,
    signedOffAt: latestSignOff.get(d.id)?.at ?? null,
  }));
  const reversalLines = reversals.map((r) => ({
    date: r.date,
    transactionId: r.transactionId,
    kind: r.kind,
    batchId: r.batchId,
    amountCents: r.amountCents,
  }));
  return {
    kind: 'school',
    district: districtOf(close, settings.district),
    school: { id: facts.payee.id, name: facts.payee.name },
    month,
    state,
    draft: state !== 'closed',
    ...people,
    closedAt: people.approver?.at ?? null,
    reconciliation: reconcile(scope.to, facts.deposits, facts.batchExplanations, facts.explainedLines),
    deposits,
    accounts: facts.accounts.map((a) => ({
      account: a.number ?? a.accountId ?? '(no account)',
      label: a.label ?? (a.accountId ? '' : 'revenue on no account'),
      count: a.count,
      amountCents: a.amountCents,
      netCents: a.netCents,
    })),
    reversals: reversalLines,
    reversalsCents: reversalLines.reduce((sum, r) => sum + r.amountCents, 0),
    slips: slipLines(slips),
    exceptions: exceptionsOf(facts, reversals, scope.to, settings.windowDays, people),
    trail: trailOf(
      facts,
      settingChanges,
      close,
      stored.filter((p) => p.superseded_at !== null),
    ),
  };
}
