/**
 * What each setting is until someone sets it: the engine reads these under the stored values, and
 * tests build their settings on them. connectionConfigured is not a setting but a fact of the
 * credential store.
 */
import type { Settings } from './results';

/** Who acts on a single-user computer whose Settings name no reviewer. */
export const DEFAULT_REVIEWER = 'bookkeeper';

/** What the packets and the district workbook call a district whose Settings give no name. */
export const DISTRICT_NAME_UNSET = 'School district';

export const DEFAULT_SETTINGS: Omit<Settings, 'connectionConfigured'> = {
  serviceUrl: null,
  sandboxMode: false,
  scheduleEnabled: true,
  scheduleTime: '01:30',
  refreshWindowDays: 60,
  firstSyncDays: 90,
  exportLayout: 'xlsx',
  clearingAccount: '1010',
  depositAccount: '1010',
  escapeOrgId: '',
  escapeDeptId: '',
  // Escape Online's JE types (docs/erp-layouts.md); a stored 'JE' (our old default) reads as CashRec.
  escapeJeType: 'CashRec',
  reviewerName: '',
  // Processors post one to five business days after the batch date (issue 15).
  bankMatchWindowDays: 5,
  notifyAfterSync: true,
  // Blank: ASCENDER's Clearing Fund default contra (docs/erp-layouts.md).
  ascenderContraObject: '',
  ascenderContraSubObject: '',
  ascenderNextReceipt: 1,
  quickbooksAccountNames: {},
  // Off: a district with one bookkeeper signs off its own deposits.
  requireSeparateApprover: false,
  // None: one approver sends any refund (DESIGN.md §12).
  refundSecondApproverAboveCents: null,
  // School-activity fund manuals ask for the month's reconciliation by the 15th (issue 29).
  closeDeadlineDay: 15,
  // Unset: the packets print DISTRICT_NAME_UNSET until an admin names the district.
  districtName: null,
  // Enough to hide a 100 ms round trip; a burst no service should mind (bench/latency.bench.ts).
  payerDetailsInFlight: 8,
};
