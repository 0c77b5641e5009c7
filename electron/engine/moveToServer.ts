/**
 * `district-recon migrate-to`: a single-user database moved to a district's PostgreSQL server, for a
 * district that outgrew one laptop (docs/team-mode.md). The file is opened as every command opens it
 * and only read; the server's database must be new and empty.
 */
import { copySqliteToPostgres, openPostgresStore, openStore, type CopiedTable } from './store/dialect';

export type { CopiedTable };

export interface MoveOptions {
  databasePath: string;
  databaseUrl: string;
  onTable?: (copied: CopiedTable) => void;
}

export async function moveToDistrictServer(options: MoveOptions): Promise<{ tables: CopiedTable[]; server: string }> {
  const file = await openStore(options.databasePath, { create: false });
  try {
    const server = await openPostgresStore(options.databaseUrl);
    try {
      const tables = await copySqliteToPostgres(file.reader.sqlite, server.writer, options.onTable);
      return { tables, server: server.url };
    } finally {
      await server.close();
    }
  } finally {
    await file.close();
  }
}
