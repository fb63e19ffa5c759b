import { describe, expect, it } from 'vitest';
import {
  ALERT_DEFAULTS,
  CONFIG_CATALOGUE,
  CONFIG_TEXTS,
  canReadConfigValue,
  canSeeConfigField,
  canWriteConfigField,
  isUnreadableWrite,
  checkConfigValue,
  countFieldDefinitions,
  isValidCcpUrl,
  isValidOrigin,
  isValidUrl,
  normalizeOrigin,
  parseStoredConfigValue,
  serializeConfigValue,
  storedFieldIndex,
  changedConfigEntries,
  configFormSchema,
  configFormValues,
  type ConfigFieldDefinition,
  type ConfigFieldView,
} from '../index.ts';
import { MODULE_KEYS } from '../access/modules.ts';

const field = (key: string): ConfigFieldDefinition => {
  const f = storedFieldIndex().get(key)?.field;
  if (!f) throw new Error(`no field ${key}`);
  return f;
};
const message = (key: string, value: unknown) => {
  const r = checkConfigValue(field(key), value);
  return r.ok ? null : r.message;
};

describe('catalogue (spec 000 §2.5, §3, §9)', () => {
  it('has one module per settings item, every key once', () => {
    expect(CONFIG_CATALOGUE.map((m) => m.key).sort()).toEqual([...MODULE_KEYS].sort());
    expect(storedFieldIndex().size).toBeGreaterThan(100);
    expect(countFieldDefinitions()).toBeGreaterThan(storedFieldIndex().size);
  });
  it('carries the section 9 defaults', () => {
    expect(field('SOFTPHONE_TYPE').default).toBe('NATIVE');
    expect(field('SOFTPHONE_TYPE').options?.map((o) => o.value)).toEqual([
      'NATIVE',
      'CUSTOM',
      'AUTO',
    ]);
    expect(field('SOFTPHONE_CCP_LOG_LEVEL').options?.map((o) => o.value)).toEqual([
      'off',
      'TRACE',
      'DEBUG',
      'INFO',
      'LOG',
      'WARN',
      'ERROR',
      'CRITICAL',
    ]);
    expect(field('SOFTPHONE_VIRTUAL_AGENT_SSO_PROVIDER').options?.map((o) => o.value)).toEqual([
      'off',
      'OKTA',
      'AZURE',
    ]);
    expect(field('SOFTPHONE_TEST_ACCENT').default).toBe('US');
    expect(field('SOFTPHONE_TEST_STATUS').default).toBe('Agent Test');
    expect(field('SOFTPHONE_CONNECT_RTC_VERSION').options?.map((o) => o.value)).toEqual([
      'v1.1.7',
      'v1.1.6',
      'v1.1.5',
      'v1.1.4',
    ]);
    expect(field('SOFTPHONE_STREAMS_VERSION').options?.map((o) => o.value)).toEqual([
      '1.5.1',
      '1.5.0',
      '1.4.9',
      '1.4.8',
    ]);
    expect(field('DATA_SOURCES_TEAM_HIERARCHY_LEVEL').options?.map((o) => o.value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(field('AGENT_ALERT_MOS_LOW').default).toBe('3.5');
    expect(field('AGENT_ALERT_MOS_VERY_LOW').default).toBe('2');
    expect(field('AGENT_ALERT_MOS_DURATION_SECONDS').default).toBe('10');
    expect(field('AGENT_ALERT_COMPUTER_PERFORMANCE_LOW').default).toBe('80');
    expect(field('AGENT_ALERT_COMPUTER_PERFORMANCE_VERY_LOW').default).toBe('90');
    expect(field('AGENT_ALERT_COMPUTER_PERFORMANCE_DURATION_SECONDS').default).toBe('30');
    expect(field('AGENT_ALERT_BACKGROUND_NOISE_HIGH').default).toBe(
      String(ALERT_DEFAULTS.backgroundNoiseHighDb),
    );
    expect(field('AGENT_ALERT_BACKGROUND_NOISE_BASE').default).toBe('55');
    expect(field('AGENT_ALERT_CROSSTALK_HIGH').default).toBe('90');
    expect(field('AGENT_ALERT_CROSSTALK_BASE').default).toBe('50');
    expect(field('AGENT_ALERT_CROSSTALK_LATENCY_MS').default).toBe('200');
    expect(field('AGENT_ALERT_AUDIO_EXPOSURE_HIGH').default).toBe('85');
    expect(field('HEARTBEAT_ENABLED')).toMatchObject({ type: 'boolean', default: false });
  });
  it('gives the field permissions of spec 000 §6', () => {
    const viewer = ['user:viewer'];
    const admin = ['user:admin'];
    const sup = ['user:super'];
    expect(canSeeConfigField(field('CCP_URL'), admin)).toBe(false);
    expect(field('CCP_URL').hide).toBe(true);
    expect(canWriteConfigField(field('SOFTPHONE_TYPE'), admin)).toBe(false);
    expect(canWriteConfigField(field('SOFTPHONE_TYPE'), sup)).toBe(true);
    expect(canReadConfigValue(field('SOFTPHONE_TYPE'), viewer)).toBe(true);
    expect(canWriteConfigField(field('SOFTPHONE_CCP_LOG_LEVEL'), admin)).toBe(true);
    expect(canWriteConfigField(field('SOFTPHONE_CCP_LOG_LEVEL'), viewer)).toBe(false);
    // The Twilio token: super writes it, no one reads it.
    const token = field('SIMULATE_DIALLER_TOKEN');
    expect([
      canReadConfigValue(token, sup),
      canWriteConfigField(token, sup),
      canSeeConfigField(token, admin),
    ]).toEqual([false, true, false]);
    expect(canWriteConfigField(field('SIMULATE_ALLOWED_TO_NUMBERS'), admin)).toBe(true);
    expect(canWriteConfigField(field('SIMULATE_CALLS_PER_SECOND'), admin)).toBe(false);
    expect(canWriteConfigField(field('DATA_SOURCES_REDACTION'), sup)).toBe(false);
    expect(canWriteConfigField(field('DATA_SOURCES_CTR_ALLOWLIST'), admin)).toBe(true);
    expect(canWriteConfigField(field('HEARTBEAT_ENABLED'), admin)).toBe(false);
    expect(canSeeConfigField(field('AGENT_ALERT_MOS'), viewer)).toBe(false);
    // Write super and admin, read super: an admin neither sees nor changes them (decision 27
    // reversed: writing gives no right to read).
    expect(canSeeConfigField(field('AGENT_ALERT_MOS'), admin)).toBe(false);
    expect(canWriteConfigField(field('AGENT_ALERT_MOS'), admin)).toBe(false);
    expect(isUnreadableWrite(field('AGENT_ALERT_MOS'), admin)).toBe(true);
    expect(canWriteConfigField(field('AGENT_ALERT_MOS'), sup)).toBe(true);
    expect(isUnreadableWrite(field('SOFTPHONE_TYPE'), admin)).toBe(false);
    expect(isUnreadableWrite(token, sup)).toBe(false);
    expect(canWriteConfigField(field('AGENT_ALERT_BOOM_ARM'), admin)).toBe(false);
  });
});

describe('validation texts (spec 000 §5)', () => {
  it('URLs need http(s) and a host, checked only when not empty', () => {
    expect(isValidUrl('https://api.example.com/v1')).toBe(true);
    expect(isValidUrl('ftp://x.com')).toBe(false);
    expect(isValidUrl('https://')).toBe(false);
    expect(message('SOFTPHONE_API_SERVER', 'example.com')).toBe('Invalid URL');
    expect(message('SOFTPHONE_API_SERVER', '')).toBeNull();
  });
  it('CCP URLs: awsapps.com with /connect/ccp(-v2) or connect.aws with four paths', () => {
    for (const ok of [
      'https://acme.my.awsapps.com/connect/ccp-v2',
      'https://acme.awsapps.com/connect/ccp',
      'https://acme.my.connect.aws/ccp-v2',
      'https://acme.my.connect.aws/connect/ccp',
    ])
      expect(isValidCcpUrl(ok)).toBe(true);
    for (const bad of [
      'http://acme.awsapps.com/connect/ccp',
      'https://acme.awsapps.com/ccp',
      'https://awsapps.com/connect/ccp',
      'https://acme.example.com/connect/ccp',
    ]) {
      expect(isValidCcpUrl(bad)).toBe(false);
    }
    expect(message('CCP_URL', 'https://acme.awsapps.com/ccp')).toBe('Invalid CCP.');
  });
  it('origins: host only, auto-prefixed and stripped in the input, 406 from the server check', () => {
    expect(normalizeOrigin(' acme.com/agents/desk?x=1')).toBe('https://acme.com');
    expect(normalizeOrigin('http://localhost:3000/x')).toBe('http://localhost:3000');
    expect(isValidOrigin('https://acme.com')).toBe(true);
    expect(isValidOrigin('https://acme.com/')).toBe(false);
    const r = checkConfigValue(field('SOFTPHONE_APPROVED_ORIGINS'), [
      { origin: 'acme.com', pages: [] },
    ]);
    expect(r).toEqual({ ok: false, status: 406, message: 'Softphone domain acme.com is invalid.' });
    expect(
      message('SOFTPHONE_APPROVED_ORIGINS', [
        { origin: 'https://acme.com', pages: ['/desk', '#a', '?q', 'desk'] },
      ]),
    ).toBe(CONFIG_TEXTS.invalidPagePath('desk'));
    expect(
      checkConfigValue(field('SOFTPHONE_APPROVED_ORIGINS'), [
        { origin: 'https://acme.com', pages: [' /desk '] },
      ]),
    ).toEqual({
      ok: true,
      value: [{ origin: 'https://acme.com', pages: ['/desk'] }],
    });
  });
  it('thresholds within bounds, durations whole', () => {
    expect(message('AGENT_ALERT_MOS_LOW', '5.5')).toBe('Value must be between 1 and 5');
    expect(message('AGENT_ALERT_MOS_LOW', '0.9')).toBe('Value must be between 1 and 5');
    expect(message('AGENT_ALERT_MOS_LOW', '4.2')).toBeNull();
    expect(message('AGENT_ALERT_COMPUTER_PERFORMANCE_LOW', '100')).toBe(
      'Value must be between 0 and 99',
    );
    expect(message('AGENT_ALERT_MOS_DURATION_SECONDS', '2.5')).toBe('Value must be an integer');
    expect(message('AGENT_ALERT_MOS_DURATION_SECONDS', 'ten')).toBe('Value must be a number');
  });
  it('types and options', () => {
    expect(message('SOFTPHONE_TYPE', 'OTHER')).toBe(
      'Softphone type must be one of NATIVE, CUSTOM, AUTO',
    );
    expect(message('HEARTBEAT_ENABLED', 'yes')).toBe('Heartbeat enabled must be true or false');
    expect(checkConfigValue(field('HEARTBEAT_ENABLED'), 'true')).toEqual({ ok: true, value: true });
    expect(message('DATA_SOURCES_CTR_ALLOWLIST', [1])).toBe(
      'Contact attribute allowlist must be a list of texts',
    );
  });
});

describe('stored text', () => {
  it('booleans as "true"/"false", lists and arrays as JSON, old comma lists still read', () => {
    expect(serializeConfigValue('boolean', true)).toBe('true');
    expect(parseStoredConfigValue(field('HEARTBEAT_ENABLED'), 'true')).toBe(true);
    expect(serializeConfigValue('list', ['a', 'b'])).toBe('["a","b"]');
    expect(parseStoredConfigValue(field('DATA_SOURCES_CTR_ALLOWLIST'), 'a, b')).toEqual(['a', 'b']);
    expect(parseStoredConfigValue(field('DATA_SOURCES_HIERARCHY_MAPPING'), 'not json')).toEqual(
      field('DATA_SOURCES_HIERARCHY_MAPPING').default,
    );
  });
});

describe('generic form helpers', () => {
  const view = (key: string, extra: Partial<ConfigFieldView> = {}): ConfigFieldView => {
    const { subFields: _sub, ...def } = field(key);
    return { ...def, isSet: false, writable: true, value: def.default, ...extra };
  };
  it('starts from current values, checks writable fields with the server texts, and sends only changes', () => {
    const fields: ConfigFieldView[] = [
      view('AGENT_ALERT_MOS', { subFields: [view('AGENT_ALERT_MOS_LOW', { value: '3' })] }),
      view('SOFTPHONE_TYPE', { writable: false }),
      view('SIMULATE_DIALLER_TOKEN', { isSet: true, value: undefined }),
    ];
    const initial = configFormValues(fields);
    expect(initial).toEqual({
      AGENT_ALERT_MOS: true,
      AGENT_ALERT_MOS_LOW: '3',
      SOFTPHONE_TYPE: 'NATIVE',
      SIMULATE_DIALLER_TOKEN: '',
    });
    const schema = configFormSchema(fields);
    const bad = schema.safeParse({
      ...initial,
      AGENT_ALERT_MOS_LOW: '7',
      SOFTPHONE_TYPE: 'nonsense',
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['AGENT_ALERT_MOS_LOW', 'Value must be between 1 and 5'],
    ]);
    expect(
      changedConfigEntries(fields, initial, {
        ...initial,
        AGENT_ALERT_MOS_LOW: ' 4 ',
        SIMULATE_DIALLER_TOKEN: 'tok',
      }),
    ).toEqual([
      { key: 'AGENT_ALERT_MOS_LOW', value: '4' },
      { key: 'SIMULATE_DIALLER_TOKEN', value: 'tok' },
    ]);
  });
});
