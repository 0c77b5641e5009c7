import type { BankMatchSlip } from '../../../../shared/domain';
import { formatMoney } from '../../../../shared/money';
import { hrefFor } from '../../routes';

/**
 * A bank line that is a school office's deposit slip (DESIGN.md §10): who counted and verified it,
 * over or short against the collections (the bank credits what was counted, so the difference is
 * seen here, not lost), and the batches the service settled its collections into.
 */
export function SlipHeld({ slip, batchIds }: { slip: BankMatchSlip; batchIds: string[] }) {
  const over = slip.overShortCents;
  return (
    <span>
      Deposit slip {slip.id}, counted by {slip.countedBy}, verified by {slip.verifiedBy ?? 'no one yet'}
      {over !== 0 && (
        <>
          {' '}
          ({over > 0 ? 'over' : 'short'} by {formatMoney(Math.abs(over))} against collections of{' '}
          {formatMoney(slip.collectedCents)}
          {slip.comment ? `: ${slip.comment}` : ''})
        </>
      )}
      {batchIds.length > 0 ? ' · its deposits ' : ' · its collections are not settled into deposits yet'}
      {batchIds.map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          <a href={hrefFor('batches', id)}>Batch {id}</a>
        </span>
      ))}
    </span>
  );
}
