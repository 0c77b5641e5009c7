/**
 * PostgreSQL's runner of units of work (work/work.ts): one SERIALIZABLE kysely transaction per unit,
 * run again from the start when the server reports a serialization failure or a deadlock, so a
 * decision read inside the unit always holds when its write commits. Reads run in one REPEATABLE
 * READ transaction, or in the transaction they are already inside (an export's snapshot, a write's).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { Work } from '../../work/unit';
import { giveBackArena, takeArena, withArena } from '../parameterArena';

/** PostgreSQL's serialization failure and deadlock: the unit is run again from the start. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 8;

export const postgresUnits = {
  runWrite<T>(db: Kysely<Database>, unit: (db: Kysely<Database>) => Work<T>): Promise<T> {
    // Already inside a transaction (inWriteTransaction's): the unit is part of it.
    if (db.isTransaction) return drive(db, unit(db));
    return serializable(db, (trx) => drive(trx, unit(db)));
  },

  runRead<T>(db: Kysely<Database>, unit: (db: Kysely<Database>) => Work<T>): Promise<T> {
    if (db.isTransaction) return drive(db, unit(db));
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => drive(trx, unit(db)));
  },

  inWriteTransaction<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    if (db.isTransaction) return work(db);
    return serializable(db, work);
  },
};

async function serializable<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** Runs a unit's statements one after the other; their array parameters share an arena (parameterArena.ts). */
async function drive<T>(trx: Kysely<Database>, work: Work<T>): Promise<T> {
  const arena = takeArena();
  try {
    let step = withArena(arena, () => work.next());
    while (!step.done) {
      const result = await trx.executeQuery(step.value);
      step = withArena(arena, () => work.next(result));
    }
    return step.value;
  } finally {
    giveBackArena(arena);
  }
}
