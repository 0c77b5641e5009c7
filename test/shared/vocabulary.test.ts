import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../shared/domain';
import { formatCentralInstant, methodFromWord, methodLabel } from '../../shared/vocabulary';

describe('payment method words', () => {
  it.each([
    ['CC', 'Card'],
    ['ACH', 'ACH'],
    ['Cash', 'Cash'],
    ['PhysicalCheck', 'Check'],
  ])('%s reads as %s, and both read back as the code', (code, word) => {
    expect(methodLabel(code)).toBe(word);
    for (const typed of [code, word, word.toLowerCase(), ` ${word.toUpperCase()} `])
      expect(methodFromWord(typed)).toBe(code);
  });

  it('every method has a word; an unknown code shows as it is and is not a method', () => {
    for (const method of PAYMENT_METHODS) expect(methodLabel(method)).not.toBe('');
    expect(methodLabel('Wire')).toBe('Wire');
    expect(methodFromWord('Wire')).toBeNull();
    expect(methodFromWord('constructor')).toBeNull();
  });
});

describe('instants in messages', () => {
  it.each([
    ['2026-03-10T19:05:00.000Z', 'Mar 10, 2026, 2:05 PM CT'],
    // The nightly sync's 1:30 AM is 06:30 UTC in summer (CDT) and 07:30 UTC in winter (CST).
    ['2026-07-01T06:30:00Z', 'Jul 1, 2026, 1:30 AM CT'],
    ['2026-01-15T07:30:00Z', 'Jan 15, 2026, 1:30 AM CT'],
  ])('%s reads as Central wall time, zone named: %s', (iso, shown) => {
    expect(formatCentralInstant(iso)).toBe(shown);
  });
});
