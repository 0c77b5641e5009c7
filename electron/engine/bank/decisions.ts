/**
 * The bookkeeper's decisions on the bank side: confirm a match (the matcher's, a suggestion, or one
 * of their own), undo a match, explain a line or a batch that cannot match, undo an explanation.
 * Each is one unit of work of the store (store/bankDecisions.ts) that reads the state it depends on;
 * this module refuses, with what to do, when that state says no. Who and when are recorded; undoing
 * keeps the row with the reason.
 * The caller runs matching afterwards: a decision can free or take batches other lines wait on.
 */
import { ContractError } from '../../../shared/contract';
import type { BankExplanation, BankExplanationKind } from '../../../shared/domain';
import { confirmMatchGuarded, explainGuarded, unexplainGuarded, unmatchGuarded, toExplanation } from '../store/bank';
import type { ListedLineRow, LineState } from '../store/bank';
import type { WritableDB } from '../store/work';
import type { BankMatchRow } from '../store/schema';
import { businessDaysBetween } from './businessDays';
import { candidateKey } from './matching';
import { slipKey } from './matchingSlips';

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
  if (row.slip_id !== null) return slipKey(row.slip_id);
  return candidateKey({ batchIds: JSON.parse(row.batch_ids) as string[], transactionId: row.transaction_id });
}

function describe(row: BankMatchRow): string {
  if (row.slip_id !== null) return `deposit slip ${row.slip_id}`;
  if (row.transaction_id !== null) return `returned transaction ${row.transaction_id}`;
  const ids = JSON.parse(row.batch_ids) as string[];
  return `${ids.length === 1 ? 'deposit' : 'deposits'} ${ids.join(', ')}`;
}

function requireLine(state: LineState, lineId: number): ListedLineRow {
  if (!state.line) throw new ContractError('NOT_FOUND', `Bank line ${lineId} is not in the store. Reload the list.`);
  return state.line;
}

export async function confirmMatch(
  writer: WritableDB,
  request: { lineId: number; batchIds?: string[]; transactionId?: number; slipId?: string },
  actor: Actor,
): Promise<void> {
  const slipId = request.slipId ?? null;
  const requestedBatchIds = [...new Set(request.batchIds ?? [])];
  const transactionId = request.transactionId ?? null;
  const wanted = slipId !== null ? slipKey(slipId) : candidateKey({ batchIds: requestedBatchIds, transactionId });
  const guardedRequest = { lineId: request.lineId, batchIds: requestedBatchIds, transactionId, slipId };
  await confirmMatchGuarded(writer, guardedRequest, (state) => {
    const line = requireLine(state, request.lineId);
    if (state.explanation) {
      throw new ContractError(
        'CONFLICT',
        `This bank line is explained as ${KIND_WORDS[state.explanation.kind]}; undo the explanation first.`,
      );
    }
    const live = state.live;
    if (live) {
      if (keyOf(live) !== wanted) {
        throw new ContractError('CONFLICT', `This bank line is matched to ${describe(live)}; unmatch it first.`);
      }
      return live.status === 'matched' ? { confirm: live.id, by: actor.by, at: actor.at } : null;
    }
    const suggestion = state.suggestions.find((s) => keyOf(s) === wanted);
    if (slipId !== null && !suggestion) {
      throw new ContractError(
        'NOT_FOUND',
        `Deposit slip ${slipId} is not suggested for this bank line (a verified slip of its amount, dated in the window). Reload the line.`,
      );
    }
    const batchIds = suggestion && slipId !== null ? (JSON.parse(suggestion.batch_ids) as string[]) : requestedBatchIds;
    let gapDays: number | null = null;
    if (state.returned) {
      if (line.amount_cents >= 0) {
        throw new ContractError('BAD_ARGUMENTS', 'Only a debit (money out) can be matched to a returned transaction.');
      }
      const txn = state.returned.transaction;
      if (!txn) throw new ContractError('NOT_FOUND', `Transaction ${transactionId} is not in the store.`);
      const holder = state.returned.holder;
      if (holder !== null) {
        throw new ContractError('CONFLICT', `Transaction ${transactionId} is already matched to bank line ${holder}.`);
      }
      if (txn.business_date <= line.posted_date) gapDays = businessDaysBetween(txn.business_date, line.posted_date);
    } else {
      const missing = state.deposits.filter((d) => d.date === null).map((d) => d.batchId);
      if (missing.length) throw new ContractError('NOT_FOUND', `Deposit ${missing.join(', ')} is not in the store.`);
      for (const deposit of state.deposits) {
        if (deposit.holder === null) continue;
        throw new ContractError(
          'CONFLICT',
          `Deposit ${deposit.batchId} is already matched to bank line ${deposit.holder}; unmatch that line first.`,
        );
      }
      for (const deposit of state.deposits) {
        if (deposit.explained) {
          throw new ContractError('CONFLICT', `Deposit ${deposit.batchId} is explained; undo its explanation first.`);
        }
      }
      const oldest = state.deposits.map((d) => d.date!).sort()[0];
      if (oldest !== undefined && oldest <= line.posted_date) gapDays = businessDaysBetween(oldest, line.posted_date);
    }
    return {
      insert: {
        lineId: line.id,
        how: suggestion?.how ?? (transactionId !== null ? 'return' : 'manual'),
        status: 'confirmed',
        rank: 0,
        batchIds,
        transactionId,
        slipId,
        gapDays: suggestion?.gap_days ?? gapDays,
        createdAt: actor.at,
        confirmedBy: actor.by,
        confirmedAt: actor.at,
      },
    };
  });
}

