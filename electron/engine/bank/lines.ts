/** The bank side's reads as the contract returns them: pages of lines, one line, in transit, a batch's line. */
import {
  ContractError,
  type BankInTransit,
  type BankLineFilter,
  type Page,
  type PageRequest,
} from '../../../shared/contract';
import type { BankExplanation, BankLineDetail, BankLineSummary } from '../../../shared/domain';
import { decodePageCursor, encodePageCursor, type ReadableDB } from '../store/work';
import { batchBankSide, lineDetail, listLineRows, toLineSummaries, toStatement, unheldBatches } from '../store/bank';
import { businessDaysBetweenDays, dayNumber, fromDayNumber } from './businessDays';

export async function listBankLines(
  reader: ReadableDB,
  { filter, cursor, limit }: PageRequest<BankLineFilter>,
): Promise<Page<BankLineSummary>> {
  const rows = await listLineRows(reader, filter, cursor ? decodePageCursor(cursor) : null, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: await toLineSummaries(reader, page),
    nextCursor: rows.length > limit && last ? encodePageCursor({ date: last.posted_date, id: last.id }) : null,
  };
}

export async function getBankLine(reader: ReadableDB, id: number): Promise<BankLineDetail> {
  const detail = await lineDetail(reader, id);
  if (!detail) throw new ContractError('NOT_FOUND', `Bank line ${id} is not in the store. Reload the list.`);
  return {
    line: detail.summary,
    raw: detail.line.raw,
    statement: toStatement(detail.statement),
    undoneMatches: detail.undoneMatches,
    undoneExplanations: detail.undoneExplanations,
  };
}

export async function bankLineSummary(reader: ReadableDB, id: number): Promise<BankLineSummary> {
  return (await getBankLine(reader, id)).line;
}

/** The bank line holding a batch, or the batch's explanation: what the batch detail shows. */
export function bankSideOfBatch(
  reader: ReadableDB,
  batchId: string,
): Promise<{ line: BankLineSummary | null; explanation: BankExplanation | null }> {
  return batchBankSide(reader, batchId);
}

/**
 * Batches past the window with no line and no explanation, oldest first, aged in business days.
 * Only batches dated on or after the first imported statement's first day: before it the bank side
 * has nothing to say, and a store synced for years would otherwise show every old batch in transit.
 */
export async function inTransit(
  reader: ReadableDB,
  today: string,
  windowDays: number,
  limit: number,
): Promise<BankInTransit> {
  const todayDay = dayNumber(today);
  // Calendar days are at least as many as business days, so this bound keeps every batch past the window.
  const through = fromDayNumber(todayDay - windowDays - 1);
  const rows = await unheldBatches(reader, through, limit + 1);
  const batches = rows
    .slice(0, limit)
    .map((b) => ({
      batchId: b.id,
      payeeId: b.payee_id,
      paymentMethod: b.payment_method,
      date: b.date,
      totalCents: b.total_cents,
      partialCents: b.partial_cents,
      ageDays: businessDaysBetweenDays(dayNumber(b.date), todayDay),
    }))
    .filter((b) => b.ageDays > windowDays);
  return { asOf: today, windowDays, batches, truncated: rows.length > limit };
}
