import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { reads } from '../../data/queries';
import { monthBefore, monthInHash } from './monthRoute';

/**
 * The month a Month or District view shows: the address's, or the one before the engine's today
 * (app.info, re-read as the view opens); null until the engine has said what today is.
 */
export function useShownMonth() {
  const [chosen, choose] = useState<string | null>(() => monthInHash());
  const info = useQuery(reads.appInfo());
  const month = chosen ?? (info.data ? monthBefore(info.data.today) : null);
  return { month, choose, info };
}
