import { useState } from 'react';
import type { BankLineDetail } from '../../../../shared/domain';
import { useBankActions } from '../../data/bank';
import { formatCount } from '../../format';
import { useCan } from '../../hooks/useCan';
import { hrefFor, navigate } from '../../routes';

/**
 * What a line is beside the other lines stored (issue 25): a possible duplicate to keep or drop, a
 * correction and the line it corrects, and the import it came in, which can be undone whole.
 */
export function LineIdentityPanel({ detail }: { detail: BankLineDetail }) {
  const actions = useBankActions();
  const mayDecide = useCan('bank.duplicates.decide');
  const mayRemove = useCan('bank.statements.remove');
  const [removing, setRemoving] = useState(false);
  const { line, statement } = detail;
  const identity = line.identity;
  const lineLink = (id: number) => <a href={hrefFor('bank', id)}>line {id}</a>;
  const error = actions.decideDuplicate.error ?? actions.removeStatement.error;
  return (
    <section className="panel" aria-labelledby="bank-identity-title">
      <h2 id="bank-identity-title">This line and the others</h2>
      {identity?.duplicateOf != null && (
        <p>
          {identity.duplicate === 'possible'
            ? 'Probably the same as '
            : identity.duplicate === 'kept'
              ? 'Kept as a line of its own, though it looked like '
              : 'Dropped as a duplicate of '}
          {lineLink(identity.duplicateOf)} (same account, day and amount; another format or other text).
          {identity.decidedBy && ` Decided by ${identity.decidedBy}.`}
        </p>
      )}
      {identity?.duplicate === 'possible' && mayDecide && (
        <p className="detail-actions">
          <button
            type="button"
            className="button"
            disabled={actions.decideDuplicate.busy}
            onClick={() => void actions.decideDuplicate.run({ lineId: line.id, decision: 'keep' })}
          >
            Keep as a line of its own
          </button>
          <button
            type="button"
            className="button"
            disabled={actions.decideDuplicate.busy}
            onClick={() => void actions.decideDuplicate.run({ lineId: line.id, decision: 'drop' })}
          >
            Drop as a duplicate
          </button>
        </p>
      )}
      {identity?.corrects != null && (
        <p>Corrects {lineLink(identity.corrects)}: the same bank reference, a new amount.</p>
      )}
      {identity?.correctedBy != null && (
        <p>The bank corrected this line: {lineLink(identity.correctedBy)} has its reference with another amount.</p>
      )}
      <p className="muted">
        Came in {statement.fileName} (statement {statement.id}, {formatCount(statement.lineCount)} lines).
      </p>
      {mayRemove &&
        (removing ? (
          <p className="detail-actions">
            <span>Remove statement {statement.id} with the lines only it holds, their matches and explanations?</span>
            <button
              type="button"
              className="button button-danger"
              disabled={actions.removeStatement.busy}
              onClick={() =>
                void actions.removeStatement.run({ statementId: statement.id }).then((removed) => {
                  if (removed) navigate('bank');
                })
              }
            >
              Remove the import
            </button>
            <button type="button" className="button" onClick={() => setRemoving(false)}>
              Keep it
            </button>
          </p>
        ) : (
          <button type="button" className="button" onClick={() => setRemoving(true)}>
            Undo this import…
          </button>
        ))}
      {error && (
        <p role="alert" className="banner banner-error">
          {error}
        </p>
      )}
    </section>
  );
}
