/**
 * The scenario flags `sandbox serve` and `sandbox statement` share, read one way, so a statement
 * written with serve's --seed and --now pays the batches serve shows.
 */
import { instantFlag, intFlag } from './args';

export const SCENARIO_FLAGS = ['seed', 'days', 'volume', 'now'] as const;

type ScenarioFlags = { [K in (typeof SCENARIO_FLAGS)[number]]?: string };

export function scenarioOf(values: ScenarioFlags) {
  const seed = intFlag(values.seed, 'seed', 0, 2 ** 31 - 1);
  const days = intFlag(values.days, 'days', 0, 3650);
  const volume = intFlag(values.volume, 'volume', 0, 100_000);
  return {
    seed,
    now: instantFlag(values.now, 'now'),
    scenario: { ...(days === undefined ? {} : { days }), ...(volume === undefined ? {} : { dailyVolume: volume }) },
  };
}
