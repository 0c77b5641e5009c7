/**
 * A desktop notification when a sync ends with something to look at: changes to review, or an
 * error. A quiet successful night says nothing. Clicking it shows the window on the right view.
 */
import type { SyncRunSummary } from '../../shared/contract';

export interface SyncNotice {
  title: string;
  body: string;
  /** The view to open when the notification is clicked. */
  view: 'changes' | 'overview' | 'settings';
}

export function syncNotice(run: SyncRunSummary): SyncNotice | null {
  if (run.status === 'failed') {
    return {
      title: 'District Recon: sync failed',
      body: run.error ?? 'The sync could not finish. Open District Recon for details.',
      view: 'overview',
    };
  }
  if (run.status === 'succeeded' && run.changesRecorded > 0) {
    const count = run.changesRecorded;
    return {
      title: 'District Recon: changes to review',
      body: `The sync found ${count} ${count === 1 ? 'change' : 'changes'} since the last run.`,
      view: 'changes',
    };
  }
  return null;
}

export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export function notifySyncResults(
  engine: { on(event: 'sync.finished', listener: (run: SyncRunSummary) => void): () => void },
  create: (notice: SyncNotice) => NotificationLike | null,
  onClick: (notice: SyncNotice) => void,
): () => void {
  return engine.on('sync.finished', (run) => {
    const notice = syncNotice(run);
    if (!notice) return;
    const notification = create(notice);
    if (!notification) return;
    notification.on('click', () => onClick(notice));
    notification.show();
  });
}
