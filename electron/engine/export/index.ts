/**
 * Export (DESIGN.md §7): GL batches of a range and the reversals first seen in it to a workbook, and
 * for an ERP layout its file beside it; both written to temporary names and renamed; recorded in the
 * export registry with their hash, the reversals they posted and ASCENDER's receipt numbers.
 */
import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import {
  ContractError,
  ERP_CODE_LAYOUTS,
  type ExportLayout,
  type ExportRecord,
  type ExportResult,
} from '../../../shared/contract';
import { untiedLine } from '../../../shared/untied';
import { untiedDepositsStreamed, completeExport, forgetExport, setExportOutput } from '../store/exports';
import { untiedOfExport, type UntiedOfExport } from './untiedMarks';
import {
  commitFiles,
  discard,
  exportError,
  reasonOf,
  reserveTemp,
  scratchBeside,
  type PendingFile,
} from './atomicFiles';
import { assertLayoutReady, writeLayout, type CsvLayout, type CsvLayoutSettings } from './csvLayouts';
import { depositEntry, ERP_FILE_EXTENSIONS, type ErpWriteResult } from './erp';
import type { WritableDB, ReadableDB } from '../store/work';
import { journalEntries } from './journal';
import { claimExport, type ExportClaim, openGlSnapshot, type GlSnapshot, type SnapshotSource } from '../store/exports';
import { glRowsOf, hasGlRows, type GlExportFilter } from '../store/glBatches';
import { reversalsInRange } from '../reconcile/reversals';
import { erpEntriesStreamed, reversalReference } from './reversalEntries';
import { sha256OfFile } from './fileHash';
import { writeWorkbook } from './xlsxWriter';
import { isEmpty, moneyWithoutAccount, noAccountError } from './noAccount';
import { withAccountCodes } from './accountCodes';
import { listErpAccountCodes } from '../store/accountMaps';
import { businessDateOf, parseIsoUtc } from '../../../shared/time';
import { exportsFolder } from './exportTarget';
import { HeldLease, leaseTime, newOwner } from './lease';

export { formulaSafe, csvText, TRIGGER_CHARACTERS } from './formulaSafe';
export { fiscalYearOf } from './csvLayouts';
export { writeWorkbook, SHEET_NAMES, CURRENCY_FORMAT, DATE_FORMAT } from './xlsxWriter';
export { reversalJournalEntry, REVERSAL_KIND_WORDS } from './reversalEntries';
export { ExportSummary, journalEntries } from './journal';

export interface ExportRequest extends GlExportFilter {
  layout: ExportLayout;
  /** The chosen file; omitted in browser mode, where the export goes to `<dataFolder>/exports/`. */
  file?: string;
  /** Replace an existing file (the save dialog asked, or the CLI's --force); otherwise one is refused. */
  overwrite?: boolean;
  /** Post again the deposits and reversals another export already posted; otherwise they are left out. */
  repost?: boolean;
  /** Refuse, posting nothing, when a deposit it would post does not tie out (the CLI's --strict). */
  strict?: boolean;
  /**
   * A report (the CLI's --report, the app's "Save a report"): the workbook alone, of everything in
   * scope, any number of times; it claims no deposit or reversal and its Summary says it is not a
   * posting. Otherwise a posting: the chosen layout and its workbook together, each deposit once.
   */
  report?: boolean;
}

export interface ExportEnvironment {
  /** The engine's store: the registry is written through `writer`; the rows are read from a snapshot. */
  store: SnapshotSource & { writer: WritableDB };
  dataFolder: string;
  settings: CsvLayoutSettings;
  createdBy: string;
  /** ISO-8601 UTC. */
  now: string;
  onProgress?: (rows: number, totalRows: number, file: string) => void;
  /** How many untied deposits the result names (default UNTIED_LISTED); it counts them all. */
  untiedListed?: number;
}

/** Untied deposits an export's result names: as many as a bookkeeper reads; the workbook marks every one. */
export const UNTIED_LISTED = 100;

