import { describe, expect, it } from 'vitest';
import {
  AnswerTreatmentError,
  answerTreatmentPlaceholders,
  parseAnswerTreatment,
  scheduleTreatment,
} from './treatment.ts';

const d = (digit: string) => ({ kind: 'digit', digit });
const p = (ms: number) => ({ kind: 'pause', ms });

describe('answer treatment parser', () => {
  it('reads keys, short pauses and wait groups (the issue 17 example)', () => {
    expect(parseAnswerTreatment('1w2#w{2}3')).toEqual([
      d('1'),
      p(500),
      d('2'),
      d('#'),
      p(2000),
      d('3'),
    ]);
  });

  it('accepts every DTMF key, upper-case W and decimal wait groups, and merges adjacent pauses', () => {
    expect(parseAnswerTreatment('0123456789*#ABCD')).toHaveLength(16);
    expect(parseAnswerTreatment('wW1w{1.5}w{0}w')).toEqual([p(1000), d('1'), p(2000)]);
    expect(parseAnswerTreatment('  12  ')).toEqual([d('1'), d('2')]);
    expect(parseAnswerTreatment('')).toEqual([]);
  });

  it('fills placeholders from the CSV row', () => {
    expect(parseAnswerTreatment('w{1}{$Account}#', { Account: ' 42w9 ' })).toEqual([
      p(1000),
      d('4'),
      d('2'),
      p(500),
      d('9'),
      d('#'),
    ]);
  });

  it('names the missing key', () => {
    expect(() => parseAnswerTreatment('1{$Account}', { Acct: '1' })).toThrow(
      new AnswerTreatmentError('Unknown placeholder {$Account} in the answer treatment', 1),
    );
    // not fooled by Object.prototype
    expect(() => parseAnswerTreatment('{$toString}')).toThrow(
      'Unknown placeholder {$toString} in the answer treatment',
    );
  });

  it('names the bad token', () => {
    const cases: [string, string][] = [
      ['12x', 'Invalid character "x" in the answer treatment'],
      ['1w{a}', 'Invalid wait group w{a} in the answer treatment: {n} must be a number of seconds'],
      [
        '1w{-1}',
        'Invalid wait group w{-1} in the answer treatment: {n} must be a number of seconds',
      ],
      ['1w{2', 'Unclosed wait group w{2 in the answer treatment'],
      ['1{Account}', 'Invalid placeholder {Account} in the answer treatment: write {$Key}'],
      ['1{$}', 'Invalid placeholder {$} in the answer treatment: write {$Key}'],
    ];
    for (const [text, message] of cases)
      expect(() => parseAnswerTreatment(text), text).toThrow(message);
    try {
      parseAnswerTreatment('12x');
    } catch (e) {
      expect(e).toBeInstanceOf(AnswerTreatmentError);
      expect((e as AnswerTreatmentError).position).toBe(2);
    }
  });

  it('names the key whose value is not a treatment', () => {
    expect(() => parseAnswerTreatment('{$Pin}', { Pin: '12-34' })).toThrow(
      'Invalid character "-" in the answer treatment (value of {$Pin})',
    );
    expect(() => parseAnswerTreatment('{$A}', { A: '{$B}', B: '1' })).toThrow(
      'Placeholder {$B} inside the value of {$A} is not allowed',
    );
  });

  it('lists the placeholders a treatment uses', () => {
    expect(answerTreatmentPlaceholders('{$A}1{$B}w{$A}')).toEqual(['A', 'B']);
    expect(answerTreatmentPlaceholders('1w{2}')).toEqual([]);
  });
});

describe('answer treatment timing', () => {
  it('leaves exactly the written pause between tones, and the default gap otherwise', () => {
    const { digits, totalMs } = scheduleTreatment(parseAnswerTreatment('1w2#w{2}3'), {
      toneMs: 100,
      gapMs: 60,
    });
    expect(digits).toEqual([
      { digit: '1', atMs: 0 },
      { digit: '2', atMs: 600 },
      { digit: '#', atMs: 760 },
      { digit: '3', atMs: 2860 },
    ]);
    expect(totalMs).toBe(2960);
  });

  it('delays the first key by a leading pause and counts a trailing one', () => {
    const { digits, totalMs } = scheduleTreatment(parseAnswerTreatment('w{1}5w'), { toneMs: 100 });
    expect(digits).toEqual([{ digit: '5', atMs: 1000 }]);
    expect(totalMs).toBe(1600);
  });
});
