import { dirname, join, resolve } from 'node:path';
import { createEngine, type Engine } from '../engine/engine';
import type { EngineOptions } from '../engine/context';
import { defaultDataFolder } from '../engine/paths';
import { UsageError } from './args';
import { appVersion } from './version';
import { openingProgress } from './progress';
import { createConsoleLogger } from '../engine/logger';
import { stderr } from './output';

/** The engine's log on a terminal: through the CLI's printer, like everything it shows. */
export const cliLogger = () => createConsoleLogger((line) => stderr.write(`${line}\n`));

/** The database flags every command that works on data takes. */
export interface DatabaseFlags {
  /** `--db FILE`: a SQLite file (the app's own when neither is given). */
  db?: string;
  /** `--database postgres://…`: a district server's database (RECON_DATABASE_URL says it too). */
  database?: string;
}

/** Where a command's data is: a file (and the folder beside it) or a district server's PostgreSQL. */
export interface DatabaseChoice {
  databasePath?: string;
  databaseUrl?: string;
  dataFolder: string;
}

/** `--db FILE`, else `--database URL`, else RECON_DATABASE_URL, else the app's own file. */
export function databaseOf(flags: DatabaseFlags): DatabaseChoice {
  if (flags.db !== undefined && flags.database !== undefined)
    throw new UsageError('give --db FILE or --database URL, not both');
  const url = flags.db === undefined ? (flags.database ?? process.env.RECON_DATABASE_URL?.trim()) : undefined;
  if (url) return { databaseUrl: url, dataFolder: defaultDataFolder() };
  if (flags.database !== undefined) throw new UsageError('--database needs a URL: --database postgres://USER@HOST/DB');
  const databasePath = databasePathOf(flags.db);
  return { databasePath, dataFolder: flags.db ? dirname(databasePath) : defaultDataFolder() };
}

/** The database file a command works on: `--db FILE`, else the app's own. */
export function databasePathOf(db: string | undefined): string {
  return db ? resolve(db) : join(defaultDataFolder(), 'district-recon.sqlite');
}

/** An engine on the chosen database (`create` for the commands that may start one). */
export function engineOn(
  choice: DatabaseChoice,
  options: Omit<EngineOptions, 'version' | 'dataFolder' | 'databasePath' | 'databaseUrl'>,
): Promise<Engine> {
  return createEngine({
    version: appVersion(),
    dataFolder: choice.dataFolder,
    ...(choice.databaseUrl ? { databaseUrl: choice.databaseUrl } : { databasePath: choice.databasePath }),
    logger: cliLogger(),
    ...options,
  });
}

/**
 * An engine on an existing database (status, check, export): a missing one is an error naming it.
 * `readOnly` for a command that only reads: no integrity check or repair at open (EngineOptions).
 */
export async function openExistingStore(flags: DatabaseFlags, { readOnly = false } = {}): Promise<Engine> {
  const opening = openingProgress();
  const engine = await engineOn(databaseOf(flags), {
    createDatabase: false,
    readOnly,
    host: 'cli',
    onOpenProgress: opening.onOpenProgress,
  });
  opening.finish();
  return engine;
}

/** Runs `work` on an engine over the existing database, closing it however `work` ends. */
export async function withExistingStore<T>(flags: DatabaseFlags, work: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = await openExistingStore(flags);
  try {
    return await work(engine);
  } finally {
    await engine.close();
  }
}
