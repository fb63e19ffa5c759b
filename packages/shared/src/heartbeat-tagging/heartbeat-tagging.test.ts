import { describe, expect, it } from 'vitest';
import {
  CONNECT_REGIONS,
  ConnectNumberListSchema,
  ConnectNumbersFormSchema,
  connectNumbersFormValues,
  TAGGING_TEXTS,
  TaggingConfigListSchema,
  TaggingConfigSchema,
  connectNumbersFromForm,
  currentOperator,
  withOperator,
} from './index.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('tagging configs (spec 000 §5)', () => {
  it('needs a name, a field, and per condition a name and a threshold', () => {
    const r = TaggingConfigSchema.safeParse({
      name: ' ',
      field: '',
      conditions: [{ name: '', operator: '<', threshold: '' }],
    });
    expect(messages(r)).toEqual([
      'Required (Name)',
      'Required (Field)',
      'Required (Condition name)',
      'Required (Threshold)',
    ]);
    const ok = TaggingConfigSchema.parse({
      name: 'MOS',
      field: 'mos',
      conditions: [{ name: 'Poor', operator: '<', threshold: '3.5' }],
    });
    expect(ok.conditions[0]?.threshold).toBe(3.5);
  });
  it('all conditions share one operator; changing one changes all; a new one takes the current', () => {
    const mixed = {
      name: 'MOS',
      field: 'mos',
      conditions: [
        { name: 'a', operator: '<', threshold: 1 },
        { name: 'b', operator: '>', threshold: 2 },
      ],
    };
    expect(messages(TaggingConfigSchema.safeParse(mixed))).toEqual([TAGGING_TEXTS.sameOperator]);
    const conds = [
      { name: 'a', operator: '<' as const },
      { name: 'b', operator: '<' as const },
    ];
    expect(withOperator(conds, '>').map((c) => c.operator)).toEqual(['>', '>']);
    expect(currentOperator(withOperator(conds, '>'))).toBe('>');
    expect(currentOperator([])).toBe('<');
  });
  it('names are unique in the stored list', () => {
    const c = {
      name: 'MOS',
      field: 'mos',
      conditions: [{ name: 'a', operator: '<', threshold: 1 }],
    };
    expect(messages(TaggingConfigListSchema.safeParse([c, { ...c, name: 'mos' }]))).toEqual([
      TAGGING_TEXTS.duplicateName('mos'),
    ]);
  });
});

describe('connect numbers (spec 000 §5, §9)', () => {
  it('10 to 15 characters, else "{region} could not be set. Check the number length"', () => {
    expect(
      messages(ConnectNumberListSchema.safeParse([{ region: 'us-east-1', number: '123456789' }])),
    ).toEqual(['us-east-1 could not be set. Check the number length']);
    expect(
      ConnectNumberListSchema.safeParse([{ region: 'us-east-1', number: '1234567890123456' }])
        .success,
    ).toBe(false);
    expect(
      ConnectNumberListSchema.safeParse([{ region: 'us-east-1', number: '+61255501234' }]).success,
    ).toBe(true);
    expect(
      messages(ConnectNumberListSchema.safeParse([{ region: 'mars-1', number: '+61255501234' }])),
    ).toEqual([TAGGING_TEXTS.unknownRegion('mars-1')]);
  });
  it('the form skips empty regions and names the first wrong one', () => {
    expect(CONNECT_REGIONS.length).toBeGreaterThanOrEqual(10);
    expect(connectNumbersFromForm({ 'us-east-1': ' +12025550123 ', 'us-west-2': '' })).toEqual({
      ok: true,
      numbers: [{ region: 'us-east-1', number: '+12025550123' }],
    });
    expect(connectNumbersFromForm({ 'ap-southeast-2': '123' })).toEqual({
      ok: false,
      region: 'ap-southeast-2',
      message: 'ap-southeast-2 could not be set. Check the number length',
    });
  });
});

describe('To Numbers form schema', () => {
  it('names each region whose number has the wrong length and outputs the list to save', () => {
    const bad = ConnectNumbersFormSchema.safeParse({
      'us-east-1': '123',
      'eu-west-2': '+442055501234',
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['us-east-1', 'us-east-1 could not be set. Check the number length'],
    ]);
    expect(
      ConnectNumbersFormSchema.parse({ 'eu-west-2': '+442055501234', 'us-east-1': '' }),
    ).toEqual([{ region: 'eu-west-2', number: '+442055501234' }]);
    expect(
      connectNumbersFormValues([{ region: 'eu-west-2', number: '+442055501234' }])['eu-west-2'],
    ).toBe('+442055501234');
  });
});
