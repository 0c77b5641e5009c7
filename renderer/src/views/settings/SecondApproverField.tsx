import { formatCents, MoneyError, parseCents } from '../../../../shared/money';
import { TextField } from '../../components/Fields';

/** The engine's ceiling for the setting (shared/contract/args.ts): $100,000.00, the service's largest sale. */
const MAX_THRESHOLD_CENTS = 10_000_000;

export type ThresholdReading = { cents: number | null; error: null } | { cents: null; error: string };

/**
 * The second-approver threshold as typed: dollars and cents (a "$" and thousands commas allowed),
 * 0.00 or more; empty turns it off (every refund goes out on one approver). What cannot be read is
 * said in one line naming the rule, and nothing is saved.
 */
export function readThreshold(text: string): ThresholdReading {
  const typed = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (typed === '') return { cents: null, error: null };
  let cents: number;
  try {
    cents = parseCents(typed, 'Second approver above');
  } catch (error) {
    if (error instanceof MoneyError) return { cents: null, error: `${error.message}; leave it empty to turn it off.` };
    throw error;
  }
  if (cents < 0)
    return { cents: null, error: 'Second approver above: must be 0.00 or more; leave it empty to turn it off.' };
  if (cents > MAX_THRESHOLD_CENTS)
    return { cents: null, error: 'Second approver above: at most 100000.00 (the largest sale the service takes).' };
  return { cents, error: null };
}

export function thresholdText(cents: number | null): string {
  return cents === null ? '' : formatCents(cents);
}

/** Refunds above this amount wait for a second approver (DESIGN.md §12); empty: off. */
export function SecondApproverField({
  text,
  onChange,
}: {
  text: string;
  onChange(text: string, reading: ThresholdReading): void;
}) {
  const reading = readThreshold(text);
  return (
    <TextField
      label="Refunds above this need a second approver ($)"
      inputMode="decimal"
      value={text}
      placeholder="Off"
      onChange={(next) => onChange(next, readThreshold(next))}
      aria-invalid={reading.error !== null}
      hint={
        reading.error ??
        (reading.cents === null
          ? 'Off: every refund is sent on one approver’s word. Type an amount in dollars to turn it on.'
          : 'One approver requests such a refund; it is sent when another approves.')
      }
    />
  );
}
