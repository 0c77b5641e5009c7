import type { PaymentMethod } from '../../../shared/domain';
import { addDays, todayCentral } from '../../../shared/time';

export interface GlFilter {
  from: string;
  to: string;
  payeeIds: number[];
  methods: PaymentMethod[];
  /** The range is the engine's default or the bookkeeper's own: never replaced by the default again. */
  seeded?: boolean;
}

/** The week before today (Central), all payees and methods, until the engine's default range arrives (useDefaultGlRange). */
export function defaultGlFilter(): GlFilter {
  const today = todayCentral();
  return { from: addDays(today, -7), to: addDays(today, -1), payeeIds: [], methods: [] };
}

export function rangeArgs(filter: GlFilter) {
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
