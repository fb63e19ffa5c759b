/**
 * A small seeded pseudo-random generator (mulberry32) with the draws the demo generator needs.
 * The same seed always gives the same sequence, so demo history and benchmarks are reproducible.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A generator seeded from text (FNV-1a hash), e.g. a call's id. */
  static from(text: string): Random {
    return new Random(hashText(text));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }

  /** Normally distributed (Box–Muller). */
  normal(mean: number, sd: number): number {
    const u = Math.max(this.next(), Number.EPSILON);
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normally distributed with the given median and spread (sd of the logarithm). */
  logNormal(median: number, spread: number): number {
    return Math.exp(this.normal(Math.log(median), spread));
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Random.pick: empty list');
    return item;
  }

  /** One element by weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('Random.weighted: empty list');
    return last[0];
  }

  /** A version-4 shaped UUID from this sequence (contact ids look like Amazon Connect's). */
  uuid(): string {
    const hex = (n: number) =>
      Array.from({ length: n }, () => Math.floor(this.next() * 16).toString(16)).join('');
    const variant = (8 + Math.floor(this.next() * 4)).toString(16);
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
  }
}

/** 32-bit FNV-1a hash of a text. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Clamps a number into [min, max]. */
export const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** Rounds to the given number of decimals. */
export const round = (v: number, decimals = 0) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};
