import type { z } from 'zod';
import { quoteInput } from '../common/limits.ts';
import { ConnectNumberListSchema, TaggingConfigListSchema } from '../heartbeat-tagging/schemas.ts';
import { CONFIG_TEXTS } from './texts.ts';
import { hasPropertySubFields } from './catalogue.ts';
import type { ConfigFieldDefinition, ConfigValue, ConfigValueType } from './types.ts';

/** Limits on one value, so that one entry cannot grow without bound. */
export const CONFIG_LIMITS = {
  /** A text, and each text of a list. */
  textLength: 4000,
  listItems: 500,
  storedLength: 256 * 1024,
} as const;

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** http:// or https:// followed by a host (spec 000 §5). */
export function isValidUrl(value: string): boolean {
  const m = /^https?:\/\/([^/?#\s:]+)(?::\d{1,5})?(?:[/?#]\S*)?$/i.exec(value.trim());
  return !!m && HOST.test(m[1] ?? '');
}

/**
 * An Amazon Connect CCP URL: https, a host ending .awsapps.com with /connect/ccp or
 * /connect/ccp-v2, or a host ending .connect.aws with /ccp, /ccp-v2, /connect/ccp or /connect/ccp-v2.
 */
export function isValidCcpUrl(value: string): boolean {
  const m = /^https:\/\/([^/?#\s:]+)(\/[^?#\s]*)(?:[?#]\S*)?$/i.exec(value.trim());
  if (!m) return false;
  const host = (m[1] ?? '').toLowerCase();
  const path = (m[2] ?? '').replace(/\/$/, '');
  if (!HOST.test(host)) return false;
  if (host.endsWith('.awsapps.com') && host.length > '.awsapps.com'.length) {
    return path === '/connect/ccp' || path === '/connect/ccp-v2';
  }
  if (host.endsWith('.connect.aws') && host.length > '.connect.aws'.length) {
    return ['/ccp', '/ccp-v2', '/connect/ccp', '/connect/ccp-v2'].includes(path);
  }
  return false;
}

/** An approved origin: http(s)://host with an optional port and no path. */
export function isValidOrigin(value: string): boolean {
  const m = /^https?:\/\/([^/?#\s:]+)(?::(\d{1,5}))?$/i.exec(value);
  return !!m && HOST.test(m[1] ?? '') && (m[2] === undefined || Number(m[2]) <= 65535);
}

/** What the origin input does on entry: add https:// when no scheme is typed and drop any path. */
export function normalizeOrigin(input: string): string {
  const trimmed = input.trim();
  if (!trimmed) return '';
  const withScheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`;
  const m = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)/.exec(withScheme);
  return m?.[1] ?? withScheme;
}

/** An allowlisted page path starts with /, # or ?. */
export function isValidPagePath(value: string): boolean {
  return /^[/#?]/.test(value);
}

/** The bounds message of spec 000 §5, or null when the text is a number within them. */
export function numberProblem(
  value: string,
  bounds: { min: number; max: number; integer?: boolean },
): string | null {
  const text = value.trim();
  if (text === '' || !/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return CONFIG_TEXTS.notNumber;
  const n = Number(text);
  if (bounds.integer && !Number.isInteger(n)) return CONFIG_TEXTS.notInteger;
  if (n < bounds.min || n > bounds.max) return CONFIG_TEXTS.outOfRange(bounds.min, bounds.max);
  return null;
}

export interface OriginEntry {
  origin: string;
  pages: string[];
}

export type ConfigCheck =
  | { ok: true; value: ConfigValue }
  /** status 406 for origins the server refuses (spec 000 §5), otherwise 400. */
  | { ok: false; message: string; status: 400 | 406 };

const fail = (message: string, status: 400 | 406 = 400): ConfigCheck => ({
  ok: false,
  message,
  status,
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks that a value has the field's type; "true" / "false" texts are accepted for booleans. */
export function coerceConfigValue(
  field: Pick<ConfigFieldDefinition, 'type' | 'title'>,
  raw: unknown,
): ConfigCheck {
  const wrong = fail(CONFIG_TEXTS.wrongValueType(field.title, field.type));
  switch (field.type) {
    case 'string':
      if (typeof raw !== 'string') return wrong;
      if (raw.length > CONFIG_LIMITS.textLength)
        return fail(CONFIG_TEXTS.tooLong(field.title, CONFIG_LIMITS.textLength));
      return { ok: true, value: raw };
    case 'boolean':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return wrong;
    case 'list':
      if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string')) return wrong;
      if (raw.length > CONFIG_LIMITS.listItems)
        return fail(CONFIG_TEXTS.tooMany(field.title, CONFIG_LIMITS.listItems));
      if (raw.some((v: string) => v.length > CONFIG_LIMITS.textLength))
        return fail(CONFIG_TEXTS.entryTooLong(field.title, CONFIG_LIMITS.textLength));
      return { ok: true, value: raw.map((v: string) => v.trim()).filter(Boolean) };
    case 'array':
      if (!Array.isArray(raw)) return wrong;
      if (raw.length > CONFIG_LIMITS.listItems)
        return fail(CONFIG_TEXTS.tooMany(field.title, CONFIG_LIMITS.listItems));
      return { ok: true, value: raw };
    case 'json':
      return isRecord(raw) ? { ok: true, value: raw } : wrong;
  }
}

function firstIssue(result: z.ZodSafeParseResult<unknown>): string | null {
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** Checks array items of a list-like field that holds strings (array fields drawn as lists). */
function checkStringItems(field: ConfigFieldDefinition, value: ConfigValue): ConfigCheck {
  if (field.control === 'list' && Array.isArray(value)) {
    if (!value.every((v) => typeof v === 'string'))
      return fail(CONFIG_TEXTS.wrongValueType(field.title, 'list'));
    if (value.some((v: string) => v.length > CONFIG_LIMITS.textLength))
      return fail(CONFIG_TEXTS.entryTooLong(field.title, CONFIG_LIMITS.textLength));
    return { ok: true, value: value.map((v: string) => v.trim()).filter(Boolean) };
  }
  return { ok: true, value };
}

/** Checks the properties of an object or table field against its property sub-fields. */
function checkProperties(field: ConfigFieldDefinition, value: ConfigValue): ConfigCheck {
  if (!hasPropertySubFields(field) || !field.subFields) return { ok: true, value };
  const checkOne = (
    obj: unknown,
  ): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } => {
    if (!isRecord(obj))
      return { ok: false, message: CONFIG_TEXTS.wrongValueType(field.title, 'json') };
    const out: Record<string, unknown> = {};
    for (const sub of field.subFields ?? []) {
      const present = obj[sub.key] !== undefined;
      const r = coerceConfigValue(sub, present ? obj[sub.key] : sub.default);
      if (!r.ok) return r;
      out[sub.key] = r.value;
    }
    return { ok: true, value: out };
  };
  if (field.control === 'object') {
    const r = checkOne(value);
    return r.ok ? r : fail(r.message);
  }
  if (!Array.isArray(value)) return fail(CONFIG_TEXTS.wrongValueType(field.title, 'array'));
  const rows: Record<string, unknown>[] = [];
  for (const row of value) {
    const r = checkOne(row);
    if (!r.ok) return fail(r.message);
    rows.push(r.value);
  }
  return { ok: true, value: rows };
}

/** Applies a field's rule (spec 000 §5) to a value of the right type. */
function checkRule(field: ConfigFieldDefinition, value: ConfigValue): ConfigCheck {
  const rule = field.rule;
  if (!rule) return { ok: true, value };
  switch (rule.kind) {
    case 'url':
      if (typeof value === 'string' && value.trim() !== '' && !isValidUrl(value))
        return fail(CONFIG_TEXTS.invalidUrl);
      return { ok: true, value: typeof value === 'string' ? value.trim() : value };
    case 'ccpUrl':
      if (typeof value === 'string' && value.trim() !== '' && !isValidCcpUrl(value))
        return fail(CONFIG_TEXTS.invalidCcp);
      return { ok: true, value: typeof value === 'string' ? value.trim() : value };
    case 'number': {
      if (typeof value !== 'string') return fail(CONFIG_TEXTS.notNumber);
      const problem = numberProblem(value, rule);
      return problem ? fail(problem) : { ok: true, value: value.trim() };
    }
    case 'pagePaths': {
      const bad = Array.isArray(value)
        ? value.find((p) => typeof p !== 'string' || !isValidPagePath(p))
        : undefined;
      return bad === undefined
        ? { ok: true, value }
        : fail(CONFIG_TEXTS.invalidPagePath(quoteInput(String(bad))));
    }
    case 'origins': {
      const rows = Array.isArray(value) ? (value as OriginEntry[]) : [];
      const seen = new Set<string>();
      for (const row of rows) {
        if (!isValidOrigin(row.origin))
          return fail(CONFIG_TEXTS.invalidOrigin(quoteInput(row.origin)), 406);
        if (seen.has(row.origin.toLowerCase()))
          return fail(`${quoteInput(row.origin)} is listed more than once`);
        seen.add(row.origin.toLowerCase());
        const badPage = row.pages.find((p) => !isValidPagePath(p));
        if (badPage !== undefined) return fail(CONFIG_TEXTS.invalidPagePath(quoteInput(badPage)));
      }
      return { ok: true, value: rows.map((r) => ({ origin: r.origin, pages: r.pages })) };
    }
    case 'taggingConfigs': {
      const r = TaggingConfigListSchema.safeParse(value);
      return r.success ? { ok: true, value: r.data } : fail(firstIssue(r) ?? 'Invalid value');
    }
    case 'connectNumbers': {
      const r = ConnectNumberListSchema.safeParse(value);
      return r.success ? { ok: true, value: r.data } : fail(firstIssue(r) ?? 'Invalid value');
    }
  }
}

/**
 * Every check of one field on a raw value: type, options, properties, rule. Answers the value
 * as it is stored (trimmed texts, cleaned lists) or the spec's message.
 */
export function checkConfigValue(field: ConfigFieldDefinition, raw: unknown): ConfigCheck {
  const typed = coerceConfigValue(field, raw);
  if (!typed.ok) return typed;
  if (field.options && typeof typed.value === 'string') {
    const values = field.options.map((o) => o.value);
    if (!values.includes(typed.value)) return fail(CONFIG_TEXTS.notAnOption(field.title, values));
  }
  const items = checkStringItems(field, typed.value);
  if (!items.ok) return items;
  const props = checkProperties(field, items.value);
  if (!props.ok) return props;
  const checked = checkRule(field, props.value);
  if (!checked.ok) return checked;
  const stored = serializeConfigValue(field.type, checked.value);
  return stored.length > CONFIG_LIMITS.storedLength
    ? fail(CONFIG_TEXTS.tooLarge(field.title, CONFIG_LIMITS.storedLength))
    : checked;
}

/** The text kept in the database for a value: booleans as "true" / "false", lists as JSON. */
export function serializeConfigValue(type: ConfigValueType, value: ConfigValue): string {
  if (type === 'string') return typeof value === 'string' ? value : JSON.stringify(value);
  if (type === 'boolean') return value === true ? 'true' : 'false';
  return JSON.stringify(value);
}

/** The typed value of a stored text; text that no longer parses gives the default. */
export function parseStoredConfigValue(
  field: Pick<ConfigFieldDefinition, 'type' | 'default'>,
  stored: string,
): ConfigValue {
  switch (field.type) {
    case 'string':
      return stored;
    case 'boolean':
      return stored === 'true';
    case 'list': {
      const parsed = safeJson(stored);
      if (Array.isArray(parsed)) return parsed.filter((v): v is string => typeof v === 'string');
      // A list written as comma-separated text by an older client.
      return stored
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }
    case 'array': {
      const parsed = safeJson(stored);
      return Array.isArray(parsed) ? parsed : field.default;
    }
    case 'json': {
      const parsed = safeJson(stored);
      return isRecord(parsed) ? parsed : field.default;
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** list and array are read the same way when a client asks for either. */
export function typesCompatible(asked: ConfigValueType, defined: ConfigValueType): boolean {
  if (asked === defined) return true;
  return (asked === 'list' || asked === 'array') && (defined === 'list' || defined === 'array');
}
