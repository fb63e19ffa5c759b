import { describe, expect, it } from 'vitest';
import { emptyTestValues, testWizardSchema } from './test-form.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('test wizard schema', () => {
  it('names every missing field with its spec text (§5)', () => {
    expect(messages(testWizardSchema.safeParse(emptyTestValues()))).toEqual({
      sourcePhoneNumber: "Please select a 'To' and 'From' Number and enter a description.",
      targetPhoneNumber: "Please select a 'To' and 'From' Number and enter a description.",
      description: "Please select a 'To' and 'From' Number and enter a description.",
      agentType: 'Please select Agent Type.',
      agentIds: 'Please enter Target Agent(s).',
      schedule: 'Please select Schedule.',
    });
  });

  it("gives a number typed with a leading space its '+' back (§5)", () => {
    const parsed = testWizardSchema.parse({
      sourcePhoneNumber: '+61390000000',
      targetPhoneNumber: ' 61390000009',
      description: 'x',
      agentType: 'HUMAN_AGENT',
      agentIds: ['ada'],
      schedule: '60',
    });
    expect(parsed).toMatchObject({ targetPhoneNumber: '+61390000009', schedule: 60 });
  });
});
