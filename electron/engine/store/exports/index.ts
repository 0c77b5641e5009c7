/**
 * Exports: claims, leases, coverage, the export snapshot, deposits that do not tie out.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { claimExport, postedInScope, STATISTICS_AFTER_CLAIMED } from './exportClaims';
export type { ClaimRequest, ExportClaim } from './exportClaims';
export { glCoverage, hasGlRowsBetween } from './exportCoverage';
export type { GlCoverage } from './exportCoverage';
export { renewExportLease, takeOverExport } from './exportLeases';
export {
  toExportRecord,
  listExports,
  pendingExport,
  markExportDone,
  setExportOutput,
  completeExport,
  receiptsOf,
  forgetExport,
  pendingExports,
} from './exports';
export type { ExportScope, ExportValues, ExportTotals, ExportReceiptValues, ExportContents } from './exports';
export { openGlSnapshot } from './glSnapshot';
export type { SnapshotSource, GlSnapshot } from './glSnapshot';
export { untiedDeposits, untiedDepositsStreamed, UNTIED_PER_CHUNK } from './untiedDeposits';
export type { UntiedQuery } from './untiedDeposits';
