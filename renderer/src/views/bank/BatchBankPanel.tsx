import { useQuery } from '@tanstack/react-query';
import { BusinessDate } from '../../components/Dates';
import { Money } from '../../components/Money';
import { QueryStatus } from '../../components/Status';
import { bankReads } from '../../data/bank';
import { hrefFor } from '../../routes';
import { BankStatusBadge, EXPLANATION_KIND_LABELS, MATCH_HOW_LABELS } from './bankLabels';

/** The batch detail's bank side: the statement line that paid this deposit, or why there is none. */
export function BatchBankPanel({ batchId }: { batchId: string }) {
  const query = useQuery(bankReads.forBatch(batchId));
  const data = query.data;
  return (
    <section className="panel" aria-labelledby="bank-line-title">
      <h2 id="bank-line-title">Bank</h2>
      <QueryStatus query={query} loading="Loading the bank line…" />
      {data?.line && (
        <p>
          <a href={hrefFor('bank', data.line.id)}>
            Bank line <Money cents={data.line.amountCents} /> posted <BusinessDate date={data.line.postedDate} />
          </a>{' '}
          <BankStatusBadge status={data.line.status} />{' '}
          {data.line.match && (
            <span className="muted">
              {MATCH_HOW_LABELS[data.line.match.how]}
              {data.line.match.batchIds.length > 1 ? ` with ${data.line.match.batchIds.length - 1} other batches` : ''}
            </span>
          )}
        </p>
      )}
      {data && !data.line && data.explanation && (
        <p>
          No bank line: explained as {EXPLANATION_KIND_LABELS[data.explanation.kind]}
          {data.explanation.note ? ` — ${data.explanation.note}` : ''} (by {data.explanation.by}).
        </p>
      )}
      {data && !data.line && !data.explanation && (
        <p className="muted">
          No bank line matched to this deposit yet. <a href={hrefFor('bank')}>Open Bank</a>
        </p>
      )}
    </section>
  );
}
