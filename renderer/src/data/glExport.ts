/**
 * The GL export in two steps: ask the export registry which earlier exports posted deposits or
 * reversals of the range (the engine leaves those out unless asked to post them again), then write. Both are engine commands
 * (mutations); the phase shown is derived from them.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ExportLayout } from '../../../shared/contract';
import { secondsLeft } from '../../../shared/estimate';
import { bridge, BridgeError } from '../bridge';
import { describeError } from '../errors';
import { rangeArgs, type GlFilter } from './glFilter';

export type ExportPhase = 'idle' | 'checking' | 'confirm-overlap' | 'no-account' | 'exporting' | 'done' | 'error';

const cancelled = (error: unknown) => error instanceof BridgeError && error.code === 'CANCELLED';

export function useGlExport(filter: GlFilter) {
  // What earlier exports posted, and the deposits it would post that do not tie out: both named first.
  const check = useMutation({
    mutationFn: async () => {
      const [overlaps, untied, unaccounted] = await Promise.all([
        bridge.call('export.overlaps', rangeArgs(filter)),
        bridge.call('export.untied', rangeArgs(filter)),
        bridge.call('export.withoutAccount', rangeArgs(filter)),
      ]);
      return { overlaps, untied, unaccounted };
    },
  });
  const write = useMutation({
    // Electron: the main process asks where to save. Browser mode: the host picks the file.
    mutationFn: ({ layout, repost, report }: { layout: ExportLayout; repost: boolean; report: boolean }) =>
      bridge.call('export.glBatches', {
        ...rangeArgs(filter),
        ...(report ? { report } : { layout }),
        ...(repost ? { repost } : {}),
      }),
    // A save dialog the bookkeeper closed is not a failure: back to the start, quietly.
    onError: (error) => {
      if (cancelled(error)) reset();
    },
  });
  const [progress, setProgress] = useState<{ rows: number; totalRows: number; etaSeconds: number | null } | null>(null);
  const reset = () => {
    check.reset();
    write.reset();
  };

  const exporting = write.isPending;
  useEffect(() => {
    if (!exporting) return;
    setProgress(null);
    const started = Date.now();
    return bridge.on('export.progress', ({ rows, totalRows }) =>
      setProgress({ rows, totalRows, etaSeconds: secondsLeft(rows, totalRows, Date.now() - started) }),
    );
  }, [exporting]);

  const { reset: resetCheck } = check;
  const { reset: resetWrite } = write;
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    resetCheck();
    resetWrite();
  }, [filterKey, resetCheck, resetWrite]);

  const failure = check.error ?? (write.error && !cancelled(write.error) ? write.error : null);
  const phase: ExportPhase = check.isPending
    ? 'checking'
    : write.isPending
      ? 'exporting'
      : write.isSuccess
        ? 'done'
        : failure
          ? 'error'
          : check.data && check.data.unaccounted.amountCents !== 0
            ? 'no-account'
            : check.data && check.data.overlaps.length + check.data.untied.length > 0
              ? 'confirm-overlap'
              : 'idle';

  return {
    phase,
    overlaps: check.data?.overlaps ?? [],
    untied: check.data?.untied ?? [],
    unaccounted: check.data?.unaccounted ?? null,
    progress: exporting ? progress : null,
    result: write.data ?? null,
    error: failure ? describeError(failure) : null,
    /** Step 1: true when nothing overlaps and all ties out (write at once); otherwise the phase asks to confirm. */
    prepare: () => {
      write.reset();
      return check.mutateAsync().then(
        ({ overlaps, untied, unaccounted }) =>
          overlaps.length === 0 && untied.length === 0 && unaccounted.amountCents === 0,
        () => false,
      );
    },
    /**
     * Step 2: the result, or null when it failed or was cancelled. What an earlier export posted is
     * left out unless `repost` (the bookkeeper chose to post it again).
     */
    run: (layout: ExportLayout, repost = false) =>
      write.mutateAsync({ layout, repost, report: false }).catch(() => null),
    /** A report: the workbook alone, posting nothing; no check first, since it claims nothing. */
    report: () => {
      check.reset();
      return write.mutateAsync({ layout: 'xlsx', repost: false, report: true }).catch(() => null);
    },
    cancel: reset,
  };
}
