import type { Permission } from '../access/permissions.ts';
import type { ModuleKey } from '../access/modules.ts';
import {
  CONNECT_REGIONS,
  CALL_TAG_CONFIGURATIONS,
  GSM_CONNECT_NUMBERS,
} from '../heartbeat-tagging/constants.ts';
import {
  ALERT_DEFAULTS,
  CCP_LOG_LEVELS,
  CONNECT_RTC_VERSIONS,
  DEFAULT_SOFTPHONE_TYPE,
  DEFAULT_TEST_ACCENT,
  DEFAULT_TEST_STATUS,
  HIERARCHY_LEVELS,
  MOS_BOUNDS,
  PERFORMANCE_BOUNDS,
  SOFTPHONE_TYPES,
  SSO_PROVIDERS,
  STREAMS_VERSIONS,
  TEST_ACCENTS,
  WATCHER_TRIGGER_DEFAULTS,
} from './constants.ts';
import type { ConfigFieldDefinition, ConfigModuleDefinition, ConfigOption } from './types.ts';

/** Role lists of the field permissions of spec 000 §6 ("read by user" means every member). */
const EVERYONE: Permission[] = ['user:viewer', 'user:user', 'user:admin', 'user:super'];
const ADMIN: Permission[] = ['user:admin', 'user:super'];
const SUPER: Permission[] = ['user:super'];
const NOBODY: Permission[] = [];

type FieldOptions = Partial<Omit<ConfigFieldDefinition, 'key' | 'title' | 'type' | 'control'>>;

const base = (key: string, title: string, o: FieldOptions) => ({
  key,
  title,
  readRoles: EVERYONE,
  writeRoles: ADMIN,
  ...o,
});

const opts = (values: readonly (string | number)[]): ConfigOption[] =>
  values.map((v) => ({ value: String(v), label: String(v) }));

/** A free-text field. */
const text = (key: string, title: string, o: FieldOptions = {}): ConfigFieldDefinition => ({
  type: 'string',
  control: 'text',
  default: '',
  ...base(key, title, o),
});

/** A URL field: checked when not empty (spec 000 §5). */
const url = (key: string, title: string, o: FieldOptions = {}): ConfigFieldDefinition =>
  text(key, title, { rule: { kind: 'url' }, fieldText: 'https://', ...o });

/** A numeric field kept as text, within bounds ("Value must be between {min} and {max}"). */
const num = (
  key: string,
  title: string,
  dflt: number,
  bounds: { min: number; max: number; integer?: boolean },
  o: FieldOptions = {},
): ConfigFieldDefinition => ({
  type: 'string',
  control: 'number',
  ...base(key, title, o),
  default: String(dflt),
  rule: { kind: 'number', ...bounds },
});

/** A whole number of seconds (durations must be integers). */
const seconds = (key: string, title: string, dflt: number, o: FieldOptions = {}) =>
  num(key, `${title} (seconds)`, dflt, { min: 0, max: 3600, integer: true }, o);

const select = (
  key: string,
  title: string,
  options: ConfigOption[],
  dflt: string,
  o: FieldOptions = {},
): ConfigFieldDefinition => ({
  type: 'string',
  control: 'select',
  ...base(key, title, o),
  options,
  default: dflt,
});

const toggle = (
  key: string,
  title: string,
  dflt: boolean,
  o: FieldOptions = {},
): ConfigFieldDefinition => ({
  type: 'boolean',
  control: 'toggle',
  ...base(key, title, o),
  default: dflt,
});

const list = (key: string, title: string, o: FieldOptions = {}): ConfigFieldDefinition => ({
  type: 'list',
  control: 'list',
  default: [],
  ...base(key, title, o),
});

const REGION_OPTIONS: ConfigOption[] = CONNECT_REGIONS.map((r) => ({
  value: r.value,
  label: `${r.label} (${r.value})`,
}));

// ---------------------------------------------------------------------------------------------
// CCASS Config

