import type { SignOff } from '../../../../shared/domain';
import { Instant } from '../../components/Dates';
import { Money } from '../../components/Money';

const ACTION_TEXT: Record<SignOff['action'], string> = {
  sign_off: 'Signed off',
  unsign: 'Sign-off withdrawn',
  reopen: 'Re-opened by a change upstream',
};

export function BatchHistory({ history }: { history: SignOff[] }) {
  if (history.length === 0) return <p className="muted">Not signed off yet.</p>;
  return (
    <ol className="timeline">
      {history.map((entry) => (
        <li key={entry.id} className={`timeline-item timeline-${entry.action}`}>
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
        </li>
      ))}
    </ol>
  );
}
