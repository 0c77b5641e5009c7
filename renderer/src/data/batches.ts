import type { BatchDetail } from '../../../shared/domain';
import { bridge } from '../bridge';
import { reads } from './queries';
import { replaces, useAction } from './useAction';

/** Preparation, sign-off and its withdrawal; the engine answers with the batch as it now is, which replaces the cached one. */
export function useBatchReview(id: string, detail: BatchDetail | undefined) {
  const replace = replaces<BatchDetail>(reads.batch(id).queryKey);
  // The checks as the bookkeeper saw them: the engine refuses the sign-off if they changed since.
  const revision = detail?.revision;
  const signOff = useAction(
    (note: string) => bridge.call('batches.signOff', { id, note, ...(revision ? { revision } : {}) }),
    replace,
  );
  const unsign = useAction((reason: string) => bridge.call('batches.unsign', { id, reason }), replace);
  const prepare = useAction((note: string) => bridge.call('batches.prepare', { id, note }), replace);
  return { prepare, signOff, unsign };
}
