import type { SignOff } from '../../../../shared/domain';
import { Instant } from '../../components/Dates';
import { Money } from '../../components/Money';
import { Timeline } from '../../components/Timeline';

const ACTION_TEXT: Record<SignOff['action'], string> = {
  sign_off: 'Signed off',
  unsign: 'Sign-off withdrawn',
  reopen: 'Re-opened by a change upstream',
};

export function BatchHistory({ history }: { history: SignOff[] }) {
  return (
    <Timeline entries={history} empty="Not signed off yet." kindOf={(entry) => entry.action}>
      {(entry) => (
        <>
          <div>
            <strong>{ACTION_TEXT[entry.action]}</strong> by {entry.by} · <Instant iso={entry.at} />
          </div>
          {entry.note && <div className="timeline-note">“{entry.note}”</div>}
          {entry.action === 'sign_off' && (
            <div className="muted">
              Signed totals: <Money cents={entry.totalCents} /> total, <Money cents={entry.feesCents} /> fees,{' '}
              <Money cents={entry.partialCents} /> net, {entry.totalCount} transactions
            </div>
          )}
        </>
      )}
    </Timeline>
  );
}
