import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../../electron/cli/sandboxScenario';
import { generateScenario, PERCENT_FEES } from '../../electron/sandbox';

describe('sandbox --fee-percent', () => {
  it('makes fees that percentage of each payment, with no minimum: some under $1.00', () => {
    const { scenario } = scenarioOf({ 'fee-percent': '3.35', days: '5' });
    expect(scenario).toEqual({ days: 5, convenienceFee: PERCENT_FEES });
    const state = generateScenario({ ...scenario, seed: 3, now: '2026-03-10T15:00:00Z', dailyVolume: 80 });
    const fees = state.transactions.filter((t) => t.fee > 0);
    expect(fees.some((t) => t.fee < 100)).toBe(true);
    // Goods are what the fee is a percentage of (tax and shipping are not); the generator nudges a
    // fee up a cent or two away from the processor's test amounts.
    for (const t of fees) {
      const goods = t.amount - t.fee - t.tax - t.shipping;
      expect(t.fee - Math.round((goods * 3.35) / 100)).toBeGreaterThanOrEqual(0);
      expect(t.fee - Math.round((goods * 3.35) / 100)).toBeLessThanOrEqual(3);
    }
  });

  it('refuses what is not a percentage, naming the flag', () => {
    for (const bad of ['3.355', '-1', '25', 'three'])
      expect(() => scenarioOf({ 'fee-percent': bad })).toThrow(/--fee-percent must be a percentage from 0 to 20/);
  });

  it('without it, fees keep the $1.00 minimum', () => {
    const state = generateScenario({ seed: 3, now: '2026-03-10T15:00:00Z', days: 5, dailyVolume: 80 });
    const fees = state.transactions.filter((t) => t.fee > 0);
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((t) => t.fee >= 100)).toBe(true);
  });
});
