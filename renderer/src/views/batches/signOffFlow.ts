/**
 * Signing off a list in a row (issue 30 item 5): after a sign-off the next open deposit of the list the
 * bookkeeper came from opens, and on a single-user install the reviewer's name is asked at the first
 * sign-off (kept in Settings, changed there). On a server the signed-in user signs, so nothing is asked.
 */
import { useQuery } from '@tanstack/react-query';
import { bridge } from '../../bridge';
import { reads } from '../../data/queries';
import { useSignedInName } from '../../hooks/useCan';
import { navigate } from '../../routes';
import { useFilters } from '../../state/filters';

/** True when a sign-off must first ask who signs: no one signed in and no reviewer named in Settings. */
export function useReviewerNameNeeded(): boolean {
  const settings = useQuery(reads.settings()).data;
  const signedIn = useSignedInName();
  return signedIn === null && settings !== undefined && settings.reviewerName.trim() === '';
}

/** Keeps the reviewer's name in Settings, where it can be changed later. */
export async function keepReviewerName(name: string): Promise<void> {
  await bridge.call('settings.set', { patch: { reviewerName: name.trim() } });
}

/** Opens the next deposit not signed off under the Batches filters, or the list when none is left. */
export async function openNextDeposit(signedId: string): Promise<void> {
  const filter = useFilters.getState().batches;
  const page = await bridge.call('batches.list', { filter: { ...filter, notSignedOff: true }, limit: 2 });
  const next = page.rows.find((row) => row.id !== signedId);
  navigate('batches', next?.id ?? null);
}