/** Where the workbook and the layout's CSV go. */
export function exportPaths(request: ExportRequest, env: Pick<ExportEnvironment, 'dataFolder' | 'now'>) {
  let primary: string;
  if (request.file) {
    primary = resolve(request.file);
  } else {
    const folder = exportsFolder(env.dataFolder);
    const stamp = env.now.replace(/[-:]/g, '').replace(/\..*$/, '');
    // Several users export on one server: the same range in the same second must not share a name.
    const unique = randomBytes(3).toString('hex');
    primary = join(
      folder,
      `gl-${request.from}-to-${request.to}-${stamp}-${unique}.${request.layout === 'xlsx' ? 'xlsx' : ERP_FILE_EXTENSIONS[request.layout]}`,
    );
  }
  if (request.layout === 'xlsx') return { workbook: primary, csv: null };
  const extension = extname(primary).toLowerCase();
  const stem = extension ? primary.slice(0, -extension.length) : primary;
  if (extension === '.xlsx')
    return { workbook: primary, csv: `${stem}-${request.layout}.${ERP_FILE_EXTENSIONS[request.layout]}` };
  return { workbook: `${stem}.xlsx`, csv: primary };
}

export async function exportGlBatches(
  request: ExportRequest,
  env: ExportEnvironment,
): Promise<Omit<ExportResult, 'downloadPath'>> {
  if (request.from > request.to)
    throw new ContractError('BAD_ARGUMENTS', `"from" (${request.from}) must not be after "to" (${request.to}).`);
  // A report is the workbook alone, whatever layout Settings posts in.
  if (request.report) request = { ...request, layout: 'xlsx', repost: false, strict: false };
  const report = request.report ?? false;
  if (request.layout !== 'xlsx') assertLayoutReady(request.layout, env.settings);
  const pending: PendingFile[] = [];
  let claimed: number | null = null;
  let snapshot: GlSnapshot | null = null;
  let lease: HeldLease | null = null;
  try {
    const inScope = await hasGlRows(env.store.reader, request);
    const inRange = await reversalsInRange(env.store.reader, request);
    if (!inScope && inRange.length === 0) {
      throw new ContractError(
        'NOT_FOUND',
        `There are no GL batches or reversals from ${request.from} to ${request.to} for these payees and payment methods, so nothing was exported. Sync first, or widen the range.`,
      );
    }
    const paths = exportPaths(request, env);
    // Both targets are checked (exportTarget.ts) before anything is claimed: a refused export records nothing.
    const workbook = reserveTemp(paths.workbook, request.overwrite ?? false);
    pending.push(workbook);
    const csv = paths.csv ? reserveTemp(paths.csv, request.overwrite ?? false) : null;
    if (csv) pending.push(csv);
    const primaryFile = csv?.target ?? workbook.target;

    // Claimed before anything is written: the record exists (pending) whenever the file might, and
    // what it posts is taken in the same transaction, so no other export can post it too. Under a
    // lease (lease.ts), so an engine starting meanwhile leaves it to this process.
    const owner = newOwner();
    const claim = await claimExport(env.store.writer, {
      lease: { owner, heartbeatAt: leaseTime(Date.now) },
      createdAt: env.now,
      scope: request,
      layout: request.layout,
      file: primaryFile,
      companionFile: csv ? workbook.target : null,
      createdBy: env.createdBy,
      changeIds: inRange.map((r) => r.changeId),
      repost: request.repost ?? false,
      report,
    }).catch((error: unknown) => {
      throw storeError(error);
    });
    claimed = claim.id;
    lease = new HeldLease(env.store.writer, claim.id, owner);
    if (!report && claim.deposits === 0 && claim.changeIds.length === 0) throw allPostedBefore(request, claim);
    // Of what it claimed: a refusal drops the claim (finally), so --strict posts nothing at all.
    const posting = new Set(claim.changeIds);
    const claimedRows = report ? request : { ...request, exportId: claim.id };
    if (!report) {
      const found = await moneyWithoutAccount(
        env.store.reader,
        claimedRows,
        inRange.filter((r) => posting.has(r.changeId)),
      );
      if (!isEmpty(found)) throw noAccountError(request, found);
    }
    // The layout's codes from the engine's reader before the snapshot takes a connection of its pool:
    // exports as many as the pool's connections, each holding a snapshot, would wait on each other.
    const codes = csv ? await layoutCodes(env.store.reader, request.layout) : new Map<string, string>();
    // The rows are read after the claim committed, from a snapshot that agrees with it; the untied
    // deposits too, streamed: the workbook marks every one, the result names the first few.
    snapshot = await openGlSnapshot(env.store);
    const untied = await untiedOfExport(
      untiedDepositsStreamed(
        snapshot.source,
        report ? { scope: request, leaveOutPosted: false } : { scope: request, exportId: claim.id },
      ),
      env.untiedListed ?? UNTIED_LISTED,
    );
    if (request.strict && untied.count > 0) throw notTiedOut(request, untied);
    const rows = await glRowsOf(snapshot.source, claimedRows);
    const totalRows = rows.count;
    const reversals = (await reversalsInRange(snapshot.source, request)).filter(
      (r) => report || posting.has(r.changeId),
    );
    // The layout first: ASCENDER's receipt numbers go into the workbook too.
    let layout: ErpWriteResult | null = null;
    // Only a CSV layout has a CSV file (exportPaths).
    const csvLayout: CsvLayout | null = request.layout === 'xlsx' ? null : request.layout;
    if (csv && csvLayout) {
      const { clearingAccount } = env.settings;
      const entries = () =>
        withAccountCodes(
          erpEntriesStreamed(
            journalEntries(rows.rows()),
            (e) => depositEntry(e, clearingAccount),
            reversals,
            clearingAccount,
          ),
          codes,
        );
      layout = await writeLayout(csv.temp, csvLayout, entries, env.settings).catch((error: unknown) => {
        throw error instanceof ContractError ? error : exportError(csv.target, reasonOf(error));
      });
    }
    const summary = await writeWorkbook(workbook.temp, rows, {
      clearingAccount: env.settings.clearingAccount,
      reversals,
      receipts: layout?.receipts,
      untied: untied.marks,
      purpose: workbookPurpose(request, env.now, claim),
      onProgress: (done) => env.onProgress?.(done, totalRows, primaryFile),
      scratchFile: scratchBeside(workbook),
      createdAt: env.now,
    }).catch((error: unknown) => {
      throw error instanceof ContractError ? error : exportError(workbook.target, reasonOf(error));
    });
    await snapshot.close();
    const sha256 = await sha256OfFile(csv?.temp ?? workbook.temp);
    const changeIds = report ? [] : reversals.map((r) => r.changeId);
    const byReference = new Map(reversals.map((r) => [reversalReference(r), r.changeId]));
    const pendingId = claimed;
    await lease!.confirm();
    await setExportOutput(
      env.store.writer,
      pendingId,
      {
        rowCount: summary.totals.rowCount,
        totalCents: summary.totals.amountCents,
        totalWithoutFeesCents: summary.totals.amountWithoutFeesCents,
        sha256,
      },
      {
        changeIds,
        receipts: (layout?.receipts ?? []).map((r) => ({
          receipt: r.receipt,
          kind: r.kind,
          batchId: r.kind === 'deposit' ? r.reference : null,
          changeId: r.kind === 'reversal' ? (byReference.get(r.reference) ?? null) : null,
          date: r.date,
        })),
      },
    ).catch((error: unknown) => {
      throw storeError(error);
    });
    await lease!.confirm();
    await commitFiles(pending);
    const committed = [...pending];
    pending.length = 0;
    let record: ExportRecord;
    try {
      // Done and the next receipt number in one transaction: a failed export never moves the sequence.
      record = await completeExport(env.store.writer, pendingId, owner);
    } catch (error) {
      // The record cannot say the file is there, so the file must not be.
      await Promise.all(committed.map((file) => unlink(file.target).catch(() => undefined)));
      throw storeError(error);
    }
    claimed = null;
    env.onProgress?.(summary.totals.rowCount, totalRows, primaryFile);
    return {
      record,
      overlaps: claim.postedBy,
      alreadyPosted: claim.alreadyPosted,
      reposted: request.repost ?? false,
      deposits: summary.deposits,
      reversals: reversals.length,
      reversalCents: reversals.reduce((sum, r) => sum + r.amountCents, 0),
      untied: untied.listed,
      untiedCount: untied.count,
    };
  } finally {
    lease?.stop();
    await snapshot?.close();
    await discard(pending);
    if (claimed !== null) await forgetExport(env.store.writer, claimed, lease?.owner).catch(() => undefined);
  }
}

