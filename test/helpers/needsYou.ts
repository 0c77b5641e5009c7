import type { NeedsYou } from '../../shared/domain';

/** Nothing needs the bookkeeper unless the overrides say so; `count` follows what they put in. */
export function needsYou(overrides: Partial<NeedsYou> = {}): NeedsYou {
  const none = { count: 0, cents: 0, batches: [] };
  const base: NeedsYou = {
    differs: none,
    reopened: none,
    incomplete: none,
    reversals: {
      count: 0,
      totalCents: 0,
      byKind: { refund: { count: 0, cents: 0 }, return: { count: 0, cents: 0 }, void: { count: 0, cents: 0 } },
      latest: [],
    },
    attention: [],
    bankLines: null,
    count: 0,
    ...overrides,
  };
  const count =
    base.differs.count +
    base.reopened.count +
    base.incomplete.count +
    base.reversals.count +
    base.attention.reduce((sum, a) => sum + a.count, 0) +
    (base.bankLines ? base.bankLines.unmatched + base.bankLines.suggested : 0);
  return { ...base, count: overrides.count ?? count };
}