const softphone: ConfigModuleDefinition = {
  key: 'SOFTPHONE_MODULE',
  title: 'Softphone Settings',
  description: 'How the agent softphone loads Amazon Connect and which pages may embed it.',
  fields: [
    text('CCP_URL', 'Amazon Connect CCP URL', {
      hide: true,
      readRoles: SUPER,
      writeRoles: SUPER,
      rule: { kind: 'ccpUrl' },
      description: 'Set from the Amazon Connect instance of the group.',
    }),
    select('SOFTPHONE_TYPE', 'Softphone type', opts(SOFTPHONE_TYPES), DEFAULT_SOFTPHONE_TYPE, {
      writeRoles: SUPER,
      helperTexts: [
        'NATIVE: the Amazon Connect CCP',
        'CUSTOM: a softphone built on Amazon Connect Streams',
        'AUTO: detected at load',
      ],
    }),
    {
      key: 'SOFTPHONE_APPROVED_ORIGINS',
      type: 'array',
      control: 'table',
      title: 'Approved origins',
      fieldText: 'Origin',
      description: 'Domains allowed to embed the softphone, each with the pages allowed on it.',
      helperTexts: [
        'https:// is added when missing and paths are removed.',
        'Page paths start with /, # or ?; no pages means every page.',
      ],
      default: [],
      readRoles: EVERYONE,
      writeRoles: SUPER,
      rule: { kind: 'origins' },
      subFields: [
        text('origin', 'Origin', { fieldText: 'https://example.com', writeRoles: SUPER }),
        list('pages', 'Allowlisted pages', {
          fieldText: '/path, #hash or ?query',
          writeRoles: SUPER,
          rule: { kind: 'pagePaths' },
        }),
      ],
    },
    url('SOFTPHONE_API_SERVER', 'API server', { writeRoles: SUPER }),
    url('SOFTPHONE_STATIC_SERVER', 'Static server', { writeRoles: SUPER }),
    toggle('SOFTPHONE_NEXT_MESSENGER', 'Next messenger', false, {
      writeRoles: SUPER,
      description: 'Use the next generation of the in-softphone messenger.',
    }),
    select('SOFTPHONE_CCP_LOG_LEVEL', 'CCP log level', opts(CCP_LOG_LEVELS), 'off'),
    select(
      'SOFTPHONE_CONNECT_RTC_VERSION',
      'Connect RTC version',
      opts(CONNECT_RTC_VERSIONS),
      CONNECT_RTC_VERSIONS[0],
    ),
    select(
      'SOFTPHONE_STREAMS_VERSION',
      'Amazon Connect Streams version',
      opts(STREAMS_VERSIONS),
      STREAMS_VERSIONS[0],
    ),
    select('SOFTPHONE_DEFAULT_REGION', 'Amazon Connect region', REGION_OPTIONS, 'ap-southeast-2'),
    select(
      'SOFTPHONE_VIRTUAL_AGENT_SSO_PROVIDER',
      'Virtual agent SSO provider',
      opts(SSO_PROVIDERS),
      'off',
      {
        subFields: [url('SOFTPHONE_SSO_LOGIN_URL', 'SSO login URL')],
      },
    ),
    select('SOFTPHONE_TEST_ACCENT', 'Test call accent', opts(TEST_ACCENTS), DEFAULT_TEST_ACCENT),
    text('SOFTPHONE_TEST_STATUS', 'Test agent status', {
      default: DEFAULT_TEST_STATUS,
      description: 'Agent status set while a test call runs.',
    }),
    toggle('SOFTPHONE_LOGIN_POPUP', 'Open sign-in in a pop-up', true),
    toggle('SOFTPHONE_AUTO_CLOSE_LOGIN', 'Close the sign-in pop-up after sign-in', true),
    toggle('SOFTPHONE_AUDIO_DEVICE_SETTINGS', 'Let agents choose audio devices', true),
    toggle('SOFTPHONE_PHONE_TYPE_SETTINGS', 'Let agents choose the phone type', true),
    toggle('SOFTPHONE_DISABLE_RINGTONE', 'Disable the ringtone', false, {
      subFields: [url('SOFTPHONE_RINGTONE_URL', 'Custom ringtone URL')],
    }),
  ],
};

