/**
 * The engine's NeedsYou as the lines the Overview shows, most serious first: each with its words, the
 * one link that opens its detail, and up to a few direct links to what it is about. Words only; the
 * counting is the engine's (reconcile/morning.ts).
 */
import type { AttentionKind, BatchSummary, ChangeKind, NeedsYou, ReversalKind } from '../../../../shared/domain';
import { formatCount, formatMoney, formatShortDate, methodLabel } from '../../format';
import { hrefFor } from '../../routes';

export interface ItemLink {
  href: string;
  label: string;
  /** A second line of words under the link (a re-open reason). */
  note?: string | null;
}

export interface ActionItem {
  id: string;
  /** "1 deposit differs", in words a bookkeeper would say. */
  title: string;
  /** Money or a breakdown beside the title. */
  detail: string | null;
  /** Where the whole item opens: its first deposit, or its group in Changes. */
  href: string | null;
  links: ItemLink[];
  /** "and 9 more" when the links do not name them all. */
  more: number;
}

/** Links shown per item: enough to act on, few enough that every item fits the first screen. */
export const LINKS_SHOWN = 3;

export const BANK_VIEW_HREF: string | null = hrefFor('bank');

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

const REVERSAL_WORDS: Record<ReversalKind, [string, string]> = {
  refund: ['refund', 'refunds'],
  return: ['ACH return', 'ACH returns'],
  void: ['settled void', 'settled voids'],
};

/** The feed group that holds each kind of reversal, to open in Changes. */
const REVERSAL_CHANGE_KIND: Record<ReversalKind, ChangeKind> = {
  refund: 'refunded',
  return: 'returned',
  void: 'voided_after_settlement',
};

const ATTENTION_WORDS: Record<AttentionKind, [string, string]> = {
  // The differ's anomalies: a sale that changed unexpectedly, or one reported outside the service's
  // own input rule (a fee under $1.00), stored as sent (DESIGN.md §4).
  anomaly: ['sale with an anomaly', 'sales with an anomaly'],
  errored: ['sale failed with an error', 'sales failed with an error'],
  unknown: ['sale the processor did not answer clearly', 'sales the processor did not answer clearly'],
  declined: ['declined sale', 'declined sales'],
};

function batchLink(batch: BatchSummary, withDifference: boolean): ItemLink {
  const parts = [
    `Batch ${batch.id}`,
    formatShortDate(batch.date),
    batch.payeeName ?? `Payee ${batch.payeeId}`,
    methodLabel(batch.paymentMethod),
  ];
  if (withDifference && batch.differenceCents !== 0)
    parts.push(`off by ${formatMoney(Math.abs(batch.differenceCents))}`);
  return {
    href: hrefFor('batches', batch.id),
    label: parts.join(' · '),
    note: batch.reviewState === 'reopened' ? batch.reopenReason : null,
  };
}

function depositItem(
  id: string,
  news: NeedsYou['differs'],
  title: string,
  detail: string | null,
  withDifference: boolean,
): ActionItem[] {
  if (news.count === 0) return [];
  const links = news.batches.slice(0, LINKS_SHOWN).map((b) => batchLink(b, withDifference));
  return [{ id, title, detail, href: links[0]?.href ?? hrefFor('batches'), links, more: news.count - links.length }];
}

export function actionItems(needsYou: NeedsYou): ActionItem[] {
  const { differs, reopened, incomplete, reversals, attention, bankLines } = needsYou;
  const items: ActionItem[] = [
    ...depositItem(
      'differs',
      differs,
      differs.count === 1 ? '1 deposit differs' : `${formatCount(differs.count)} deposits differ`,
      `${formatMoney(differs.cents)} off in all`,
      true,
    ),
    ...depositItem(
      'reopened',
      reopened,
      `${plural(reopened.count, 'signed-off deposit', 'signed-off deposits')} re-opened`,
      'their own facts changed after sign-off',
      true,
    ),
    ...depositItem(
      'incomplete',
      incomplete,
      `${plural(incomplete.count, 'deposit is', 'deposits are')} incomplete`,
      'transactions or GL lines not all synced yet',
      false,
    ),
  ];
  if (reversals.count > 0) {
    const kinds = (Object.keys(REVERSAL_WORDS) as ReversalKind[]).filter((k) => reversals.byKind[k].count > 0);
    const links = reversals.latest.slice(0, LINKS_SHOWN).map((r) => ({
      href: hrefFor('transactions', r.transactionId),
      label: `${REVERSAL_WORDS[r.kind][0][0]!.toUpperCase()}${REVERSAL_WORDS[r.kind][0].slice(1)} ${formatMoney(r.amountCents)} · transaction ${r.transactionId} · batch ${r.batchId}`,
    }));
    items.push({
      id: 'reversals',
      title: `${plural(reversals.count, 'reversal', 'reversals')} since the last review, ${formatMoney(reversals.totalCents)}`,
      detail: kinds
        .map((k) => {
          const { count, cents } = reversals.byKind[k];
          return `${plural(count, ...REVERSAL_WORDS[k])} ${formatMoney(cents)}`;
        })
        .join(' · '),
      href: hrefFor('changes', REVERSAL_CHANGE_KIND[kinds[0] ?? 'refund']),
      links,
      more: reversals.count - links.length,
    });
  }
  for (const news of attention) {
    const links = news.transactionIds
      .slice(0, LINKS_SHOWN)
      .map((id) => ({ href: hrefFor('transactions', id), label: `Transaction ${id}` }));
    items.push({
      id: news.kind,
      title: plural(news.count, ...ATTENTION_WORDS[news.kind]),
      detail: news.kind === 'anomaly' ? "an unexpected change, or an amount outside the service's rule" : null,
      href: hrefFor('changes', news.changeKinds[0] ?? news.kind),
      links,
      more: news.count - links.length,
    });
  }
  if (needsYou.noAccount && needsYou.noAccount.count > 0) {
    const { count, cents, schools } = needsYou.noAccount;
    items.push({
      id: 'no-account',
      title: `${plural(count, 'GL row', 'GL rows')} on no Chart of Accounts account, ${formatMoney(cents)}`,
      detail: `not posted until a default account is chosen in Settings: ${schools
        .slice(0, LINKS_SHOWN)
        .map((s) => `${s.payeeName ?? `Payee ${s.payeeId}`} ${formatMoney(s.amountCents)}`)
        .join(' · ')}${schools.length > LINKS_SHOWN ? ` and ${formatCount(schools.length - LINKS_SHOWN)} more` : ''}`,
      href: hrefFor('settings'),
      links: [],
      more: 0,
    });
  }
  if (bankLines && bankLines.unmatched + bankLines.suggested > 0) {
    items.push({
      id: 'bank',
      title: `${plural(bankLines.unmatched + bankLines.suggested, 'bank line', 'bank lines')} not matched yet`,
      detail: bankLines.suggested > 0 ? `${formatCount(bankLines.suggested)} with a suggested deposit` : null,
      href: BANK_VIEW_HREF,
      links: [],
      more: 0,
    });
  }
  if (bankLines?.inTransit) {
    items.push({
      id: 'bank-in-transit',
      title: `${plural(bankLines.inTransit, 'deposit', 'deposits')} not yet seen at the bank`,
      detail: 'more days have passed than a deposit usually takes to reach the bank',
      href: BANK_VIEW_HREF,
      links: [],
      more: 0,
    });
  }
  return items;
}
