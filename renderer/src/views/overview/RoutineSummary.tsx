import type { BatchSummary, NeedsYou, RoutineNews } from '../../../../shared/domain';
import { columnsOf, pick } from '../../components/columns';
import { BusinessDate } from '../../components/Dates';
import { StaticTable } from '../../components/StaticTable';
import { formatCount, formatMoney } from '../../format';
import { CHANGE_KIND_LABELS } from '../../labels';
import { hrefFor } from '../../routes';
import { BATCH_COLUMNS } from '../batches/columns';

const DEPOSIT_COLUMNS = [
  columnsOf<BatchSummary>().cell('date', 'Business date (Central)', (batch) => (
    <a href={hrefFor('batches', batch.id)}>
      <BusinessDate date={batch.date} />
    </a>
  )),
  ...pick(BATCH_COLUMNS, ['payee', 'method', 'total', 'verdict']),
];

/** How routine news reads in one line: "40 sales settled as expected". */
const ROUTINE_WORDS: Partial<Record<string, [string, string]>> = {
  settled: ['sale settled as expected', 'sales settled as expected'],
  resolved: ['unclear sale resolved', 'unclear sales resolved'],
  voided: ['pending sale voided before settling', 'pending sales voided before settling'],
};

function depositLine(routine: RoutineNews, needsYou: NeedsYou): string | null {
  const { count, cents } = routine.deposits;
  if (count === 0) return null;
  const others = needsYou.differs.count + needsYou.incomplete.count;
  const deposits = `${formatCount(count)} new ${count === 1 ? 'deposit' : 'deposits'}`;
  if (others === 0) return `${deposits}, ${count === 1 ? 'it ties out' : 'all tie out'}, ${formatMoney(cents)}`;
  return `${deposits} ${count === 1 ? 'ties' : 'tie'} out, ${formatMoney(cents)}`;
}

/** The first sync's reversals: told apart from those since the last review, as the Changes view lists them. */
function baselineLine(needsYou: NeedsYou): string | null {
  const count = needsYou.reversals.beforeDistrictRecon ?? 0;
  if (count === 0) return null;
  return `${formatCount(count)} ${count === 1 ? 'refund or return' : 'refunds and returns'} from before District Recon`;
}

/**
 * Routine news, folded: one summary line a bookkeeper can read at a glance, opened for the list of
 * deposits that tie out (to sign off) and the routine changes (to acknowledge in Changes).
 */
/**
 * Nothing routine to show, said only when it is true: while a sync runs (the first above all, which
 * brings years of deposits) the deposit list is not complete (issue 30 item 6).
 */
function quietLine(syncing: boolean): string {
  if (syncing) return 'A sync is running: its deposits appear here as it brings them in.';
  return 'Every deposit is signed off. New deposits appear here after the next sync.';
}

export function RoutineSummary({
  routine,
  needsYou,
  syncing = false,
}: {
  routine: RoutineNews;
  needsYou: NeedsYou;
  syncing?: boolean;
}) {
  const lines = [
    depositLine(routine, needsYou),
    ...routine.changes.map(({ kind, count }) => {
      const words = ROUTINE_WORDS[kind];
      return words ? `${formatCount(count)} ${count === 1 ? words[0] : words[1]}` : null;
    }),
    baselineLine(needsYou),
  ].filter((line): line is string => line !== null);
  const baseline = needsYou.reversals.beforeDistrictRecon ?? 0;

  return (
    <section className="panel routine" aria-labelledby="routine-title">
      <h2 id="routine-title" className="sr-only">
        Routine news
      </h2>
      {lines.length === 0 ? (
        <p className="muted routine-none">{quietLine(syncing)}</p>
      ) : (
        <details>
          <summary>
            <span className="routine-label">Routine:</span> {lines.join(' · ')}
          </summary>
          {routine.deposits.count > 0 && (
            <>
              <StaticTable
                caption="New deposits that tie out"
                columns={DEPOSIT_COLUMNS}
                rows={routine.deposits.batches}
                getRowId={(batch) => batch.id}
              />
              {routine.deposits.count > routine.deposits.batches.length && (
                <p className="muted table-more">
                  And {formatCount(routine.deposits.count - routine.deposits.batches.length)} more:{' '}
                  <a href={hrefFor('batches')}>see all batches</a>.
                </p>
              )}
            </>
          )}
          {(routine.changes.length > 0 || baseline > 0) && (
            <ul className="compact-list">
              {routine.changes.map(({ kind, count }) => (
                <li key={kind}>
                  <a href={hrefFor('changes', kind)}>
                    {CHANGE_KIND_LABELS[kind]}: {formatCount(count)} to acknowledge
                  </a>
                </li>
              ))}
              {baseline > 0 && (
                <li>
                  <a href={hrefFor('changes')}>
                    Before District Recon: {formatCount(baseline)}, found by the first sync
                  </a>
                </li>
              )}
            </ul>
          )}
        </details>
      )}
    </section>
  );
}