const genesys: ConfigModuleDefinition = {
  key: 'GENESYS_MODULE',
  title: 'Genesys Settings',
  description: 'Connection to a Genesys Cloud organisation.',
  fields: [
    select(
      'GENESYS_ENVIRONMENT',
      'Genesys Cloud region',
      opts([
        'mypurecloud.com',
        'usw2.pure.cloud',
        'cac1.pure.cloud',
        'mypurecloud.com.au',
        'mypurecloud.jp',
        'apne2.pure.cloud',
        'aps1.pure.cloud',
        'mypurecloud.ie',
        'euw2.pure.cloud',
        'mypurecloud.de',
        'sae1.pure.cloud',
      ]),
      'mypurecloud.com.au',
    ),
    text('GENESYS_CLIENT_ID', 'OAuth client ID'),
    text('GENESYS_ORGANIZATION_ID', 'Organization ID'),
    url('GENESYS_EMBEDDED_CLIENT_URL', 'Embedded client URL'),
    toggle('GENESYS_COLLECT_WEBRTC_STATS', 'Collect WebRTC statistics', true),
    toggle('GENESYS_COLLECT_QUEUE_DATA', 'Collect queue data', true, {
      subFields: [
        list('GENESYS_ALLOWED_QUEUES', 'Queues to collect', {
          helperTexts: ['Empty means every queue.'],
        }),
      ],
    }),
  ],
};

const nice: ConfigModuleDefinition = {
  key: 'NICE_MODULE',
  title: 'NiCE Settings',
  description: 'Connection to a NiCE CXone business unit.',
  fields: [
    select(
      'NICE_CLUSTER',
      'CXone cluster',
      opts(['na1', 'na2', 'au1', 'eu1', 'uk1', 'ca1', 'jp1']),
      'au1',
    ),
    text('NICE_BUSINESS_UNIT_ID', 'Business unit ID'),
    url('NICE_AGENT_URL', 'CXone Agent URL'),
    toggle('NICE_COLLECT_WEBRTC_STATS', 'Collect WebRTC statistics', true),
    toggle('NICE_COLLECT_SKILL_DATA', 'Collect skill data', true, {
      subFields: [
        list('NICE_ALLOWED_SKILLS', 'Skills to collect', {
          helperTexts: ['Empty means every skill.'],
        }),
      ],
    }),
  ],
};

// ---------------------------------------------------------------------------------------------
// Group Settings

const simulate: ConfigModuleDefinition = {
  key: 'SIMULATE_MODULE',
  title: 'Simulate',
  description: 'The dialler that places simulated calls for campaigns.',
  fields: [
    text('SIMULATE_DIALLER_SID', 'Dialler account SID', { readRoles: ADMIN, writeRoles: SUPER }),
    {
      ...text('SIMULATE_DIALLER_TOKEN', 'Dialler auth token', {
        readRoles: NOBODY,
        writeRoles: SUPER,
      }),
      control: 'secret',
      secret: true,
      description: 'The Twilio auth token. It is never shown once saved.',
    },
    num(
      'SIMULATE_CALLS_PER_SECOND',
      'Calls per second',
      1,
      { min: 1, max: 50, integer: true },
      { readRoles: ADMIN, writeRoles: SUPER },
    ),
    list('SIMULATE_FROM_NUMBERS', '"From" numbers', { readRoles: ADMIN, writeRoles: SUPER }),
    list('SIMULATE_ALLOWED_TO_NUMBERS', 'Allowlisted "To" numbers', {
      readRoles: ADMIN,
      writeRoles: ADMIN,
      helperTexts: ['Campaigns may call only these numbers.'],
    }),
    seconds('SIMULATE_NO_ANSWER_TIMEOUT_SECONDS', 'No-answer timeout', 30, { readRoles: ADMIN }),
  ],
};

