/**
 * The ERP layouts as the export calls them: settings in, a file out. The layouts themselves, their
 * vendors' rules and the two-pass check-then-write live in ./erp; this keeps the signatures the export
 * has always called (deposit entries only) beside the one that also carries reversals.
 */
import type { ExportLayout } from '../../../shared/contract';
import {
  DEFAULT_ESCAPE_JE_TYPE,
  depositEntry,
  layoutSpec,
  writeErpLayout,
  type ErpEntry,
  type ErpLayoutOptions,
  type ErpWriteResult,
} from './erp';
import type { JournalEntry } from './journal';

export { fiscalYearOf } from './erp';

export type CsvLayout = Exclude<ExportLayout, 'xlsx'>;

export interface CsvLayoutSettings {
  clearingAccount: string;
  escapeOrgId: string;
  escapeDeptId: string;
  escapeJeType: string;
  /** ASCENDER contra offset object (11XX, 181X, 191X) and sub-object; blank: the district default. */
  ascenderContraObject?: string;
  ascenderContraSubObject?: string;
  /** The next ASCENDER receipt number; store the export's `nextReceipt` back. */
  ascenderNextReceipt?: number;
  /** Chart of Accounts number -> QuickBooks account name, for the IIF layout. */
  quickbooksAccountNames?: Readonly<Record<string, string>>;
}

/** `JE` was our default before the Escape rules were read; it is no Escape type, so it means CashRec. */
const LEGACY_ESCAPE_JE_TYPE = 'JE';

export function erpOptionsOf(settings: CsvLayoutSettings): ErpLayoutOptions {
  const jeType = settings.escapeJeType.trim();
  return {
    ascender: {
      receiptStart: settings.ascenderNextReceipt ?? 1,
      contraObject: settings.ascenderContraObject?.trim() ?? '',
      contraSubObject: settings.ascenderContraSubObject?.trim() ?? '',
    },
    escape: {
      orgId: settings.escapeOrgId,
      jeType: !jeType || jeType === LEGACY_ESCAPE_JE_TYPE ? DEFAULT_ESCAPE_JE_TYPE : jeType,
      deptId: settings.escapeDeptId,
    },
    iif: { accountNames: settings.quickbooksAccountNames ?? {} },
  };
}

/** Checks the layout can be written with these settings before any file is touched. */
export function assertLayoutReady(layout: CsvLayout, settings: CsvLayoutSettings): void {
  layoutSpec(layout, erpOptionsOf(settings));
}

/**
 * Deposits and reversals: `entries` is called twice (check, then write) and must give the same entries
 * both times. Returns the rows written and, for ASCENDER, the receipt numbers and the next one.
 */
export function writeLayout(
  file: string,
  layout: CsvLayout,
  entries: () => AsyncIterable<ErpEntry> | Iterable<ErpEntry>,
  settings: CsvLayoutSettings,
): Promise<ErpWriteResult> {
  return writeErpLayout(file, layout, entries, erpOptionsOf(settings));
}

/**
 * Deposits only, as the export has always called it; returns the rows written. The entries are held
 * (one small aggregate per deposit) so they can be checked before anything is written.
 */
export async function writeCsvLayout(
  file: string,
  layout: CsvLayout,
  entries: Iterable<JournalEntry>,
  settings: CsvLayoutSettings,
): Promise<number> {
  const deposits = Array.from(entries, (entry) => depositEntry(entry, settings.clearingAccount));
  const result = await writeLayout(file, layout, () => deposits, settings);
  return result.rows;
}
