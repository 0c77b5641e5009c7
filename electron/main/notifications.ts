/**
 * "What happened overnight" (issue 14): after the nightly sync (or the catch-up of a missed night), a
 * desktop notification when something needs the bookkeeper, saying what, and none when everything is
 * routine; a night whose sync failed says so. The decision is the engine's (overview.get's needsYou),
 * so the notification never disagrees with the Overview it opens. Settings > notifyAfterSync turns
 * it off. A sync the bookkeeper started is watched on screen, so it is not announced.
 */
import type { MethodName, MethodResult, SyncRunSummary } from '../../shared/contract';
import type { NeedsYou } from '../../shared/domain';
import { formatMoney } from '../../shared/money';

export interface SyncNotice {
  title: string;
  body: string;
  /** The view to open when the notification is clicked. */
  view: 'changes' | 'overview' | 'settings';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The digest, most serious first, as short as a notification can show. */
export function digestOf(needsYou: NeedsYou): string {
  const { differs, reopened, incomplete, reversals, attention, bankLines } = needsYou;
  const parts: string[] = [];
  if (differs.count > 0)
    parts.push(`${plural(differs.count, 'deposit differs', 'deposits differ')} (${formatMoney(differs.cents)})`);
  if (reopened.count > 0)
    parts.push(`${plural(reopened.count, 'signed-off deposit', 'signed-off deposits')} re-opened`);
  if (incomplete.count > 0) parts.push(`${plural(incomplete.count, 'deposit', 'deposits')} incomplete`);
  if (reversals.count > 0) {
    parts.push(
      `${plural(reversals.count, 'refund or return', 'refunds and returns')}, ${formatMoney(reversals.totalCents)}`,
    );
  }
  // Anomalies (an unexpected change, a fee under $1.00 stored as sent) are not failures: said apart.
  const anomalies = attention.find((a) => a.kind === 'anomaly')?.count ?? 0;
  if (anomalies > 0) parts.push(plural(anomalies, 'sale with an anomaly', 'sales with an anomaly'));
  const failures = attention.filter((a) => a.kind !== 'anomaly').reduce((sum, a) => sum + a.count, 0);
  if (failures > 0)
    parts.push(`${plural(failures, 'declined, failed or unclear sale', 'declined, failed or unclear sales')}`);
  const lines = bankLines ? bankLines.unmatched + bankLines.suggested : 0;
  if (lines > 0) parts.push(`${plural(lines, 'bank line', 'bank lines')} not matched`);
  return parts.join('; ');
}

/** Whether and what to say about a finished run, given what needs the bookkeeper now. */
export function syncNotice(run: SyncRunSummary, needsYou: NeedsYou | null, enabled = true): SyncNotice | null {
  if (!enabled || (run.trigger !== 'schedule' && run.trigger !== 'catch_up')) return null;
  if (run.status === 'failed') {
    return {
      title: 'District Recon: the nightly sync failed',
      body: run.error ?? 'The sync could not finish. Open District Recon for details.',
      view: 'overview',
    };
  }
  if (run.status !== 'succeeded' || !needsYou || needsYou.count === 0) return null;
  return {
    title: `District Recon: ${plural(needsYou.count, 'thing needs', 'things need')} you this morning`,
    body: digestOf(needsYou),
    view: 'overview',
  };
}

export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export interface NotifyingEngine {
  on(event: 'sync.finished', listener: (run: SyncRunSummary) => void): () => void;
  call<M extends MethodName>(method: M, args?: unknown): Promise<MethodResult<M>>;
}

export function notifySyncResults(
  engine: NotifyingEngine,
  create: (notice: SyncNotice) => NotificationLike | null,
  onClick: (notice: SyncNotice) => void,
  onError: (error: unknown) => void = () => {},
): () => void {
  return engine.on('sync.finished', (run) => {
    void (async () => {
      const settings = await engine.call('settings.get', {});
      if (!settings.notifyAfterSync) return;
      const needsYou = run.status === 'succeeded' ? (await engine.call('overview.get', {})).needsYou : null;
      const notice = syncNotice(run, needsYou);
      if (!notice) return;
      const notification = create(notice);
      if (!notification) return;
      notification.on('click', () => onClick(notice));
      notification.show();
    })().catch(onError);
  });
}
