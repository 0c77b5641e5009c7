/**
 * The bookkeeper's decisions on the bank side: confirm a match (the matcher's, a suggestion, or one
 * of their own), undo a match, explain a line or a batch that cannot match, undo an explanation.
 * Each is one synchronous transaction that reads the state it depends on and refuses, with what to
 * do, when that state says no. Who and when are recorded; undoing keeps the row with the reason.
 * The caller runs matching afterwards: a decision can free or take batches other lines wait on.
 */
import { ContractError } from '../../../shared/contract';
import type { BankExplanation, BankExplanationKind } from '../../../shared/domain';
import { inTransaction, type WritableDB } from '../store/handles';
import {
  batchDates,
  deleteSuggestions,
  holderOfReturn,
  holdersOf,
  insertMatch,
  liveMatchOfLine,
  markConfirmed,
  suggestionsOfLine,
  transactionForReturn,
  undoMatch,
} from '../store/bankMatches';
import {
  getExplanation,
  insertExplanation,
  liveExplanationOfBatch,
  liveExplanationOfLine,
  undoExplanation,
} from '../store/bankExplanations';
import { getLineRow, toExplanation } from '../store/bankQueries';
import type { BankMatchRow } from '../store/schema';
import { businessDaysBetween } from './businessDays';
import { candidateKey } from './matching';

export interface Actor {
  by: string;
  /** ISO UTC, the engine's clock. */
  at: string;
}

const KIND_WORDS: Record<BankExplanationKind, string> = {
  processor_fee: 'a processor fee',
  rounding: 'rounding',
  cash_over_short: 'cash over/short',
  nsf: 'NSF',
  chargeback: 'a chargeback',
  other: 'other',
};

function keyOf(row: BankMatchRow): string {
  return candidateKey({ batchIds: JSON.parse(row.batch_ids) as string[], transactionId: row.transaction_id });
}

function describe(row: BankMatchRow): string {
  if (row.transaction_id !== null) return `returned transaction ${row.transaction_id}`;
  const ids = JSON.parse(row.batch_ids) as string[];
  return `${ids.length === 1 ? 'deposit' : 'deposits'} ${ids.join(', ')}`;
}

function requireLine(writer: WritableDB, lineId: number) {
  const line = getLineRow(writer, lineId);
  if (!line) throw new ContractError('NOT_FOUND', `Bank line ${lineId} is not in the store. Reload the list.`);
  return line;
}

export function confirmMatch(
  writer: WritableDB,
  request: { lineId: number; batchIds?: string[]; transactionId?: number },
  actor: Actor,
): void {
  inTransaction(writer, () => {
    const line = requireLine(writer, request.lineId);
    const batchIds = [...new Set(request.batchIds ?? [])];
    const transactionId = request.transactionId ?? null;
    const wanted = candidateKey({ batchIds, transactionId });
    const explained = liveExplanationOfLine(writer, line.id);
    if (explained) {
      throw new ContractError(
        'CONFLICT',
        `This bank line is explained as ${KIND_WORDS[explained.kind as BankExplanationKind]}; undo the explanation first.`,
      );
    }
    const live = liveMatchOfLine(writer, line.id);
    if (live) {
      if (keyOf(live) !== wanted) {
        throw new ContractError('CONFLICT', `This bank line is matched to ${describe(live)}; unmatch it first.`);
      }
      if (live.status === 'matched') markConfirmed(writer, live.id, actor.by, actor.at);
      return;
    }
    let gapDays: number | null = null;
    if (transactionId !== null) {
      if (line.amount_cents >= 0) {
        throw new ContractError('BAD_ARGUMENTS', 'Only a debit (money out) can be matched to a returned transaction.');
      }
      const txn = transactionForReturn(writer, transactionId);
      if (!txn) throw new ContractError('NOT_FOUND', `Transaction ${transactionId} is not in the store.`);
      const holder = holderOfReturn(writer, transactionId);
      if (holder !== null) {
        throw new ContractError('CONFLICT', `Transaction ${transactionId} is already matched to bank line ${holder}.`);
      }
      if (txn.business_date <= line.posted_date) gapDays = businessDaysBetween(txn.business_date, line.posted_date);
    } else {
      const dates = batchDates(writer, batchIds);
      const missing = batchIds.filter((id) => !dates.has(id));
      if (missing.length) throw new ContractError('NOT_FOUND', `Deposit ${missing.join(', ')} is not in the store.`);
      for (const [batchId, holder] of holdersOf(writer, batchIds)) {
        throw new ContractError(
          'CONFLICT',
          `Deposit ${batchId} is already matched to bank line ${holder}; unmatch that line first.`,
        );
      }
      for (const batchId of batchIds) {
        if (liveExplanationOfBatch(writer, batchId)) {
          throw new ContractError('CONFLICT', `Deposit ${batchId} is explained; undo its explanation first.`);
        }
      }
      const oldest = [...dates.values()].sort()[0]!;
      if (oldest <= line.posted_date) gapDays = businessDaysBetween(oldest, line.posted_date);
    }
    const suggestion = suggestionsOfLine(writer, line.id).find((s) => keyOf(s) === wanted);
    deleteSuggestions(writer, line.id);
    insertMatch(writer, {
      lineId: line.id,
      how: suggestion?.how ?? (transactionId !== null ? 'return' : 'manual'),
      status: 'confirmed',
      rank: 0,
      batchIds,
      transactionId,
      gapDays: suggestion?.gap_days ?? gapDays,
      createdAt: actor.at,
      confirmedBy: actor.by,
      confirmedAt: actor.at,
    });
  });
}

