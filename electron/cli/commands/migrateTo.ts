/**
 * `district-recon migrate-to --database postgres://… [--db FILE]`: moves this computer's database to
 * a district server's PostgreSQL (docs/team-mode.md). The URL may come from RECON_DATABASE_URL
 * instead, so its password stays out of the shell's history and other users' `ps`.
 * Exit 0 copied, 1 refused or failed (nothing copied: the server's database stays empty), 2 usage.
 */
import { moveToDistrictServer } from '../../engine/moveToServer';
import { parseFlags, UsageError } from '../args';
import { databasePathOf } from '../existingStore';
import { stderr, stdout } from '../output';

export async function run(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { strings: ['database', 'db'], maxPositionals: 0 });
  const databaseUrl = values.database ?? process.env.RECON_DATABASE_URL?.trim();
  if (!databaseUrl) {
    throw new UsageError(
      'say where to move the database: --database postgres://USER@HOST/DB (or RECON_DATABASE_URL); --db FILE is the file to move',
    );
  }
  const started = Date.now();
  const { tables, server } = await moveToDistrictServer({
    databasePath: databasePathOf(values.db),
    databaseUrl,
    onTable: ({ table, rows }) => stderr.write(`${table}: ${rows} rows\n`),
  });
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  stdout.write(
    `Copied ${rows} rows in ${tables.length} tables to ${server} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
  return 0;
}
