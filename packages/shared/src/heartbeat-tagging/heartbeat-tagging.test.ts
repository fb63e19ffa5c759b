import { describe, expect, it } from 'vitest';
import {
  CONNECT_REGIONS,
  ConnectNumberListSchema,
  ConnectNumbersFormSchema,
  connectNumbersFormValues,
  TAGGING_FIELDS,
  TAGGING_TEXTS,
  TaggingConfigListSchema,
  TaggingConfigSchema,
  connectNumbersFromForm,
  currentOperator,
  tagStatusCells,
  taggingDefaultText,
  tagsFor,
  withOperator,
  YES_NO_TAGGING_FIELDS,
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

describe('warning tags of spec 002 §9 from tagging configs', () => {
  const configs = [
    {
      name: 'Call quality',
      field: 'mos',
      conditions: [
        { name: 'Poor call quality', operator: '<', threshold: 3.5 },
        { name: 'Very Poor call quality', operator: '<', threshold: 3 },
      ],
    },
    {
      name: 'Audio latency',
      field: 'audioLatency',
      conditions: [{ name: 'High audio latency', operator: '>', threshold: 300 }],
    },
    {
      name: 'CPU',
      field: 'cpu',
      conditions: [
        { name: 'High CPU usage', operator: '>', threshold: 80 },
        { name: 'Very High CPU usage', operator: '>', threshold: 90 },
      ],
    },
    {
      name: 'Memory',
      field: 'memory',
      conditions: [{ name: 'High memory usage', operator: '>', threshold: 80 }],
    },
    {
      name: 'Softphone',
      field: 'softphoneError',
      conditions: [{ name: 'Softphone error', operator: '>', threshold: 0 }],
    },
    {
      name: 'Browser',
      field: 'unsupportedBrowser',
      conditions: [{ name: 'Unsupported browser', operator: '>', threshold: 0 }],
    },
  ];

  it('every tag of the list has a field to test', () => {
    const fields = TAGGING_FIELDS.map((f) => f.value);
    for (const field of [
      'mos',
      'audioLatency',
      'postDialDelay',
      'ringingTime',
      'cpu',
      'memory',
      'softphoneError',
      'unsupportedBrowser',
      'packetLoss',
      'jitter',
      'rtt',
    ])
      expect(fields).toContain(field);
    expect(YES_NO_TAGGING_FIELDS).toEqual(['softphoneError', 'unsupportedBrowser']);
  });

  it('names CPU, memory, softphone error and unsupported browser tags from their measures', () => {
    const tags = tagsFor(configs, {
      mos: 4.2,
      audioLatency: 120,
      cpu: 93,
      memory: 85,
      softphoneError: 1,
      unsupportedBrowser: 1,
    });
    expect(tags).toEqual([
      'Very High CPU usage',
      'High memory usage',
      'Softphone error',
      'Unsupported browser',
    ]);
    expect(
      tagsFor(configs, { cpu: 21, memory: 57, softphoneError: 0, unsupportedBrowser: 0 }),
    ).toEqual([]);
  });

  it('gives each config its tag, or Good, and Normal for latency', () => {
    expect(taggingDefaultText('audioLatency')).toBe('Normal');
    expect(taggingDefaultText('cpu')).toBe('Good');
    expect(tagStatusCells(configs, ['Very Poor call quality', 'High memory usage'])).toEqual([
      { name: 'Call quality', field: 'mos', text: 'Very Poor call quality', tone: 'error' },
      { name: 'Audio latency', field: 'audioLatency', text: 'Normal', tone: 'good' },
      { name: 'CPU', field: 'cpu', text: 'Good', tone: 'good' },
      { name: 'Memory', field: 'memory', text: 'High memory usage', tone: 'warning' },
      { name: 'Softphone', field: 'softphoneError', text: 'Good', tone: 'good' },
      { name: 'Browser', field: 'unsupportedBrowser', text: 'Good', tone: 'good' },
    ]);
  });
});
