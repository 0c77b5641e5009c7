/**
 * Seeded randomness: every scenario and every fault decision is a pure function of the seed, so a
 * failing test or a demo can be replayed exactly. sfc32 is small, fast and passes PractRand.
 */

/** A 32-bit hash of a few integers or strings (FNV-1a then a murmur finaliser). */
export function hash32(...parts: Array<number | string>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = typeof part === 'number' ? String(part) : part;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x2c; // separator, so ('ab','c') differs from ('a','bc')
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks a key of a weight table ({ CC: 0.6, ACH: 0.2 }) in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
}

/** sfc32 as a class: methods live on the prototype, so creating one per transaction stays cheap. */
class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(seedParts: Array<number | string>) {
    this.a = hash32('a', ...seedParts);
    this.b = hash32('b', ...seedParts);
    this.c = hash32('c', ...seedParts);
    for (let i = 0; i < 12; i++) this.next32();
  }

  private next32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.next32() / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const keys = Object.keys(weights) as K[];
    let total = 0;
    for (const key of keys) total += Math.max(0, weights[key]);
    let r = this.next() * total;
    for (const key of keys) {
      r -= Math.max(0, weights[key]);
      if (r < 0) return key;
    }
    return keys[keys.length - 1] as K;
  }
}

export function createRng(...seedParts: Array<number | string>): Rng {
  return new Sfc32(seedParts);
}
