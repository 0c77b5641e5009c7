/** What the local database holds, for `district-recon status` and `check`'s default range. */
import type { DatabaseStatus } from '../../../shared/contract';
import type { ReadableDB } from './handles';
import { statement } from './statements';
import { allCursors, lastSuccessAt, listRuns } from './syncState';

const COUNTS = {
  transactions: 'SELECT COUNT(*) AS n FROM transactions',
  batches: 'SELECT COUNT(*) AS n FROM batches',
  glBatchRows: 'SELECT COUNT(*) AS n FROM gl_batches',
  payees: 'SELECT COUNT(*) AS n FROM payees WHERE removed = 0',
  glAccounts: 'SELECT COUNT(*) AS n FROM gl_accounts WHERE removed = 0',
  changes: 'SELECT COUNT(*) AS n FROM transaction_changes',
  unacknowledgedChanges: 'SELECT COUNT(*) AS n FROM transaction_changes WHERE acknowledged_at IS NULL',
} as const;

type Span = { first: string | null; last: string | null };

export async function databaseStatus(db: ReadableDB, path: string): Promise<DatabaseStatus> {
  const { sqlite } = db;
  const counts = Object.fromEntries(
    Object.entries(COUNTS).map(([name, query]) => [name, (statement(sqlite, query).get() as { n: number }).n]),
  ) as DatabaseStatus['counts'];
  return {
    database: path,
    counts,
    transactionDates: statement(
      sqlite,
      'SELECT MIN(business_date) AS first, MAX(business_date) AS last FROM transactions',
    ).get() as Span,
    batchDates: statement(sqlite, 'SELECT MIN(date) AS first, MAX(date) AS last FROM batches').get() as Span,
    cursors: await allCursors(db),
    lastRun: (await listRuns(db, 1))[0] ?? null,
    lastSuccessAt: await lastSuccessAt(db),
  };
}
