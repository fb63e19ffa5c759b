/**
 * Word error rate by word-level edit distance (Levenshtein over words, every edit costing 1),
 * after a documented text normalisation, with the alignment that explains the counts.
 */

export type WordOp = 'match' | 'substitution' | 'insertion' | 'deletion';

export interface AlignedWord {
  op: WordOp;
  /** The reference word (absent for an insertion). */
  reference?: string;
  /** The recognised word (absent for a deletion). */
  hypothesis?: string;
}

export interface WordErrorRate {
  /** (S + D + I) / N, where N is the number of reference words; can exceed 1. */
  wer: number;
  /** Word recognition rate: hits / N = (N − S − D) / N. */
  wrr: number;
  substitutions: number;
  insertions: number;
  deletions: number;
  hits: number;
  referenceWords: number;
  hypothesisWords: number;
  alignment: AlignedWord[];
}

/**
 * The words of a text for scoring: Unicode compatibility form without accents, lower case,
 * typographic apostrophes made plain, every character other than a-z, 0-9 and an apostrophe
 * inside a word turned into a space (so "e-mail" is two words and "Hello," is "hello").
 */
export function normaliseWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[^a-z0-9']+/g, ' ')
    .split(' ')
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w.length > 0);
}

/**
 * Scores a recognised text against the reference text. Among equally short edit sequences the
 * alignment prefers a match or substitution, then a deletion, then an insertion.
 */
export function wordErrorRate(referenceText: string, hypothesisText: string): WordErrorRate {
  const ref = normaliseWords(referenceText);
  const hyp = normaliseWords(hypothesisText);
  const cols = hyp.length + 1;
  // cost[i * cols + j]: edits turning the first i reference words into the first j recognised.
  const cost = new Uint32Array((ref.length + 1) * cols);
  for (let j = 0; j < cols; j++) cost[j] = j;
  for (let i = 1; i <= ref.length; i++) {
    cost[i * cols] = i;
    for (let j = 1; j < cols; j++) {
      const same = ref[i - 1] === hyp[j - 1];
      cost[i * cols + j] = Math.min(
        (cost[(i - 1) * cols + j - 1] ?? 0) + (same ? 0 : 1),
        (cost[(i - 1) * cols + j] ?? 0) + 1,
        (cost[i * cols + j - 1] ?? 0) + 1,
      );
    }
  }
  const alignment: AlignedWord[] = [];
  let i = ref.length;
  let j = hyp.length;
  while (i > 0 || j > 0) {
    const here = cost[i * cols + j] ?? 0;
    const r = ref[i - 1];
    const h = hyp[j - 1];
    if (i > 0 && j > 0 && r !== undefined && h !== undefined) {
      const diagonal = (cost[(i - 1) * cols + j - 1] ?? 0) + (r === h ? 0 : 1);
      if (diagonal === here) {
        alignment.push({ op: r === h ? 'match' : 'substitution', reference: r, hypothesis: h });
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && r !== undefined && (cost[(i - 1) * cols + j] ?? 0) + 1 === here) {
      alignment.push({ op: 'deletion', reference: r });
      i--;
    } else if (h !== undefined) {
      alignment.push({ op: 'insertion', hypothesis: h });
      j--;
    }
  }
  alignment.reverse();
  const count = (op: WordOp) => alignment.filter((a) => a.op === op).length;
  const substitutions = count('substitution');
  const insertions = count('insertion');
  const deletions = count('deletion');
  const hits = count('match');
  const n = ref.length;
  return {
    // With no reference words, any recognised word is an error: rate 1, else 0.
    wer: n > 0 ? (substitutions + deletions + insertions) / n : insertions > 0 ? 1 : 0,
    wrr: n > 0 ? hits / n : insertions > 0 ? 0 : 1,
    substitutions,
    insertions,
    deletions,
    hits,
    referenceWords: n,
    hypothesisWords: hyp.length,
    alignment,
  };
}