export function unmatchLine(writer: WritableDB, lineId: number, reason: string, actor: Actor): void {
  inTransaction(writer, () => {
    requireLine(writer, lineId);
    const live = liveMatchOfLine(writer, lineId);
    if (!live) throw new ContractError('CONFLICT', 'This bank line is not matched; there is nothing to undo.');
    undoMatch(writer, live.id, actor.by, actor.at, reason.trim());
  });
}

export function explain(
  writer: WritableDB,
  request: { lineId?: number; batchId?: string; kind: BankExplanationKind; note: string },
  actor: Actor,
): BankExplanation {
  return inTransaction(writer, () => {
    if (request.lineId !== undefined) {
      const line = requireLine(writer, request.lineId);
      const live = liveMatchOfLine(writer, line.id);
      if (live)
        throw new ContractError('CONFLICT', `This bank line is matched to ${describe(live)}; unmatch it first.`);
      if (liveExplanationOfLine(writer, line.id)) {
        throw new ContractError('CONFLICT', 'This bank line is already explained; undo that explanation first.');
      }
      deleteSuggestions(writer, line.id);
    } else {
      const batchId = request.batchId!;
      if (!batchDates(writer, [batchId]).has(batchId)) {
        throw new ContractError('NOT_FOUND', `Deposit ${batchId} is not in the store.`);
      }
      const holder = holdersOf(writer, [batchId]).get(batchId);
      if (holder !== undefined) {
        throw new ContractError('CONFLICT', `Deposit ${batchId} is matched to bank line ${holder}; unmatch it first.`);
      }
      if (liveExplanationOfBatch(writer, batchId)) {
        throw new ContractError('CONFLICT', `Deposit ${batchId} is already explained; undo that explanation first.`);
      }
    }
    const row = insertExplanation(writer, {
      lineId: request.lineId ?? null,
      batchId: request.lineId !== undefined ? null : request.batchId!,
      kind: request.kind,
      note: request.note.trim(),
      by: actor.by,
      at: actor.at,
    });
    return toExplanation(row);
  });
}

export function unexplain(writer: WritableDB, id: number, reason: string, actor: Actor): BankExplanation {
  return inTransaction(writer, () => {
    const row = getExplanation(writer, id);
    if (!row) throw new ContractError('NOT_FOUND', `Explanation ${id} is not in the store. Reload the list.`);
    if (row.undone_at !== null) throw new ContractError('CONFLICT', 'This explanation was already undone.');
    undoExplanation(writer, id, actor.by, actor.at, reason.trim());
    return toExplanation(getExplanation(writer, id)!);
  });
}
