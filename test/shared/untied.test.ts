import { describe, expect, it } from 'vitest';
import { untiedBySeriousness, untiedSummary } from '../../shared/untied';

describe('deposits that do not tie out, as the export dialog counts them', () => {
  const of = (...reasons: ('differs' | 'not_synced' | 'not_signed_off')[]) =>
    reasons.map((reason, i) => ({ reason, batchId: String(i) }));

  it('counts by why, most serious first, singular where there is one', () => {
    expect(untiedSummary(of('not_signed_off', 'differs', 'not_signed_off', 'not_synced', 'differs'))).toBe(
      '2 differ, 1 not synced, 2 not signed off',
    );
    expect(untiedSummary(of('differs'))).toBe('1 differs');
    expect(untiedSummary([])).toBe('');
  });

  it('lists those that differ or are not synced before those only unsigned, keeping their order otherwise', () => {
    const ordered = untiedBySeriousness(of('not_signed_off', 'differs', 'not_synced', 'not_signed_off', 'differs'));
    expect(ordered.map((d) => d.batchId)).toEqual(['1', '4', '2', '0', '3']);
  });
});
