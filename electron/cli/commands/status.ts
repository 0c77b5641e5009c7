/** `district-recon status [--db FILE] [--json]`: what the local database holds (counts, cursors, last run). */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openStore } from '../../engine/store/open';
import { allCursors, lastSuccessAt, listRuns } from '../../engine/store/syncState';
import { defaultDataFolder } from '../../engine/paths';
import { parseFlags, UsageError } from '../args';

const COUNTS = {
  transactions: 'SELECT COUNT(*) AS n FROM transactions',
  batches: 'SELECT COUNT(*) AS n FROM batches',
  glBatchRows: 'SELECT COUNT(*) AS n FROM gl_batches',
  payees: 'SELECT COUNT(*) AS n FROM payees WHERE removed = 0',
  glAccounts: 'SELECT COUNT(*) AS n FROM gl_accounts WHERE removed = 0',
  changes: 'SELECT COUNT(*) AS n FROM transaction_changes',
  unacknowledgedChanges: 'SELECT COUNT(*) AS n FROM transaction_changes WHERE acknowledged_at IS NULL',
} as const;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    db: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  const path = values.db ? resolve(values.db) : join(defaultDataFolder(), 'district-recon.sqlite');
  if (!existsSync(path)) {
    process.stderr.write(`district-recon status: no database at ${path} yet; run "district-recon sync" first\n`);
    return 1;
  }
  const store = await openStore(path);
  try {
    const counts = Object.fromEntries(
      Object.entries(COUNTS).map(([name, query]) => [name, (store.sqlite.prepare(query).get() as { n: number }).n]),
    );
    const dates = store.sqlite
      .prepare('SELECT MIN(business_date) AS first, MAX(business_date) AS last FROM transactions')
      .get() as {
      first: string | null;
      last: string | null;
    };
    const report = {
      database: path,
      counts,
      transactionDates: dates,
      cursors: allCursors(store.sqlite),
      lastRun: listRuns(store.sqlite, 1)[0] ?? null,
      lastSuccessAt: lastSuccessAt(store.sqlite),
    };
    if (values.json) {
      process.stdout.write(JSON.stringify(report, null, 2) + '\n');
      return 0;
    }
    const lines = [
      `Database: ${path}`,
      ...Object.entries(counts).map(([name, n]) => `  ${name}: ${n}`),
      `  transactions from ${dates.first ?? '-'} to ${dates.last ?? '-'}`,
      'Cursors:',
      ...Object.entries(report.cursors).map(([name, value]) => `  ${name}: ${JSON.stringify(value)}`),
      report.lastRun
        ? `Last run #${report.lastRun.id} (${report.lastRun.trigger}) ${report.lastRun.status} at ${report.lastRun.finishedAt ?? report.lastRun.startedAt}${report.lastRun.error ? `: ${report.lastRun.error}` : ''}`
        : 'No sync has run yet.',
    ];
    process.stdout.write(lines.join('\n') + '\n');
    return 0;
  } finally {
    await store.close();
  }
}
