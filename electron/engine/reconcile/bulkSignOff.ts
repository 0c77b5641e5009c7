/**
 * Sign-off at scale (issue 30 item 5): each selected deposit goes through the one-deposit sign-off
 * (its own transaction and revision guard), with the revision the list showed, so a bulk sign-off
 * decides exactly what signing each alone would. A deposit that changed after it was listed is left,
 * even if it still ties out, and named: its school, its date, and what changed where that is known.
 */
import { ContractError, type BulkSignOffLeft, type BulkSignOffResult } from '../../../shared/contract';
import { formatMoney } from '../../../shared/money';
import { formatUsDate } from '../../../shared/time';
import { formatCentralInstant } from '../../../shared/vocabulary';
import { listedBatchRow, type ListedBatchRow } from '../store/batches';
import { checksOf } from '../store/checks';
import { checksRevision } from '../store/reviews';
import { latestBatchChanges } from '../store/transactions';
import type { ReadableDB, WritableDB } from '../store/work';
import { ChecksChangedError, signOffBatch } from './batches';
import type { BatchCheckResult } from './checks';
import { NOT_OWN_FACTS } from './refresh';

export interface BulkSignOffArgs {
  deposits: ReadonlyArray<{ id: string; revision: string }>;
  note: string;
  by: string;
  /** Settings.requireSeparateApprover, as for one sign-off. */
  separateApprover: boolean;
}

/**
 * Signs off each deposit in turn. A refusal the bookkeeper can act on leaves that deposit; any other
 * failure stops the run, and the deposits signed before it stay signed (each was its own outcome).
 */
export async function signOffEach(
  writer: WritableDB,
  args: BulkSignOffArgs,
  now: () => string,
): Promise<BulkSignOffResult> {
  const signed: string[] = [];
  const left: BulkSignOffLeft[] = [];
  let signedCents = 0;
  for (const { id, revision } of args.deposits) {
    // The checks as stored before this sign-off brings them up to date: still the ones the list showed
    // when nothing has re-checked the deposit since, and then what changed can be told exactly.
    const stored = await checksOf(writer, id);
    try {
      const { detail } = await signOffBatch(
        writer,
        { id, note: args.note, by: args.by, revision, separateApprover: args.separateApprover },
        now(),
      );
      signed.push(id);
      signedCents += detail.batch.totalCents;
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      const listed = stored && checksRevision(stored.fingerprint) === revision ? stored.fingerprint : null;
      left.push(await leftDeposit(writer, id, error, listed));
    }
  }
  return { signed, signedCents, left };
}

async function leftDeposit(
  reader: ReadableDB,
  id: string,
  error: ContractError,
  listedFingerprint: string | null,
): Promise<BulkSignOffLeft> {
  const row = await listedBatchRow(reader, id);
  if (!row) return { id, school: null, date: null, reason: error.message };
  const school = row.payee_name ?? `School ${row.payee_id}`;
  const named = `${school}, the ${formatUsDate(row.date)} deposit (${id})`;
  const base = { id, school: row.payee_name, date: row.date };
  if (!(error instanceof ChecksChangedError)) return { ...base, reason: `${named}: ${error.message}` };
  const what =
    listedFingerprint && row.fingerprint
      ? fingerprintChanges(listedFingerprint, row.fingerprint)
      : await latestRecordedChanges(reader, id);
  return {
    ...base,
    reason: `${named} changed after it was listed (${[...what, verdictNow(row)].join('; ')}). Open it, review it, then sign it off.`,
  };
}

function verdictNow(row: ListedBatchRow): string {
  if (row.verdict === 'ties_out') return 'it still ties out';
  if (row.verdict === 'differs') return `it now differs by ${formatMoney(row.difference_cents ?? 0)}`;
  return 'not everything in it is synced now';
}

type Fingerprint = BatchCheckResult['localTotals'] & { batch: number[]; transactions: string };

/** The deposit's own facts as listed against as they are now, in words (checks.ts's fingerprint). */
function fingerprintChanges(listed: string, current: string): string[] {
  const before = JSON.parse(listed) as Partial<Fingerprint>;
  const now = JSON.parse(current) as Partial<Fingerprint>;
  const parts: string[] = [];
  const money = (label: string, a: number | undefined, b: number | undefined) => {
    if (a !== undefined && b !== undefined && a !== b) parts.push(`${label} ${formatMoney(a)} → ${formatMoney(b)}`);
  };
  const count = (label: string, a: number | undefined, b: number | undefined) => {
    if (a !== undefined && b !== undefined && a !== b) parts.push(`${label} ${a} → ${b}`);
  };
  money('the deposit total', before.batch?.[0], now.batch?.[0]);
  money('the deposit fees', before.batch?.[1], now.batch?.[1]);
  count('the deposit count', before.batch?.[3], now.batch?.[3]);
  count('transactions held', before.count, now.count);
  money('their total', before.amountCents, now.amountCents);
  money('their fees', before.feesCents, now.feesCents);
  count('GL rows', before.glRows, now.glRows);
  money('the GL total', before.glCents, now.glCents);
  money('the GL net', before.glNetCents, now.glNetCents);
  if (parts.length === 0 && before.transactions !== now.transactions)
    parts.push('a transaction was replaced or its amount or fee changed, the totals unchanged');
  return parts;
}

/**
 * When a sync has re-checked the deposit since it was listed, the checks as listed are gone: the
 * latest changes recorded to its own facts (amounts, fees, school) are the best account of what moved.
 */
async function latestRecordedChanges(reader: ReadableDB, id: string): Promise<string[]> {
  const changes = await latestBatchChanges(reader, id, 10, NOT_OWN_FACTS);
  const latest = changes[0];
  if (!latest) return [];
  // One sync's changes share their seen_at: named in the order they were recorded.
  const together = changes.filter((c) => c.seen_at === latest.seen_at).reverse();
  const named = together.map((c) => `transaction ${c.transaction_id} ${c.detail ?? c.kind.replace(/_/g, ' ')}`);
  return [`latest change recorded ${formatCentralInstant(latest.seen_at)}: ${named.join(', ')}`];
}
