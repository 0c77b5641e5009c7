/**
 * The bank side's reads and commands (DESIGN.md §10). Every command ends in a data.changed 'bank'
 * from the engine, which refreshes every bank read (their scope), so nothing here patches the cache.
 */
import type { BankLineFilter } from '../../../shared/contract';
import type { BankExplanationKind, BankLineStatus } from '../../../shared/domain';
import { bridge } from '../bridge';
import { engineQuery } from './engineQuery';
import { useAction } from './useAction';

export const bankReads = {
  // A sync can change the batches a line holds, so lines re-read on 'batches' too.
  line: (id: number) => engineQuery('bank.line', { id }, ['batches']),
  inTransit: () => engineQuery('bank.inTransit', { limit: 1000 }, ['batches']),
  forBatch: (batchId: string) => engineQuery('bank.forBatch', { batchId }, ['batches']),
  mappings: () => engineQuery('bank.mappings.list', {}),
};

/** The list's status choice: one state, or "needs you" (suggested and unmatched together). */
export type BankStatusChoice = BankLineStatus | 'open' | '';

export interface BankListFilter {
  status: BankStatusChoice;
  direction: '' | 'credit' | 'debit';
  from: string;
  to: string;
}

/** What the engine is asked for: empty choices dropped. */
export function bankLineFilter(filter: BankListFilter): BankLineFilter {
  const out: BankLineFilter = {};
  if (filter.status === 'open') out.statuses = ['suggested', 'unmatched'];
  else if (filter.status) out.statuses = [filter.status];
  if (filter.direction) out.direction = filter.direction;
  if (filter.from) out.from = filter.from;
  if (filter.to) out.to = filter.to;
  return out;
}

export interface ImportRequest {
  fileName: string;
  /** The file's bytes in base64 (the engine decodes UTF-8, else Windows-1252). */
  content: string;
  mappingName?: string;
}

export function useBankActions() {
  return {
    importFile: useAction((a: ImportRequest) =>
      bridge.call('bank.import', {
        fileName: a.fileName,
        content: a.content,
        encoding: 'base64',
        ...(a.mappingName ? { mappingName: a.mappingName } : {}),
      }),
    ),
    confirm: useAction((a: { lineId: number; batchIds?: string[]; transactionId?: number }) =>
      bridge.call('bank.confirm', a),
    ),
    unmatch: useAction((a: { lineId: number; reason: string }) => bridge.call('bank.unmatch', a)),
    explain: useAction((a: { lineId?: number; batchId?: string; kind: BankExplanationKind; note: string }) =>
      bridge.call('bank.explain', a),
    ),
    unexplain: useAction((a: { id: number; reason: string }) => bridge.call('bank.unexplain', a)),
  };
}

/** A file as base64, for bank.import (statements are small; a year of BAI2 is a few MB). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