const networkLabelling: ConfigModuleDefinition = {
  key: 'NETWORK_MAPPING_MODULE',
  title: 'Network Labelling',
  description: 'Names for the networks agents call from, by address range.',
  fields: [
    toggle('NETWORK_LABELLING_ENABLED', 'Label calls by network', true, { readRoles: ADMIN }),
    text('NETWORK_LABEL_UNMATCHED', 'Label for addresses outside every range', {
      default: 'Unlabelled',
      readRoles: ADMIN,
    }),
  ],
};

// ---------------------------------------------------------------------------------------------
// Integrations

const api: ConfigModuleDefinition = {
  key: 'API_MODULE',
  title: 'API Management',
  description: "Access to the product's API with keys.",
  fields: [
    toggle('API_ACCESS_ENABLED', 'API access', true, {
      readRoles: ADMIN,
      description: 'When off, every API key of this group is refused.',
    }),
    num(
      'API_RATE_LIMIT_PER_MINUTE',
      'Requests per minute per key',
      600,
      { min: 1, max: 100000, integer: true },
      { readRoles: ADMIN },
    ),
  ],
};

const readOnly = { writeRoles: NOBODY } satisfies FieldOptions;

const dataSources: ConfigModuleDefinition = {
  key: 'DATA_SOURCES_MODULE',
  title: 'AWS Data Sources',
  description: 'Amazon Connect data streamed into the product.',
  fields: [
    text('DATA_SOURCES_CTR_VERSION', 'Contact trace record version', { ...readOnly, default: '2' }),
    text('DATA_SOURCES_AGENT_EVENTS_VERSION', 'Agent event stream version', {
      ...readOnly,
      default: '1',
    }),
    text('DATA_SOURCES_CONTACT_LENS_VERSION', 'Contact Lens version', {
      ...readOnly,
      default: '1',
    }),
    toggle('DATA_SOURCES_REDACTION', 'Redact customer phone numbers', true, readOnly),
    list('DATA_SOURCES_CTR_ALLOWLIST', 'Contact attribute allowlist', {
      helperTexts: ['Contact attributes kept from each contact trace record.'],
    }),
    toggle('DATA_SOURCES_AGENT_DETAILS', 'Collect agent details', true),
    select(
      'DATA_SOURCES_TEAM_HIERARCHY_LEVEL',
      'Hierarchy level used as team',
      opts(HIERARCHY_LEVELS),
      '1',
    ),
    {
      key: 'DATA_SOURCES_HIERARCHY_MAPPING',
      type: 'json',
      control: 'object',
      title: 'Agent hierarchy mapping',
      description: 'The name of each Amazon Connect agent hierarchy level.',
      default: Object.fromEntries(HIERARCHY_LEVELS.map((l) => [`level${l}`, `Level ${l}`])),
      readRoles: EVERYONE,
      writeRoles: ADMIN,
      subFields: HIERARCHY_LEVELS.map((l) => text(`level${l}`, `Level ${l}`)),
    },
  ],
};

const eventbridge: ConfigModuleDefinition = {
  key: 'EVENTBRIDGE_MODULE',
  title: 'EventBridge',
  description: 'Events sent to Amazon EventBridge partner event sources.',
  fields: [
    toggle('EVENTBRIDGE_SEND_CALL_SUMMARIES', 'Send call summaries', true, { readRoles: ADMIN }),
    toggle('EVENTBRIDGE_SEND_HEARTBEAT_RESULTS', 'Send heartbeat results', true, {
      readRoles: ADMIN,
    }),
  ],
};

// ---------------------------------------------------------------------------------------------
// Heartbeat

