import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvRows } from './csv.ts';
import {
  foldIndexedTags,
  isValidAnswerTreatment,
  minimumCallDuration,
  requiresApproval,
  runStatusOf,
  treatmentPlaceholders,
} from './logic.ts';
import { CampaignCreateInputSchema } from './schemas.ts';

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields with commas, escaped quotes and line breaks, CRLF or LF', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n1,,3\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['1', '', '3'],
    ]);
  });

  it('keeps a last record without a line break, an empty last field, and drops a BOM', () => {
    expect(parseCsv('\ufeffa,b\n1,')).toEqual([
      ['a', 'b'],
      ['1', ''],
    ]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvError);
    expect(() => parseCsv('a\n"open')).toThrow('Line 2: a quoted field is not closed');
    expect(() => parseCsv('"a"b')).toThrow('Line 1: unexpected text after a closing quote');
  });
});

describe('parseCsvRows', () => {
  it('keys rows by the trimmed headers and skips blank lines', () => {
    expect(parseCsvRows('Account, Pin\n1234,99\n\n5678,"00"\n')).toEqual({
      headers: ['Account', 'Pin'],
      rows: [
        { Account: '1234', Pin: '99' },
        { Account: '5678', Pin: '00' },
      ],
    });
  });

  it('refuses an empty file, a missing or repeated header and a short row', () => {
    expect(() => parseCsvRows('')).toThrow('The CSV file is empty');
    expect(() => parseCsvRows('a,,c\n1,2,3')).toThrow('Column 2 has no header');
    expect(() => parseCsvRows('a,a\n1,2')).toThrow('The header a appears twice');
    expect(() => parseCsvRows('a,b\n1,2\n3')).toThrow('Row 2 has 1 values; the header has 2');
  });
});

describe('campaign rules (spec 001 §5, §9)', () => {
  it('accepts digits, w, W, #, *, w{n} and {$Key} only', () => {
    for (const ok of ['', '123#', 'ww*9', 'w{5}1W{2.5}', '{$Account}#{$Pin}'])
      expect(isValidAnswerTreatment(ok), ok).toBe(true);
    for (const bad of ['12a', 'w{}', 'w{x}', '{Key}', '{$}', '1 2', 'x{$K}'])
      expect(isValidAnswerTreatment(bad), bad).toBe(false);
    expect(treatmentPlaceholders('{$A}1{$B}{$A}')).toEqual(['A', 'B']);
  });

  it('computes the minimum duration and the approval threshold', () => {
    expect(minimumCallDuration(100, 3)).toBe(50);
    expect(minimumCallDuration(10, 0)).toBe(0);
    expect(requiresApproval({ totalCalls: 300, callsPerSecond: 6 })).toBe(false);
    expect(requiresApproval({ totalCalls: 301, callsPerSecond: 1 })).toBe(true);
    expect(requiresApproval({ totalCalls: 10, callsPerSecond: 6.5 })).toBe(true);
  });

  it('shows run status Cancelled, Complete or In Progress', () => {
    expect(runStatusOf({ canceledAt: '2026-01-01T00:00:00Z', isComplete: true })).toBe('Cancelled');
    expect(runStatusOf({ canceledAt: null, isComplete: true })).toBe('Complete');
    expect(runStatusOf({ canceledAt: null, isComplete: false })).toBe('In Progress');
  });

  it('folds tags.N into tags in index order', () => {
    expect(foldIndexedTags({ name: 'n', 'tags.1': 'b', 'tags.0': 'a', 'tags.10': 'c' })).toEqual({
      name: 'n',
      tags: ['a', 'b', 'c'],
    });
  });

  it('parses the multipart text fields and names each invalid field with the spec text', () => {
    const ok = CampaignCreateInputSchema.parse({
      type: 'fullload',
      name: ' Load ',
      fromNumber: '+61200000000',
      totalCalls: '10',
      callDuration: '15',
      callsPerSecond: '1.5',
    });
    expect(ok).toMatchObject({ name: 'Load', totalCalls: 10, callsPerSecond: 1.5 });
    const bad = CampaignCreateInputSchema.safeParse({
      type: 'nope',
      name: ' ',
      fromNumber: '',
      toNumber: '+12',
      totalCalls: 'ten',
      callDuration: '1',
      callsPerSecond: '1',
      answerTreatment: '12a',
    });
    expect(bad.success).toBe(false);
    const byField = Object.fromEntries(
      (bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(byField).toEqual({
      type: 'Please select the Campaign Type.',
      name: 'Please enter a Campaign Name.',
      fromNumber: 'Please select/enter the From Number.',
      toNumber: 'Invalid phone number',
      totalCalls: 'Please enter valid campaign details.',
      answerTreatment: 'Please enter valid answer treatment',
    });
  });
});
