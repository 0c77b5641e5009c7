/**
 * `district-recon sync [--db FILE] [--sandbox | --url URL] [--from YYYY-MM-DD] [--json]`: one sync
 * run. The token and secret come from RECON_TOKEN / RECON_SECRET only (never argv, where other users
 * of the machine could read them). Progress goes to stderr (one line in place on a terminal, a line
 * per update on a pipe, a summary last: progress.ts), the run's summary to stdout.
 * Exit 0: the run succeeded; 1: it failed or was interrupted; 2: usage.
 */
import type { SyncRunSummary } from '../../../shared/contract';
import { memoryCredentialStore } from '../../engine/credentials';
import { dateFlag, parseFlags, UsageError } from '../args';
import { sandboxProvider } from '../../sandbox/provider';
import { cliLogger, databaseOf, engineOn } from '../existingStore';
import { progressLine } from '../progress';
import { stderr, stdout } from '../output';

export async function run(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: ['db', 'database', 'url', 'from'],
    booleans: ['sandbox', 'json'],
    maxPositionals: 0,
  });
  if (values.sandbox && values.url) throw new UsageError('give either --sandbox or --url, not both');
  const from = dateFlag(values.from, 'from');

  const database = databaseOf(values);
  const sandbox = values.sandbox ? sandboxProvider() : null;
  let url = values.url;
  let credentials = envCredentials();
  if (sandbox) {
    const connection = await sandbox.connect();
    url = connection.url;
    credentials = { token: connection.token, secret: connection.secret };
  }
  const engine = await engineOn(database, {
    host: 'cli',
    credentials: memoryCredentialStore(credentials),
    logger: cliLogger(),
  });
  const stopOnSignal = () => {
    stderr.write('Stopping after the page in flight...\n');
    engine.sync.cancel();
  };
  // SIGTERM (a service manager, a closed terminal) stops like Ctrl+C: the run is recorded, not left running.
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    if (!sandbox) await engine.call('settings.set', { patch: { sandboxMode: false } });
    const progress = progressLine();
    let last = { pages: 0, rows: 0 };
    const startedAt = Date.now();
    engine.on('sync.progress', (p) => {
      last = { pages: p.pages, rows: p.rows };
      const pct = p.fraction === null ? '' : ` ${Math.round(p.fraction * 100)}%`;
      const eta = p.etaSeconds ? `, about ${Math.ceil(p.etaSeconds)} s left` : '';
      progress.update(`[${p.phase}]${pct} ${p.message} (${p.pages} pages, ${p.rows} rows${eta})`);
    });
    const finish = (status: string) =>
      progress.done(
        `Sync ${status} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${last.pages} pages, ${last.rows} rows`,
      );
    let summary: SyncRunSummary | null;
    try {
      const started = await engine.sync.start({ trigger: 'cli', from, url });
      summary = await started.finished;
      finish(summary?.status ?? 'stopped');
    } catch (error) {
      finish('failed');
      const message = error instanceof Error ? error.message : String(error);
      if (values.json) stdout.write(JSON.stringify({ status: 'failed', error: message }) + '\n');
      stderr.write(`district-recon sync: ${message}\n`);
      return 1;
    }
    if (!summary) return 1;
    if (values.json) stdout.write(JSON.stringify(summary) + '\n');
    else stdout.write(describe(summary) + '\n');
    return summary.status === 'succeeded' ? 0 : 1;
  } finally {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    await engine.close();
    await sandbox?.close();
  }
}

function envCredentials(): { token: string; secret: string } | null {
  const token = process.env.RECON_TOKEN;
  const secret = process.env.RECON_SECRET;
  return token && secret ? { token, secret } : null;
}

function describe(s: SyncRunSummary): string {
  if (s.status !== 'succeeded') return `Sync ${s.status}: ${s.error ?? 'stopped'}`;
  return (
    `Sync finished: ${s.transactionsInserted} new and ${s.transactionsUpdated} updated transactions, ` +
    `${s.changesRecorded} changes, ${s.batchesSynced} deposits, ${s.glBatchesSynced} GL-batch rows.`
  );
}
