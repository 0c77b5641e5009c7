/**
 * GL batches: a day's GL lines as synced, and the GL rows an export covers.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { replaceGlBatchDayWork } from './glBatchDay';
export { storedGlDayDigestsFrom } from './glDayDigests';
export { glDayDigest, glDayLines, type GlDayAsStored, type GlDayDigests } from './glDayDigest';
export { glScope, hasGlRows, countGlRows, glRowsOf, GL_ROWS_PER_CHUNK } from './glRows';
export type { GlExportFilter, GlExportRow, GlRows } from './glRows';
