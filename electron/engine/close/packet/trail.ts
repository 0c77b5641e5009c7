/**
 * The month's audit trail: who did what to it, in time order. Settings changed during the month,
 * sign-offs of its deposits (whenever they were made), its payment writes, its submission, close and
 * re-open, and the packets a re-open superseded.
 */
import type { SettingChange } from '../../../../shared/contract';
import type { MonthFacts, StoredPacketRow } from '../../store/packets';
import type { CloseState, TrailLine } from './types';

const REVIEW_WORDS: Record<string, string> = {
  sign_off: 'signed off',
  unsign: 'took back the sign-off of',
  reopen: 'sign-off re-opened for',
};

export function trailOf(
  facts: MonthFacts,
  settingChanges: readonly SettingChange[],
  close: CloseState | null,
  superseded: readonly StoredPacketRow[],
): TrailLine[] {
  const lines: TrailLine[] = [];
  for (const change of settingChanges)
    lines.push({
      at: change.at,
      who: change.by,
      what: `setting ${change.key}: ${change.oldValue ?? '(not set)'} -> ${change.newValue ?? '(not set)'}`,
    });
  for (const review of facts.reviews)
    lines.push({
      at: review.at,
      who: review.by,
      what: `${REVIEW_WORDS[review.action] ?? review.action} deposit ${review.batch_id}${review.note ? ` (${review.note})` : ''}`,
    });
  for (const event of facts.intentEvents)
    lines.push({
      at: event.at,
      who: event.actor,
      what: `payment write ${event.intent_id}: ${event.event}${event.detail ? ` (${event.detail})` : ''}`,
    });
  if (close?.submittedBy && close.submittedAt)
    lines.push({ at: close.submittedAt, who: close.submittedBy, what: 'submitted the month for approval' });
  if (close?.reopenedBy && close.reopenedAt)
    lines.push({ at: close.reopenedAt, who: close.reopenedBy, what: `re-opened the month: ${close.reason ?? ''}` });
  for (const packet of superseded)
    if (packet.superseded_at && packet.superseded_by) {
      lines.push({ at: packet.closed_at, who: packet.closed_by, what: `closed the month (packet ${packet.sha256})` });
      lines.push({
        at: packet.superseded_at,
        who: packet.superseded_by,
        what: `packet ${packet.sha256.slice(0, 16)} superseded: ${packet.superseded_reason ?? ''}`,
      });
    }
  if (close?.state === 'closed' && close.closedBy && close.closedAt)
    lines.push({ at: close.closedAt, who: close.closedBy, what: 'closed the month' });
  return lines.sort((a, b) => a.at.localeCompare(b.at) || a.who.localeCompare(b.who) || a.what.localeCompare(b.what));
}
