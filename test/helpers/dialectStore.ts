/**
 * One set of store tests run on both dialects: a `describe` on SQLite and one on PostgreSQL, each
 * opening a fresh store (and filling it with `prepare`) before its tests and closing it after.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { portableHandles, type ReadableDB, type WritableDB } from '../../electron/engine/store/work';
import { openPostgresStore } from '../../electron/engine/store/dialect';
import { createTestDb } from './db';
import { describePostgres, usePostgresTestDatabase } from './postgres';

/** The open store's handles: set before the first test runs, so read them inside tests only. */
export interface DialectStore {
  writer: WritableDB;
  reader: ReadableDB;
}

interface Opened extends DialectStore {
  close(): Promise<void>;
}

/** Registers `tests` under `<name> on SQLite` and `<name> on PostgreSQL`. */
export function describeOnBothDialects(
  name: string,
  tests: (store: DialectStore) => void,
  prepare: (writer: WritableDB) => Promise<void> = async () => {},
): void {
  describe(`${name} on SQLite`, () => {
    behavesTheSame(tests, prepare, async () => {
      const store = await createTestDb({ file: true });
      return { writer: store.writer, reader: store.reader, close: () => store.cleanup() };
    });
  });
  describePostgres(`${name} on PostgreSQL`, () => {
    const database = usePostgresTestDatabase();
    behavesTheSame(tests, prepare, async () => {
      const store = await openPostgresStore(database().url);
      return { ...portableHandles(store.writer, store.reader), close: () => store.close() };
    });
  });
}

function behavesTheSame(
  tests: (store: DialectStore) => void,
  prepare: (writer: WritableDB) => Promise<void>,
  open: () => Promise<Opened>,
): void {
  const store = {} as DialectStore;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await open();
    store.writer = opened.writer;
    store.reader = opened.reader;
    close = opened.close;
    await prepare(store.writer);
  }, 120_000);
  afterAll(() => close?.());
  tests(store);
}