/** Everything in the range was posted before: nothing to write, and the bookkeeper is told by whom. */
function allPostedBefore(request: ExportRequest, claim: ExportClaim): ContractError {
  const { deposits, reversals } = claim.alreadyPosted;
  const what = [
    deposits && `${deposits} deposit${deposits === 1 ? '' : 's'}`,
    reversals && `${reversals} reversal${reversals === 1 ? '' : 's'}`,
  ]
    .filter(Boolean)
    .join(' and ');
  const by = claim.postedBy
    .slice(0, 3)
    .map((e) => `#${e.id} (${e.createdAt.slice(0, 10)}${e.createdBy ? `, ${e.createdBy}` : ''})`)
    .join(', ');
  return new ContractError(
    'CONFLICT',
    `All ${what} from ${request.from} to ${request.to} were already posted by export ${by}, so nothing was posted. To post them again, tick "Post them again" in the "Post to the ledger" dialog (the CLI's export gl --repost); to see them without posting, "Save a report" (export gl --report).`,
  );
}

/** The layout's ERP codes (Chart of Accounts number -> code), saved in Settings or by --account-map. */
async function layoutCodes(reader: ReadableDB, layout: ExportLayout): Promise<Map<string, string>> {
  if (!(ERP_CODE_LAYOUTS as readonly string[]).includes(layout)) return new Map();
  const codes = (await listErpAccountCodes(reader, layout)).get(layout) ?? [];
  return new Map(codes.map((c) => [c.glNumber, c.code]));
}