const heartbeat: ConfigModuleDefinition = {
  key: 'HEARTBEAT_MODULE',
  title: 'Heartbeat Config',
  description: 'Scheduled test calls to virtual agents.',
  fields: [
    toggle('HEARTBEAT_ENABLED', 'Heartbeat enabled', false, { writeRoles: SUPER }),
    {
      ...list('HEARTBEAT_TARGET_PHONE_NUMBERS', 'Target phone numbers', {
        readRoles: SUPER,
        writeRoles: SUPER,
      }),
      type: 'array',
    },
    {
      ...list('HEARTBEAT_VIRTUAL_AGENT_NAMES', 'Virtual agent names', {
        readRoles: SUPER,
        writeRoles: SUPER,
      }),
      type: 'array',
    },
    list('HEARTBEAT_CONNECT_REGIONS', 'Connect regions to test from', {
      readRoles: SUPER,
      writeRoles: SUPER,
    }),
    seconds('HEARTBEAT_CALL_DURATION_SECONDS', 'Test call duration', 60, {
      readRoles: SUPER,
      writeRoles: SUPER,
    }),
    seconds('HEARTBEAT_NO_ANSWER_TIMEOUT_SECONDS', 'No-answer timeout', 30, {
      readRoles: SUPER,
      writeRoles: SUPER,
    }),
    num(
      'HEARTBEAT_POOR_QUALITY_MOS',
      'Poor call quality below MOS',
      ALERT_DEFAULTS.mosLow,
      MOS_BOUNDS,
      {
        readRoles: SUPER,
        writeRoles: SUPER,
      },
    ),
    toggle('HEARTBEAT_NOTIFY_ON_FAILURE', 'E-mail on a failed test', true, {
      readRoles: SUPER,
      writeRoles: SUPER,
      subFields: [
        list('HEARTBEAT_NOTIFY_EMAILS', 'E-mail addresses', {
          readRoles: SUPER,
          writeRoles: SUPER,
        }),
      ],
    }),
  ],
};

