/** `district-recon status [--db FILE | --database URL] [--json]`: what the local database holds (counts, cursors, last run). */
import { existsSync } from 'node:fs';
import { formatCentralInstant } from '../../../shared/vocabulary';
import { parseFlags } from '../args';
import { databaseOf, openExistingStore } from '../existingStore';
import { stderr, stdout } from '../output';

export async function run(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { strings: ['db', 'database'], booleans: ['json'], maxPositionals: 0 });
  const path = databaseOf(values).databasePath;
  if (path !== undefined && !existsSync(path)) {
    stderr.write(`district-recon status: no database at ${path} yet; run "district-recon sync" first\n`);
    return 1;
  }
  const engine = await openExistingStore(values, { readOnly: true });
  try {
    const { batchDates: _batchDates, ...report } = await engine.call('app.status', {});
    const { counts, transactionDates: dates } = report;
    if (values.json) {
      stdout.write(JSON.stringify(report, null, 2) + '\n');
      return 0;
    }
    const lines = [
      `Database: ${engine.store.path}`,
      ...Object.entries(counts).map(([name, n]) => `  ${name}: ${n}`),
      `  transactions from ${dates.first ?? '-'} to ${dates.last ?? '-'}`,
      'Cursors:',
      ...Object.entries(report.cursors).map(([name, value]) => `  ${name}: ${JSON.stringify(value)}`),
      report.lastRun
        ? `Last run #${report.lastRun.id} (${report.lastRun.trigger}) ${report.lastRun.status} at ${formatCentralInstant(report.lastRun.finishedAt ?? report.lastRun.startedAt)}${report.lastRun.error ? `: ${report.lastRun.error}` : ''}`
        : 'No sync has run yet.',
    ];
    stdout.write(lines.join('\n') + '\n');
    return 0;
  } finally {
    await engine.close();
  }
}
