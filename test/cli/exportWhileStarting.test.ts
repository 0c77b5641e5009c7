/**
 * Two `export gl` and three `status` on one database at once (issue 26, item 2, on the dialect of
 * the run): every start used to drop every pending export and delete its temporary file, so an
 * export in flight failed, or its deposits were free for the other to post as well. Now every
 * export finishes, the registry and the files agree, and no deposit is in two files.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { describe, expect, onTestFinished } from 'vitest';
import { sha256OfFile } from '../../electron/engine/export/fileHash';
import { bundledEntry } from '../helpers/bundledEntry';
import { folderTest } from '../helpers/engineTest';
import { keptStore, openKeptStore } from '../helpers/storeRows';
import type { CliResult } from './run';

/** Deposits a day, March 1 to 28, each with GL rows: enough that an export is still writing when the starts come. */
const DAYS = 28;
const DEPOSITS_A_DAY = 60;
const ROWS_A_DEPOSIT = 12;

function cli(args: string[], folder: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundledEntry('cli'), ...args], {
      env: { ...process.env, RECON_DATA_DIR: folder },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('exports while other commands start on the same database', () => {
  folderTest(
    'two exports and three status at once: every export finishes, registry and files agree, no deposit twice',
    async ({ folder }) => {
      const store = await keptStore(folder);
      onTestFinished(() => store.drop());
      const seeding = await openKeptStore(store);
      try {
        await seeding.db
          .insertInto('payees')
          .values({ id: 1, name: 'Lincoln High Athletics', merchant_id: 'M1', removed: 0, raw: '{}', updated_at: '' })
          .execute();
        for (let day = 1; day <= DAYS; day++) {
          const date = `2026-03-${String(day).padStart(2, '0')}`;
          const rows = [];
          for (let deposit = 0; deposit < DEPOSITS_A_DAY; deposit++) {
            for (let line = 0; line < ROWS_A_DEPOSIT; line++) {
              rows.push({
                gl_batch_id: `g-${day}-${deposit}-${line}`,
                date,
                batch_id: `b-${day}-${deposit}`,
                payee_id: 1,
                gl_account_id: null,
                gl_number: `41${String(line).padStart(2, '0')}-000`,
                gl_label: `Account ${line}`,
                amount_cents: 100 + line,
                amount_without_fees_cents: 100 + line,
                count: 1,
                raw: '{}',
                synced_at: '',
              });
            }
          }
          for (let at = 0; at < rows.length; at += 200)
            await seeding.db
              .insertInto('gl_batches')
              .values(rows.slice(at, at + 200))
              .execute();
        }
      } finally {
        await seeding.close();
      }
      const where = store.where.databasePath ? ['--db', store.where.databasePath] : ['--database', store.location];
      const exportsFolder = join(folder, 'out');
      mkdirSync(exportsFolder);
      const exportOf = (from: string, to: string, name: string) =>
        cli(['export', 'gl', '--from', from, '--to', to, '--out', join(exportsFolder, name), ...where], folder);

      // Overlapping ranges: the deposits of March 10 to 20 are claimed by whichever export comes first.
      const exports = [exportOf('2026-03-01', '2026-03-20', 'a.xlsx'), exportOf('2026-03-10', '2026-03-31', 'b.xlsx')];
      let running = exports.length;
      for (const run of exports) void run.then(() => running--);
      const watching = await openKeptStore(store);
      let pending = 0;
      try {
        while (running === exports.length && pending < 2) {
          await sleep(50);
          const rows = await watching.db.selectFrom('exports').select('status').execute();
          pending = rows.filter((row) => row.status === 'pending').length;
        }
      } finally {
        await watching.close();
      }
      // Both exports are writing their files now: three more commands start on the same database.
      const statuses = await Promise.all([1, 2, 3].map(() => cli(['status', ...where], folder)));
      const finished = await Promise.all(exports);

      for (const result of finished) expect(result.code, result.stderr).toBe(0);
      for (const result of statuses) expect(result.code, result.stderr).toBe(0);
      // The statuses did start while both exports were in flight: the test saw what it meant to.
      expect(pending).toBe(2);

      const check = await openKeptStore(store);
      try {
        const records = await check.db.selectFrom('exports').selectAll().orderBy('id').execute();
        expect(records.map((r) => r.status)).toEqual(['done', 'done']);
        expect(readdirSync(exportsFolder).sort()).toEqual(['a.xlsx', 'b.xlsx']);
        for (const record of records) expect(await sha256OfFile(record.file)).toBe(record.sha256);
        const claims = await check.db.selectFrom('export_deposits').select(['export_id', 'batch_id']).execute();
        expect(new Set(claims.map((c) => c.batch_id)).size).toBe(claims.length);
        expect(claims).toHaveLength(DAYS * DEPOSITS_A_DAY);
        const rowsWritten = records.reduce((sum, r) => sum + r.row_count, 0);
        expect(rowsWritten).toBe(DAYS * DEPOSITS_A_DAY * ROWS_A_DEPOSIT);
      } finally {
        await check.close();
      }
    },
    240_000,
  );
});
