import { isDeepStrictEqual } from 'node:util';
import fc, { type Parameters } from 'fast-check';

/**
 * Runs of a round-trip property, and the seed and path of a failure to replay (FC_SEED, FC_PATH:
 * fast-check prints both when a property fails). Each run ingests through the API, so runs are
 * few; FC_NUM_RUNS asks for more (a longer search by hand).
 */
export function roundTripParameters<T>(numRuns: number, examples: T[] = []): Parameters<T> {
  const seed = process.env.FC_SEED;
  const path = process.env.FC_PATH;
  const runs = Number(process.env.FC_NUM_RUNS);
  return {
    numRuns: Number.isInteger(runs) && runs > 0 ? runs : numRuns,
    examples,
    ...(seed ? { seed: Number(seed) } : {}),
    ...(path ? { path } : {}),
  };
}

/**
 * A small seeded generator (mulberry32) in [0, 1): a run's bulk data (thousands of seconds) is
 * drawn from a seed that fast-check chooses, so that its counterexamples stay short to print.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * What differs between what was read and what was sent, position by position: the count and the
 * first few, so that a failure names them instead of printing thousands of items. Empty when equal.
 */
export function differences<T>(noun: string, read: readonly T[], sent: readonly T[]): string[] {
  const shown: string[] = [];
  let differing = 0;
  for (let i = 0; i < Math.max(read.length, sent.length); i++) {
    if (isDeepStrictEqual(read[i], sent[i])) continue;
    differing++;
    if (shown.length < 3)
      shown.push(`#${i}: read ${JSON.stringify(read[i])}, sent ${JSON.stringify(sent[i])}`);
  }
  if (differing === 0) return [];
  return [`${read.length} ${noun} read, ${sent.length} sent, ${differing} differ`, ...shown];
}

/** A lone surrogate: half of a pair, which the API stores as U+FFFD. */
export const loneSurrogateArb = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));

/** One unit of drawn text: any code point (U+0000 included) or, now and then, a lone surrogate. */
export const anyUnitArb = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 15 },
  { arbitrary: loneSurrogateArb, weight: 1 },
);

/** A text as stored: each lone surrogate replaced by U+FFFD (plugins/storable-input.ts). */
export const wellFormed = (text: string) => text.toWellFormed();
