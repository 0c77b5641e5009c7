/**
 * Units of work: the read and write handles, the one runner of a unit (runRead/runWrite) and statements in chunks.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { ROWS_PER_STATEMENT, chunks, rowsByChunks, insertInChunks } from './chunks';
export type { Inserted } from './chunks';
export { sqliteHandles } from '../dialect/sqlite/handles';
export { portableHandles } from '../dialect/postgres/handles';
export type { WorkTarget, ReadableDB, WritableDB } from './handles';
export type { SqliteReadable, SqliteWritable } from '../dialect/sqlite/handles';
export { encodePageCursor, decodePageCursor } from './pageCursor';
export type { PageKey } from './pageCursor';
export { rowsOf, firstOf, execute, runWrite, inWriteTransaction, runRead } from './work';
export type { Work, Compilable } from './work';
