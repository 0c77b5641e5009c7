import { join, resolve } from 'node:path';
import { createEngine, type Engine } from '../engine/engine';
import { defaultDataFolder } from '../engine/paths';
import { appVersion } from './version';
import { openingProgress } from './progress';

/** The database a reading command works on: `--db FILE`, else the app's own; never created here. */
export function databasePathOf(db: string | undefined): string {
  return db ? resolve(db) : join(defaultDataFolder(), 'district-recon.sqlite');
}

/** An engine on an existing database (status, check, export): a missing one is an error naming it. */
export async function openExistingStore(db: string | undefined): Promise<Engine> {
  const opening = openingProgress();
  const engine = await createEngine({
    version: appVersion(),
    dataFolder: defaultDataFolder(),
    databasePath: databasePathOf(db),
    createDatabase: false,
    host: 'cli',
    onOpenProgress: opening.onOpenProgress,
  });
  opening.finish();
  return engine;
}

/** Runs `work` on an engine over the existing database, closing it however `work` ends. */
export async function withExistingStore<T>(db: string | undefined, work: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = await openExistingStore(db);
  try {
    return await work(engine);
  } finally {
    await engine.close();
  }
}
