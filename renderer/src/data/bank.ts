/**
 * The bank side's reads and commands (DESIGN.md §10). Every command ends in a data.changed 'bank'
 * from the engine, which refreshes every bank read (their scope); only the mapping commands, which
 * answer with the new list, put it in the cache themselves.
 */
import type { BankLineFilter } from '../../../shared/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BankExplanationKind, BankImportSummary, BankLineStatus } from '../../../shared/domain';
import { bridge } from '../bridge';
import { engineQuery } from './engineQuery';
import { replaces, useAction } from './useAction';

export const bankReads = {
  // A sync can change the batches a line holds, so lines re-read on 'batches' too.
  line: (id: number) => engineQuery('bank.line', { id }, ['batches']),
  inTransit: () => engineQuery('bank.inTransit', { limit: 1000 }, ['batches']),
  forBatch: (batchId: string) => engineQuery('bank.forBatch', { batchId }, ['batches']),
  mappings: () => engineQuery('bank.mappings.list', {}),
  /**
   * A CSV read with the mapping being drawn up. Keyed by the file's id, not its content (a statement
   * can be megabytes); the preview depends on nothing stored, so it is never stale.
   */
  preview: (file: StatementFile, mapping: Record<string, unknown>) =>
    queryOptions({
      queryKey: ['bank', 'mappings.preview', file.id, mapping] as const,
      queryFn: () =>
        bridge.call('bank.mappings.preview', {
          fileName: file.fileName,
          content: file.content,
          encoding: 'base64',
          mapping,
          limit: PREVIEW_LINES,
        }),
      staleTime: Infinity,
      placeholderData: keepPreviousData,
    }),
};

export const PREVIEW_LINES = 5;

/** A statement file read in the renderer, waiting for its CSV column mapping. */
export interface StatementFile {
  /** Tells two files of the same name apart in the preview's cache key. */
  id: number;
  fileName: string;
  /** The file's bytes in base64. */
  content: string;
}

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

export type ImportOutcome = { summary: BankImportSummary } | { needsMapping: string[] };

export function useBankActions() {
  return {
    /**
     * Imports a statement, except a CSV with no mapping named: that is only looked at (its header's
     * columns) and handed back for the mapping form, because the engine cannot read it yet.
     */
    importFile: useAction(async (a: ImportRequest): Promise<ImportOutcome> => {
      const file = { fileName: a.fileName, content: a.content, encoding: 'base64' } as const;
      if (!a.mappingName) {
        const seen = await bridge.call('bank.mappings.preview', { ...file, limit: 1 });
        if (seen.format === 'csv') return { needsMapping: seen.columns };
      }
      const summary = await bridge.call('bank.import', {
        ...file,
        ...(a.mappingName ? { mappingName: a.mappingName } : {}),
      });
      return { summary };
    }),
    confirm: useAction((a: { lineId: number; batchIds?: string[]; transactionId?: number; slipId?: string }) =>
      bridge.call('bank.confirm', a),
    ),
    unmatch: useAction((a: { lineId: number; reason: string }) => bridge.call('bank.unmatch', a)),
    explain: useAction((a: { lineId?: number; batchId?: string; kind: BankExplanationKind; note: string }) =>
      bridge.call('bank.explain', a),
    ),
    unexplain: useAction((a: { id: number; reason: string }) => bridge.call('bank.unexplain', a)),
    decideDuplicate: useAction((a: { lineId: number; decision: 'keep' | 'drop' }) =>
      bridge.call('bank.duplicates.decide', a),
    ),
    removeStatement: useAction((a: { statementId: number }) => bridge.call('bank.statements.remove', a)),
    // Both answer with the saved list: cached at once, so the mapping just saved can be chosen at once.
    saveMapping: useAction(
      (mapping: Record<string, unknown>) => bridge.call('bank.mappings.save', { mapping }),
      replaces(bankReads.mappings().queryKey),
    ),
    removeMapping: useAction(
      (name: string) => bridge.call('bank.mappings.remove', { name }),
      replaces(bankReads.mappings().queryKey),
    ),
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
