import { describe, expect, it } from 'vitest';
import { normaliseWords, wordErrorRate } from './wer.ts';

describe('wordErrorRate', () => {
  it('is 0 for the same words, whatever the case and punctuation', () => {
    const r = wordErrorRate('Hello, how are you today?', 'hello how are you today');
    expect(r).toMatchObject({ wer: 0, wrr: 1, substitutions: 0, insertions: 0, deletions: 0 });
    expect(r.hits).toBe(5);
  });

  it('counts one substitution', () => {
    const r = wordErrorRate(
      'the birch canoe slid on the smooth planks',
      'the bird canoe slid on the smooth planks',
    );
    expect(r).toMatchObject({ substitutions: 1, insertions: 0, deletions: 0, hits: 7 });
    expect(r.wer).toBeCloseTo(1 / 8, 10);
    expect(r.wrr).toBeCloseTo(7 / 8, 10);
    expect(r.alignment[1]).toEqual({ op: 'substitution', reference: 'birch', hypothesis: 'bird' });
  });

  it('counts deletions and insertions', () => {
    const r = wordErrorRate(
      'glue the sheet to the dark blue background',
      'glue sheet to the the dark blue background now',
    );
    // "the" (2nd word) deleted; a second "the" and "now" inserted.
    expect(r).toMatchObject({ substitutions: 0, deletions: 1, insertions: 2, hits: 7 });
    expect(r.referenceWords).toBe(8);
    expect(r.hypothesisWords).toBe(9);
    expect(r.wer).toBeCloseTo(3 / 8, 10);
    expect(r.wrr).toBeCloseTo(7 / 8, 10);
  });

  it('mixes all three edits in one minimal alignment', () => {
    // two→too (S), four deleted (D), seven inserted (I): the only alignment of 3 edits.
    const r = wordErrorRate('one two three four five six', 'one too three five six seven');
    expect(r).toMatchObject({ substitutions: 1, deletions: 1, insertions: 1, hits: 4 });
    expect(r.wer).toBeCloseTo(3 / 6, 10);
    expect(r.alignment.map((a) => a.op)).toEqual([
      'match',
      'substitution',
      'match',
      'deletion',
      'match',
      'match',
      'insertion',
    ]);
  });

  it('can exceed 1 when the recogniser adds many words', () => {
    const r = wordErrorRate('yes', 'oh yes yes indeed');
    expect(r).toMatchObject({ hits: 1, insertions: 3, substitutions: 0, deletions: 0 });
    expect(r.wer).toBe(3);
  });

  it('is 1 with nothing recognised', () => {
    const r = wordErrorRate('thank you for calling', '');
    expect(r).toMatchObject({ wer: 1, wrr: 0, deletions: 4, hits: 0 });
  });

  it('handles an empty reference', () => {
    expect(wordErrorRate('', '').wer).toBe(0);
    expect(wordErrorRate('', 'hello').wer).toBe(1);
  });
});

describe('normaliseWords', () => {
  it('keeps apostrophes inside words, drops accents, splits on hyphens', () => {
    expect(normaliseWords('It’s a café e-mail, ‘quoted’ 42!')).toEqual([
      "it's",
      'a',
      'cafe',
      'e',
      'mail',
      'quoted',
      '42',
    ]);
  });
});