const heartbeatTagging: ConfigModuleDefinition = {
  key: 'GSM_MODULE',
  title: 'Heartbeat Tagging',
  description: 'Dial numbers per Connect region and the tags put on heartbeat calls.',
  fields: [
    {
      key: CALL_TAG_CONFIGURATIONS,
      type: 'array',
      control: 'json',
      title: 'Tagging configs',
      default: [],
      // The Heartbeat Tagging screen is the GSM module's, super only (spec 000 §6).
      readRoles: SUPER,
      writeRoles: SUPER,
      hide: true,
      rule: { kind: 'taggingConfigs' },
    },
    {
      key: GSM_CONNECT_NUMBERS,
      type: 'array',
      control: 'json',
      title: 'Connect dial numbers',
      default: [],
      readRoles: SUPER,
      writeRoles: SUPER,
      hide: true,
      rule: { kind: 'connectNumbers' },
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Extension alerts: most toggles are written by admin and super and read by super (spec 000 §6).

const alertRoles = { readRoles: SUPER, writeRoles: ADMIN } satisfies FieldOptions;
const percent = { min: 0, max: 100 };
const decibels = { min: 0, max: 140 };
const millis = { min: 0, max: 10000, integer: true };

interface AlertSpec {
  key: string;
  title: string;
  on?: boolean;
  message: string;
  thresholds?: ConfigFieldDefinition[];
  roles?: FieldOptions;
}

/** One extension alert: its toggle with thresholds and the text the agent sees as sub-fields. */
function alert(a: AlertSpec): ConfigFieldDefinition {
  const roles = a.roles ?? alertRoles;
  return toggle(`AGENT_ALERT_${a.key}`, a.title, a.on ?? true, {
    ...roles,
    subFields: [
      ...(a.thresholds ?? []),
      text(`AGENT_ALERT_${a.key}_MESSAGE`, 'Message shown to the agent', {
        ...roles,
        default: a.message,
      }),
    ],
  });
}

const alerts: ConfigModuleDefinition = {
  key: 'AGENT_ALERTS_MODULE',
  title: 'Alerts',
  description: 'Alerts the browser extension shows agents during calls.',
  fields: [
    toggle('AGENT_ALERTS_ENABLED', 'Show alerts to agents', true, alertRoles),
    num(
      'AGENT_ALERTS_SNOOZE_MINUTES',
      'Snooze after dismissal (minutes)',
      5,
      { min: 0, max: 120, integer: true },
      alertRoles,
    ),
    toggle('AGENT_ALERTS_SOUND', 'Play a sound with each alert', false, alertRoles),
    alert({
      key: 'MOS',
      title: 'Low call quality (MOS)',
      message: 'Your call quality is low.',
      thresholds: [
        num('AGENT_ALERT_MOS_LOW', 'Low MOS', ALERT_DEFAULTS.mosLow, MOS_BOUNDS, alertRoles),
        num(
          'AGENT_ALERT_MOS_VERY_LOW',
          'Very low MOS',
          ALERT_DEFAULTS.mosVeryLow,
          MOS_BOUNDS,
          alertRoles,
        ),
        seconds(
          'AGENT_ALERT_MOS_DURATION_SECONDS',
          'Duration',
          ALERT_DEFAULTS.mosDurationSeconds,
          alertRoles,
        ),
      ],
    }),
    alert({
      key: 'COMPUTER_PERFORMANCE',
      title: 'Computer performance',
      message: 'Your computer is running slowly.',
      thresholds: [
        num(
          'AGENT_ALERT_COMPUTER_PERFORMANCE_LOW',
          'Low performance (% CPU)',
          ALERT_DEFAULTS.performanceLowPercent,
          PERFORMANCE_BOUNDS,
          alertRoles,
        ),
        num(
          'AGENT_ALERT_COMPUTER_PERFORMANCE_VERY_LOW',
          'Very low performance (% CPU)',
          ALERT_DEFAULTS.performanceVeryLowPercent,
          PERFORMANCE_BOUNDS,
          alertRoles,
        ),
        seconds(
          'AGENT_ALERT_COMPUTER_PERFORMANCE_DURATION_SECONDS',
          'Duration',
          ALERT_DEFAULTS.performanceDurationSeconds,
          alertRoles,
        ),
      ],
    }),
    alert({
      key: 'BACKGROUND_NOISE',
      title: 'Background noise',
      message: 'There is a lot of noise around you.',
      thresholds: [
        num(
          'AGENT_ALERT_BACKGROUND_NOISE_HIGH',
          'High noise (dB)',
          ALERT_DEFAULTS.backgroundNoiseHighDb,
          decibels,
          alertRoles,
        ),
        num(
          'AGENT_ALERT_BACKGROUND_NOISE_BASE',
          'Base noise (dB)',
          ALERT_DEFAULTS.backgroundNoiseBaseDb,
          decibels,
          alertRoles,
        ),
      ],
    }),
    alert({
      key: 'CROSSTALK',
      title: 'Crosstalk',
      message: 'You and the customer are talking over each other.',
      thresholds: [
        num(
          'AGENT_ALERT_CROSSTALK_HIGH',
          'High crosstalk (%)',
          ALERT_DEFAULTS.crosstalkHighPercent,
          percent,
          alertRoles,
        ),
        num(
          'AGENT_ALERT_CROSSTALK_BASE',
          'Base crosstalk (%)',
          ALERT_DEFAULTS.crosstalkBasePercent,
          percent,
          alertRoles,
        ),
        num(
          'AGENT_ALERT_CROSSTALK_LATENCY_MS',
          'Latency threshold (ms)',
          ALERT_DEFAULTS.crosstalkLatencyThresholdMs,
          millis,
          alertRoles,
        ),
      ],
    }),
    alert({
      key: 'AUDIO_EXPOSURE',
      title: 'Audio exposure',
      message: 'Your headset volume is very loud.',
      thresholds: [
        num(
          'AGENT_ALERT_AUDIO_EXPOSURE_HIGH',
          'High exposure (dB)',
          ALERT_DEFAULTS.audioExposureHighDb,
          decibels,
          alertRoles,
        ),
      ],
    }),
    alert({
      key: 'BOOM_ARM',
      title: 'Headset boom arm position',
      on: false,
      message: 'Your headset microphone is out of position.',
      roles: { readRoles: SUPER, writeRoles: SUPER },
    }),
    alert({
      key: 'JITTER',
      title: 'Network jitter',
      message: 'Your network is unstable.',
      thresholds: [
        num(
          'AGENT_ALERT_JITTER_MS',
          'Jitter at least (ms)',
          WATCHER_TRIGGER_DEFAULTS.jitterMsAtLeast,
          millis,
          alertRoles,
        ),
      ],
    }),
    alert({
      key: 'PACKET_LOSS',
      title: 'Packet loss',
      message: 'Your network is losing audio.',
      thresholds: [
        num(
          'AGENT_ALERT_PACKET_LOSS_PERCENT',
          'Packet loss at least (%)',
          WATCHER_TRIGGER_DEFAULTS.packetLossPercentAtLeast,
          percent,
          alertRoles,
        ),
      ],
    }),
    alert({
      key: 'LATENCY',
      title: 'Network latency',
      message: 'Your network is slow.',
      thresholds: [
        num(
          'AGENT_ALERT_LATENCY_MS',
          'Latency at least (ms)',
          WATCHER_TRIGGER_DEFAULTS.latencyMsAtLeast,
          millis,
          alertRoles,
        ),
      ],
    }),
    alert({
      key: 'MICROPHONE_MUTED',
      title: 'Talking while muted',
      message: 'You are talking while muted.',
    }),
    alert({
      key: 'HEADSET_DISCONNECTED',
      title: 'Headset disconnected',
      message: 'Your headset was disconnected.',
    }),
    alert({
      key: 'UNSUPPORTED_BROWSER',
      title: 'Unsupported browser',
      message: 'Your browser is not supported.',
    }),
    alert({
      key: 'VPN',
      title: 'VPN detected',
      on: false,
      message: 'A VPN may lower your call quality.',
    }),
  ],
};

/** Every module's field definitions, in the order of the settings sidebar (spec 000 §2.5). */
export const CONFIG_CATALOGUE: readonly ConfigModuleDefinition[] = [
  softphone,
  genesys,
  nice,
  simulate,
  networkLabelling,
  api,
  dataSources,
  eventbridge,
  heartbeat,
  heartbeatTagging,
  alerts,
];

/** The module holding a field; a catalogue lists each module key once. */
export function catalogueModule(
  key: ModuleKey,
  catalogue: readonly ConfigModuleDefinition[] = CONFIG_CATALOGUE,
): ConfigModuleDefinition | undefined {
  return catalogue.find((m) => m.key === key);
}

/** True when a field's sub-fields are properties of its own value (object and table fields). */
export function hasPropertySubFields(field: Pick<ConfigFieldDefinition, 'control'>): boolean {
  return field.control === 'object' || field.control === 'table';
}

export interface StoredField {
  field: ConfigFieldDefinition;
  module: ModuleKey;
}

const indexCache = new WeakMap<readonly ConfigModuleDefinition[], Map<string, StoredField>>();

/** Every field stored under its own key (sub-fields of toggles and selects included), by key. */
export function storedFieldIndex(
  catalogue: readonly ConfigModuleDefinition[] = CONFIG_CATALOGUE,
): Map<string, StoredField> {
  const cached = indexCache.get(catalogue);
  if (cached) return cached;
  const index = new Map<string, StoredField>();
  const visit = (field: ConfigFieldDefinition, module: ModuleKey) => {
    if (index.has(field.key)) throw new Error(`config key ${field.key} is defined twice`);
    index.set(field.key, { field, module });
    if (!hasPropertySubFields(field)) for (const sub of field.subFields ?? []) visit(sub, module);
  };
  for (const m of catalogue) for (const f of m.fields) visit(f, m.key);
  indexCache.set(catalogue, index);
  return index;
}

/** Counts every definition in a catalogue, sub-fields and properties included. */
export function countFieldDefinitions(
  catalogue: readonly ConfigModuleDefinition[] = CONFIG_CATALOGUE,
): number {
  const count = (fields: readonly ConfigFieldDefinition[]): number =>
    fields.reduce((n, f) => n + 1 + count(f.subFields ?? []), 0);
  return catalogue.reduce((n, m) => n + count(m.fields), 0);
}
