import type { Check } from '../../../../shared/domain';
import { Difference, Money } from '../../components/Money';
import { formatCount } from '../../format';
import { CHECK_LABELS, EXPLANATION_LABELS } from '../../labels';
import { hrefFor } from '../../routes';

/** Each tie-out check: what the service's batch says, what we computed, the difference and why. */
export function BatchChecks({ checks }: { checks: Check[] }) {
  if (checks.length === 0) return <p className="muted">No checks have run for this batch yet.</p>;
  return (
    <table className="simple-table checks-table">
      <thead>
        <tr>
          <th scope="col">Check</th>
          <th scope="col" className="num">
            Batch says
          </th>
          <th scope="col" className="num">
            We found
          </th>
          <th scope="col" className="num">
            Difference
          </th>
          <th scope="col">Result</th>
          <th scope="col">Explained by</th>
        </tr>
      </thead>
      <tbody>
        {checks.map((check) => {
          const label = CHECK_LABELS[check.name];
          const value = (n: number) =>
            label.counts ? <span className="num-text">{formatCount(n)}</span> : <Money cents={n} />;
          return (
            <tr key={check.name} className={check.passed ? undefined : 'row-failed'}>
              <th scope="row">{label.title}</th>
              <td className="num">{value(check.expectedCents)}</td>
              <td className="num">{value(check.actualCents)}</td>
              <td className="num">
                {label.counts ? (
                  <span className="num-text">
                    {check.differenceCents > 0 ? `+${check.differenceCents}` : check.differenceCents}
                  </span>
                ) : (
                  <Difference cents={check.differenceCents} />
                )}
              </td>
              <td>
                <span className={check.passed ? 'result result-ok' : 'result result-bad'}>
                  {check.passed ? 'Passes' : 'Fails'}
                </span>
              </td>
              <td>
                {check.explanations.length === 0 ? (
                  <span className="muted">{check.passed ? '—' : 'No single transaction explains it'}</span>
                ) : (
                  <ul className="explanations">
                    {check.explanations.map((explanation) => (
                      <li key={`${explanation.kind}-${explanation.transactionId}`}>
                        <a href={hrefFor('transactions', explanation.transactionId)}>
                          Transaction {explanation.transactionId}
                        </a>
                        : {EXPLANATION_LABELS[explanation.kind]} <Money cents={explanation.cents} />
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
