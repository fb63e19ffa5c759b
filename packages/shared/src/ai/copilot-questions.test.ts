import { describe, expect, it } from 'vitest';
import { COPILOT_QUESTION_SET, QUESTION_SET_NAMES } from './copilot-questions.ts';
import { parseQuestion } from './intent.ts';
import type { CopilotQuery } from './query.ts';

describe('the copilot question set: each question is read as written down', () => {
  it('holds at least 60 questions', () => {
    expect(COPILOT_QUESTION_SET.length).toBeGreaterThanOrEqual(60);
  });
  let previous: CopilotQuery | null = null;
  for (const c of COPILOT_QUESTION_SET) {
    it(c.q, () => {
      const parsed = parseQuestion(c.q, {
        previous: c.followUp ? previous : null,
        known: QUESTION_SET_NAMES,
      });
      previous = parsed.kind === 'query' ? parsed.query : null;
      if (typeof c.reading === 'string') {
        expect(parsed.kind).toBe(c.reading === 'help' ? 'help' : c.reading);
        return;
      }
      expect(parsed.kind).toBe('query');
      if (parsed.kind !== 'query') return;
      expect(parsed.followUp).toBe(c.followUp ?? false);
      const { thresholds, ...rest } = c.reading;
      expect(parsed.query).toMatchObject(rest);
      if (thresholds)
        expect(parsed.query.thresholds.map(({ quality: _q, ...t }) => t)).toEqual(thresholds);
    });
  }
});
