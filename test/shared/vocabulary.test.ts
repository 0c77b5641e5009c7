import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../shared/domain';
import { methodFromWord, methodLabel } from '../../shared/vocabulary';

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
