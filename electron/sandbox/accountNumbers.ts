/** Card and bank routing numbers that pass their check digits, as a real payer's would. */
import type { Rng } from './rng';

/** A card number of `length` digits starting with `prefix`, with a valid Luhn check digit. */
export function luhnComplete(prefix: string, length: number, rng: Rng): string {
  let digits = prefix;
  while (digits.length < length - 1) digits += String(rng.int(0, 9));
  for (let check = 0; check <= 9; check++) {
    const candidate = digits + check;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let d = candidate.charCodeAt(candidate.length - 1 - i) - 48;
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    if (sum % 10 === 0) return candidate;
  }
  return digits + '0';
}

/** A nine-digit ABA routing number whose last digit is its checksum (3-7-1 weights). */
export function abaComplete(rng: Rng): string {
  const d = Array.from({ length: 8 }, () => rng.int(0, 9));
  const partial = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]!);
  return d.join('') + String((10 - (partial % 10)) % 10);
}
