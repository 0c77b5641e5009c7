import { create } from 'zustand';
import type { ExportLayout, ExportRecord, ExportResult, GlBatchReport } from '../../../shared/contract';
import type { PaymentMethod } from '../../../shared/domain';
import { addDays, todayCentral } from '../../../shared/time';
import { bridge, BridgeError } from '../bridge';
import { describeError } from '../errors';
import { latestOnly, registerReset, type LoadStatus } from './storeKit';

export interface GlFilter {
  from: string;
  to: string;
  payeeIds: number[];
  methods: PaymentMethod[];
}

export type ExportPhase = 'idle' | 'checking' | 'confirm-overlap' | 'exporting' | 'done' | 'error';

interface GlBatchesState {
  filter: GlFilter;
  status: LoadStatus;
  report: GlBatchReport | null;
  error: string | null;
  exportPhase: ExportPhase;
  overlaps: ExportRecord[];
  exportProgress: { rows: number; totalRows: number } | null;
  exportResult: ExportResult | null;
  exportError: string | null;
  setFilter(patch: Partial<GlFilter>): void;
  load(): Promise<void>;
  /** Step 1: ask the export registry whether this range was exported before. */
  prepareExport(): Promise<void>;
  /** Step 2: write the file (to `file` in Electron; the host picks one in browser mode). */
  runExport(layout: ExportLayout): Promise<ExportResult | null>;
  cancelExport(): void;
  listenExportProgress(): () => void;
}

function defaultFilter(): GlFilter {
  const today = todayCentral();
  return { from: addDays(today, -7), to: addDays(today, -1), payeeIds: [], methods: [] };
}

const initialExport = {
  exportPhase: 'idle' as ExportPhase,
  overlaps: [] as ExportRecord[],
  exportProgress: null,
  exportResult: null,
  exportError: null,
};
const initial = () => ({
  filter: defaultFilter(),
  status: 'idle' as LoadStatus,
  report: null,
  error: null,
  ...initialExport,
});
const requests = latestOnly();

function rangeArgs(filter: GlFilter) {
  return {
    from: filter.from,
    to: filter.to,
    ...(filter.payeeIds.length ? { payeeIds: filter.payeeIds } : {}),
    ...(filter.methods.length ? { methods: filter.methods } : {}),
  };
}

export function rangeProblem(filter: GlFilter): string | null {
  if (!filter.from || !filter.to) return 'Choose both a start and an end date.';
  if (filter.from > filter.to) return 'The start date is after the end date.';
  return null;
}

export const useGlBatchesStore = create<GlBatchesState>((set, get) => ({
  ...initial(),
  setFilter(patch) {
    set({ filter: { ...get().filter, ...patch }, ...initialExport });
    void get().load();
  },
  async load() {
    const problem = rangeProblem(get().filter);
    if (problem) {
      set({ status: 'error', error: problem });
      return;
    }
    const ticket = requests.next();
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const report = await bridge.call('glBatches.list', rangeArgs(get().filter));
      if (requests.isCurrent(ticket)) set({ status: 'ready', report, error: null });
    } catch (error) {
      if (requests.isCurrent(ticket)) set({ status: 'error', error: describeError(error) });
    }
  },
  async prepareExport() {
    set({ exportPhase: 'checking', exportError: null, exportResult: null, overlaps: [] });
    try {
      const overlaps = await bridge.call('export.overlaps', rangeArgs(get().filter));
      set({ exportPhase: overlaps.length ? 'confirm-overlap' : 'idle', overlaps });
    } catch (error) {
      set({ exportPhase: 'error', exportError: describeError(error) });
    }
  },
  async runExport(layout) {
    set({ exportPhase: 'exporting', exportProgress: null, exportError: null });
    try {
      const result = await bridge.call('export.glBatches', { ...rangeArgs(get().filter), layout });
      set({ exportPhase: 'done', exportResult: result, exportProgress: null });
      return result;
    } catch (error) {
      if (error instanceof BridgeError && error.code === 'CANCELLED') {
        set(initialExport);
        return null;
      }
      set({ exportPhase: 'error', exportError: describeError(error), exportProgress: null });
      return null;
    }
  },
  cancelExport() {
    set(initialExport);
  },
  listenExportProgress() {
    return bridge.on('export.progress', ({ rows, totalRows }) => {
      if (get().exportPhase === 'exporting') set({ exportProgress: { rows, totalRows } });
    });
  },
}));

registerReset(() => useGlBatchesStore.setState(initial()));