/** What the workbook's Summary says it is: a report that posts nothing, or the posting it is. */
function workbookPurpose(request: ExportRequest, now: string, claim: ExportClaim) {
  const written = businessDateOf(parseIsoUtc(now, 'now'));
  if (request.report)
    return {
      heading: 'Not a posting',
      text: `A report of ${request.from} to ${request.to}, written ${written} (Central). It posts nothing and claims no deposit or reversal: post the range with "Post to the ledger" (export gl).`,
    };
  return {
    heading: 'Posting',
    text: `Export #${claim.id}, written ${written} (Central), posts ${claim.deposits} deposit${claim.deposits === 1 ? '' : 's'} and ${claim.changeIds.length} reversal${claim.changeIds.length === 1 ? '' : 's'}; each is posted by one export only.`,
  };
}

/** --strict: the deposits that do not tie out, named (the first few) in one line. */
function notTiedOut(request: ExportRequest, { listed, count }: UntiedOfExport): ContractError {
  const named = listed.slice(0, 3).map(untiedLine).join('; ');
  const more = count > 3 ? `; and ${count - 3} more` : '';
  return new ContractError(
    'CONFLICT',
    `${count} deposit${count === 1 ? '' : 's'} from ${request.from} to ${request.to} ${count === 1 ? 'does' : 'do'} not tie out, so nothing was exported (strict): ${named}${more}. Sync, resolve or sign them off, or export without --strict.`,
  );
}

function storeError(error: unknown): ContractError {
  // A closed month's deposits (DESIGN.md §13): the claim's own refusal, already in words.
  if (error instanceof ContractError && error.code === 'CLOSED') return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new ContractError(
    'STORE',
    `The export could not be recorded in the local database (${reason}), so no file was written. Close other copies of District Recon and export again.`,
  );
}
