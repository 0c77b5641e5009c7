/**
 * The scenario flags `sandbox serve` and `sandbox statement` share, read one way, so a statement
 * written with serve's --seed and --now pays the batches serve shows.
 */
import { instantFlag, intFlag, UsageError } from './args';

export const SCENARIO_FLAGS = ['seed', 'days', 'volume', 'now', 'fee-percent'] as const;

type ScenarioFlags = { [K in (typeof SCENARIO_FLAGS)[number]]?: string };

export function scenarioOf(values: ScenarioFlags) {
  const seed = intFlag(values.seed, 'seed', 0, 2 ** 31 - 1);
  const days = intFlag(values.days, 'days', 0, 3650);
  const volume = intFlag(values.volume, 'volume', 0, 100_000);
  const feePercent = percentFlag(values['fee-percent'], 'fee-percent');
  return {
    seed,
    now: instantFlag(values.now, 'now'),
    scenario: {
      ...(days === undefined ? {} : { days }),
      ...(volume === undefined ? {} : { dailyVolume: volume }),
      // A processor's percentage with no minimum: fees under $1.00 on small payments, as real services send.
      ...(feePercent === undefined ? {} : { convenienceFee: { percent: feePercent, minimumCents: 0 } }),
    },
  };
}

/** A percentage like 3.35, from 0 to 20 with at most two decimals. */
function percentFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(value) || Number(value) > 20) {
    throw new UsageError(`--${name} must be a percentage from 0 to 20 like 3.35, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}
