import type { Check } from '../../../../shared/domain';
import { columnsOf } from '../../components/columns';
import { Difference, Money } from '../../components/Money';
import { StaticTable } from '../../components/StaticTable';
import { formatCount } from '../../format';
import { CHECK_LABELS, EXPLANATION_LABELS } from '../../labels';
import { hrefFor } from '../../routes';

const check = columnsOf<Check>();

/** A count check compares numbers of transactions, the others money. */
function amount(row: Check, cents: number) {
  return CHECK_LABELS[row.name].counts ? (
    <span className="num-text">{formatCount(cents)}</span>
  ) : (
    <Money cents={cents} />
  );
}

function Explanations({ row }: { row: Check }) {
  if (row.explanations.length === 0)
    return <span className="muted">{row.passed ? '—' : 'No single transaction explains it'}</span>;
  return (
    <ul className="explanations">
      {row.explanations.map((explanation) => (
        <li key={`${explanation.kind}-${explanation.transactionId}`}>
          <a href={hrefFor('transactions', explanation.transactionId)}>Transaction {explanation.transactionId}</a>:{' '}
          {EXPLANATION_LABELS[explanation.kind]} <Money cents={explanation.cents} />
        </li>
      ))}
    </ul>
  );
}

const COLUMNS = [
  check.text('check', 'Check', (row) => CHECK_LABELS[row.name].title),
  check.numeric('expected', 'Batch says', (row) => amount(row, row.expectedCents)),
  check.numeric('actual', 'We found', (row) => amount(row, row.actualCents)),
  check.numeric('difference', 'Difference', (row) =>
    CHECK_LABELS[row.name].counts ? (
      <span className="num-text">{row.differenceCents > 0 ? `+${row.differenceCents}` : row.differenceCents}</span>
    ) : (
      <Difference cents={row.differenceCents} />
    ),
  ),
  check.cell('result', 'Result', (row) => (
    <span className={row.passed ? 'result result-ok' : 'result result-bad'}>{row.passed ? 'Passes' : 'Fails'}</span>
  )),
  check.cell('explained', 'Explained by', (row) => <Explanations row={row} />),
];

/** Each tie-out check: what the service's batch says, what we computed, the difference and why. */
export function BatchChecks({ checks }: { checks: Check[] }) {
  return (
    <StaticTable
      className="checks-table"
      columns={COLUMNS}
      rows={checks}
      getRowId={(row) => row.name}
      rowHeader="check"
      rowClassName={(row) => (row.passed ? undefined : 'row-failed')}
      empty="No checks have run for this batch yet."
    />
  );
}
