import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { GlDefaultRange } from '../../../../shared/contract';
import { engineQuery } from '../../data/engineQuery';
import { formatBusinessDate } from '../../format';
import { useFilters } from '../../state/filters';

/**
 * GL Batches opens on the engine's default range (glBatches.defaultRange: the oldest month with
 * deposits not yet exported, else the latest month with data), once, unless the bookkeeper chose a
 * range first. `waiting` holds the GL read back until it is known, so no empty week flashes first;
 * if the engine cannot say, the week before today stays.
 */
export function useDefaultGlRange(): { waiting: boolean; chosen: GlDefaultRange | null } {
  const filter = useFilters((state) => state.glBatches);
  const setFilter = useFilters((state) => state.set);
  const query = useQuery({ ...engineQuery('glBatches.defaultRange', {}, ['exports']), enabled: !filter.seeded });
  const range = query.data;
  useEffect(() => {
    if (!filter.seeded && range) setFilter('glBatches', { from: range.from, to: range.to, seeded: true });
  }, [filter.seeded, range, setFilter]);
  const shown = range && filter.from === range.from && filter.to === range.to ? range : null;
  // Until the effect above seeds the filter; only a failed read lets the week before stand.
  return { waiting: !filter.seeded && !query.isError, chosen: shown };
}

/** Why this range: said under the filters while the range is the one the engine chose. */
export function defaultRangeNote(range: GlDefaultRange): string | null {
  const span = `${formatBusinessDate(range.from)} to ${formatBusinessDate(range.to)}`;
  if (range.reason === 'not_exported') return `Showing ${span}: the oldest period with deposits not yet exported.`;
  if (range.reason === 'all_exported') return `Showing ${span}: every deposit is exported; this is the latest month.`;
  return null;
}
