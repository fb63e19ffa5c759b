import { describe, expect, it } from 'vitest';
import { emptyMonitorValues, monitorWizardSchema } from './monitor-form.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('monitor wizard schema', () => {
  it('names every missing field with its spec text (§5)', () => {
    expect(messages(monitorWizardSchema.safeParse(emptyMonitorValues()))).toEqual({
      description: 'Please enter a Description.',
      connectRegions: 'Please select Connect Region(s).',
      agentRegions: 'Please select Agent Region(s).',
      schedule: 'Please select a Schedule.',
    });
  });

  it('leaves the schedule out for Run Once and sends minutes otherwise', () => {
    const values = {
      description: ' Path ',
      connectRegions: ['Tokyo'],
      agentRegions: ['Mumbai'],
      schedule: '0',
    };
    expect(monitorWizardSchema.parse(values)).toEqual({
      description: 'Path',
      connectRegions: ['Tokyo'],
      agentRegions: ['Mumbai'],
    });
    expect(monitorWizardSchema.parse({ ...values, schedule: '30' }).schedule).toBe(30);
  });
});