export async function unmatchLine(writer: WritableDB, lineId: number, reason: string, actor: Actor): Promise<void> {
  await unmatchGuarded(writer, lineId, (state) => {
    requireLine(state, lineId);
    if (!state.live) throw new ContractError('CONFLICT', 'This bank line is not matched; there is nothing to undo.');
    return { matchId: state.live.id, by: actor.by, at: actor.at, reason: reason.trim() };
  });
}

export async function explain(
  writer: WritableDB,
  request: { lineId?: number; batchId?: string; kind: BankExplanationKind; note: string },
  actor: Actor,
): Promise<BankExplanation> {
  const target = request.lineId !== undefined ? { lineId: request.lineId } : { batchId: request.batchId! };
  const row = await explainGuarded(writer, target, (state) => {
    if (state.line) {
      const line = requireLine(state.line, request.lineId!);
      const live = state.line.live;
      if (live)
        throw new ContractError('CONFLICT', `This bank line is matched to ${describe(live)}; unmatch it first.`);
      if (state.line.explanation) {
        throw new ContractError('CONFLICT', 'This bank line is already explained; undo that explanation first.');
      }
      return explanationOf(request, actor, { lineId: line.id, batchId: null });
    }
    const deposit = state.deposit!;
    if (deposit.date === null) throw new ContractError('NOT_FOUND', `Deposit ${deposit.batchId} is not in the store.`);
    if (deposit.holder !== null) {
      throw new ContractError(
        'CONFLICT',
        `Deposit ${deposit.batchId} is matched to bank line ${deposit.holder}; unmatch it first.`,
      );
    }
    if (deposit.explained) {
      throw new ContractError(
        'CONFLICT',
        `Deposit ${deposit.batchId} is already explained; undo that explanation first.`,
      );
    }
    return explanationOf(request, actor, { lineId: null, batchId: deposit.batchId });
  });
  return toExplanation(row);
}

function explanationOf(
  request: { kind: BankExplanationKind; note: string },
  actor: Actor,
  target: { lineId: number | null; batchId: string | null },
) {
  return { ...target, kind: request.kind, note: request.note.trim(), by: actor.by, at: actor.at };
}

export async function unexplain(
  writer: WritableDB,
  id: number,
  reason: string,
  actor: Actor,
): Promise<BankExplanation> {
  const row = await unexplainGuarded(writer, id, (found) => {
    if (!found) throw new ContractError('NOT_FOUND', `Explanation ${id} is not in the store. Reload the list.`);
    if (found.undone_at !== null) throw new ContractError('CONFLICT', 'This explanation was already undone.');
    return { by: actor.by, at: actor.at, reason: reason.trim() };
  });
  return toExplanation(row);
}
