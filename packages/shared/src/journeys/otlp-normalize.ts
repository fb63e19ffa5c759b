import { quoteInput, truncateText } from '../common/limits.ts';
import { nulCharacterMessage } from '../telemetry/schemas.ts';
import {
  CALL_ID_ATTRIBUTES,
  OTLP_LIMITS,
  SERVICE_NAME_ATTRIBUTES,
  TRACE_FILTER_FIELDS,
  TRACE_FILTER_FIELD_NAMES,
} from './constants.ts';
import type { NonFiniteDouble, OtlpAnyValue, OtlpKeyValue } from './schemas.ts';

/** A valid span of an OTLP export request, with its resource and scope, ready to store. */
export interface NormalizedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: number;
  startNs: string;
  endNs: string;
  attributes: OtlpKeyValue[];
  events: { name: string; timeUnixNano: string; attributes: OtlpKeyValue[] }[];
  status: { code: number; message: string | null };
  resourceAttributes: OtlpKeyValue[];
  scopeName: string;
  scopeVersion: string | null;
}

export interface NormalizedExport {
  spans: NormalizedSpan[];
  rejectedSpans: number;
  /** Why spans were refused, at most OTLP_LIMITS.maxErrorsListed reasons; '' when none. */
  errorMessage: string;
}

/** The request itself is not an OTLP export request (answered 400). */
export class OtlpRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OtlpRequestError';
  }
}

class SpanError extends Error {}

const HEX = /^[0-9a-f]+$/;
const ZERO = /^0+$/;
const UINT = /^\d{1,20}$/;
const INT = /^-?\d{1,20}$/;
const STATUS_NAMES: Record<string, number> = {
  STATUS_CODE_UNSET: 0,
  STATUS_CODE_OK: 1,
  STATUS_CODE_ERROR: 2,
};
const KIND_NAMES: Record<string, number> = {
  SPAN_KIND_UNSPECIFIED: 0,
  SPAN_KIND_INTERNAL: 1,
  SPAN_KIND_SERVER: 2,
  SPAN_KIND_CLIENT: 3,
  SPAN_KIND_PRODUCER: 4,
  SPAN_KIND_CONSUMER: 5,
};

/** Nanoseconds are stored as int8: a time from 2^63 ns on (past the year 2262) is refused. */
const MAX_NANOS = 2n ** 63n - 1n;

/**
 * Attributes the server copies into text columns (call id, service name, text trace filters) of
 * a span, and of a resource (its service name): U+0000, which text cannot hold, refuses the span.
 */
const SPAN_COLUMN_ATTRIBUTES: ReadonlySet<string> = new Set([
  ...CALL_ID_ATTRIBUTES,
  ...SERVICE_NAME_ATTRIBUTES,
  ...TRACE_FILTER_FIELD_NAMES.filter((field) => TRACE_FILTER_FIELDS[field] === 'text'),
]);
const RESOURCE_COLUMN_ATTRIBUTES: ReadonlySet<string> = new Set(SERVICE_NAME_ATTRIBUTES);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function base64ToHex(value: string): string | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  try {
    const bin = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    let hex = '';
    for (let i = 0; i < bin.length; i++) hex += bin.charCodeAt(i).toString(16).padStart(2, '0');
    return hex;
  } catch {
    return null;
  }
}

/** An id as lowercase hex of `bytes` bytes: OTLP JSON sends hex; base64 is accepted too. */
function readId(value: unknown, bytes: number, field: string): string {
  if (typeof value !== 'string') throw new SpanError(`${field} is required`);
  const lower = value.length === bytes * 2 ? value.toLowerCase() : '';
  let hex: string | null = lower && HEX.test(lower) ? lower : null;
  // Base64 of `bytes` bytes has at most this many characters: a longer id is not decoded at all.
  if (hex === null && value.length <= Math.ceil(bytes / 3) * 4) {
    const decoded = base64ToHex(value);
    hex = decoded && decoded.length === bytes * 2 ? decoded : null;
  }
  if (hex === null) throw new SpanError(`${field} must be ${bytes * 2} hex characters`);
  if (ZERO.test(hex)) throw new SpanError(`${field} must not be all zeros`);
  return hex;
}

function readNanos(value: unknown, field: string): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && UINT.test(value)) {
    const trimmed = value.replace(/^0+(?=\d)/, '');
    if (BigInt(trimmed) <= MAX_NANOS) return trimmed;
    throw new SpanError(`${field} must be less than 2^63 nanoseconds (before the year 2262)`);
  }
  throw new SpanError(`${field} must be a non-negative integer of nanoseconds`);
}

/** A text stored in a text column: U+0000 refuses the span, naming the field. */
function storable<T extends string | null>(value: T, field: string): T {
  if (value?.includes('\u0000')) throw new SpanError(nulCharacterMessage(field));
  return value;
}

/** Refuses attributes whose value is copied into a text column when it holds U+0000. */
function checkColumnAttributes(
  attributes: readonly OtlpKeyValue[],
  columns: ReadonlySet<string>,
  path: string,
) {
  for (const { key, value } of attributes)
    if (columns.has(key)) storable(value.stringValue ?? value.bytesValue ?? null, `${path}.${key}`);
}

/** A double as stored: a number when finite, else OTLP JSON's text for it; null when none. */
function readDouble(value: unknown): number | NonFiniteDouble | null {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number') return null;
  if (Number.isFinite(n)) return n;
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  // NaN: decoded from protobuf, or OTLP JSON's text "NaN" (not any text that is no number).
  return typeof value === 'number' || value === 'NaN' ? 'NaN' : null;
}

function readAnyValue(value: unknown, path: string, depth = 0): OtlpAnyValue {
  if (depth > 8) throw new SpanError(`${path} is nested too deeply`);
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new SpanError(`${path} must be an AnyValue object`);
  if (typeof value.stringValue === 'string')
    return { stringValue: truncateText(value.stringValue, OTLP_LIMITS.attributeValueMaxLength) };
  if (typeof value.boolValue === 'boolean') return { boolValue: value.boolValue };
  if (value.intValue !== undefined) {
    const v = value.intValue;
    if (typeof v === 'number' && Number.isInteger(v)) return { intValue: v };
    if (typeof v === 'string' && INT.test(v)) {
      const n = Number(v);
      return { intValue: Number.isSafeInteger(n) ? n : v };
    }
    throw new SpanError(`${path}.intValue must be an integer`);
  }
  if (value.doubleValue !== undefined) {
    const doubleValue = readDouble(value.doubleValue);
    if (doubleValue !== null) return { doubleValue };
    throw new SpanError(`${path}.doubleValue must be a number`);
  }
  if (typeof value.bytesValue === 'string')
    return { bytesValue: truncateText(value.bytesValue, OTLP_LIMITS.attributeValueMaxLength) };
  if (value.arrayValue !== undefined) {
    const values = isRecord(value.arrayValue) ? (value.arrayValue.values ?? []) : null;
    if (!Array.isArray(values)) throw new SpanError(`${path}.arrayValue.values must be a list`);
    const kept = values.slice(0, OTLP_LIMITS.listValueCountLimit);
    return {
      arrayValue: { values: kept.map((v, i) => readAnyValue(v, `${path}[${i}]`, depth + 1)) },
    };
  }
  if (value.kvlistValue !== undefined) {
    const values = isRecord(value.kvlistValue) ? (value.kvlistValue.values ?? []) : null;
    if (!Array.isArray(values)) throw new SpanError(`${path}.kvlistValue.values must be a list`);
    const kept = readAttributes(values, path, OTLP_LIMITS.listValueCountLimit, depth + 1);
    return { kvlistValue: { values: kept } };
  }
  return {};
}

/** The first `limit` attributes of a list (the rest are dropped, as OpenTelemetry SDKs do). */
function readAttributes(
  value: unknown,
  path: string,
  limit: number = OTLP_LIMITS.attributeCountLimit,
  depth = 0,
): OtlpKeyValue[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new SpanError(`${path} must be a list`);
  return value.slice(0, limit).map((kv, i) => {
    if (!isRecord(kv) || typeof kv.key !== 'string' || kv.key === '')
      throw new SpanError(`${path}[${i}].key is required`);
    return {
      key: truncateText(kv.key, OTLP_LIMITS.attributeKeyMaxLength),
      value: readAnyValue(kv.value, `${path}.${quoteInput(kv.key)}`, depth),
    };
  });
}

function readEnum(value: unknown, names: Record<string, number>, max: number): number | null {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max)
    return value;
  if (typeof value === 'string' && value in names) return names[value] ?? null;
  return null;
}

function readSpan(
  raw: unknown,
  resourceAttributes: OtlpKeyValue[],
  scope: { name: string; version: string | null },
): NormalizedSpan {
  if (!isRecord(raw)) throw new SpanError('a span must be an object');
  const traceId = readId(raw.traceId, 16, 'traceId');
  const spanId = readId(raw.spanId, 8, 'spanId');
  const parentSpanId =
    raw.parentSpanId === undefined || raw.parentSpanId === null || raw.parentSpanId === ''
      ? null
      : readId(raw.parentSpanId, 8, 'parentSpanId');
  if (typeof raw.name !== 'string' || raw.name.trim() === '')
    throw new SpanError('name is required');
  storable(raw.name, 'name');
  const startNs = readNanos(raw.startTimeUnixNano, 'startTimeUnixNano');
  const endNs = readNanos(raw.endTimeUnixNano, 'endTimeUnixNano');
  if (BigInt(endNs) < BigInt(startNs))
    throw new SpanError('endTimeUnixNano must not be before startTimeUnixNano');
  const kind = readEnum(raw.kind, KIND_NAMES, 5);
  if (kind === null) throw new SpanError('kind must be a SpanKind');
  const status = isRecord(raw.status) ? raw.status : {};
  const code = readEnum(status.code, STATUS_NAMES, 2);
  if (code === null) throw new SpanError('status.code must be 0, 1 or 2');
  if (typeof status.message === 'string') storable(status.message, 'status.message');
  if (raw.events !== undefined && raw.events !== null && !Array.isArray(raw.events))
    throw new SpanError('events must be a list');
  const rawEvents = (raw.events as unknown[] | undefined) ?? [];
  const events = rawEvents.slice(0, OTLP_LIMITS.eventCountLimit).map((e, i) => {
    if (!isRecord(e)) throw new SpanError(`events[${i}] must be an object`);
    return {
      name: typeof e.name === 'string' ? truncateText(e.name, OTLP_LIMITS.nameMaxLength) : '',
      timeUnixNano: readNanos(e.timeUnixNano, `events[${i}].timeUnixNano`),
      attributes: readAttributes(
        e.attributes,
        `events[${i}].attributes`,
        OTLP_LIMITS.attributePerEventCountLimit,
      ),
    };
  });
  const attributes = readAttributes(raw.attributes, 'attributes');
  checkColumnAttributes(attributes, SPAN_COLUMN_ATTRIBUTES, 'attributes');
  return {
    traceId,
    spanId,
    parentSpanId,
    name: truncateText(raw.name, OTLP_LIMITS.nameMaxLength),
    kind,
    startNs,
    endNs,
    attributes,
    events,
    status: {
      code,
      message:
        typeof status.message === 'string' && status.message
          ? truncateText(status.message, OTLP_LIMITS.attributeValueMaxLength)
          : null,
    },
    resourceAttributes,
    scopeName: scope.name,
    scopeVersion: scope.version,
  };
}

/**
 * Checks an OTLP ExportTraceServiceRequest (JSON encoding, or protobuf decoded to the same
 * shape): valid spans are kept, each refused span is counted and its reason named, as OTLP's
 * partial success answers. A request that is not an export request at all throws
 * OtlpRequestError. A span sent twice in one request is kept once (the last).
 */
export function normalizeExportRequest(body: unknown): NormalizedExport {
  if (!isRecord(body)) throw new OtlpRequestError('The body must be an ExportTraceServiceRequest');
  const resourceSpans = body.resourceSpans ?? [];
  if (!Array.isArray(resourceSpans)) throw new OtlpRequestError('resourceSpans must be a list');
  const kept = new Map<string, NormalizedSpan>();
  const errors: string[] = [];
  let rejectedSpans = 0;
  let seen = 0;
  const reject = (where: string, reason: string) => {
    rejectedSpans++;
    if (errors.length < OTLP_LIMITS.maxErrorsListed)
      errors.push(truncateText(`${where}: ${reason}`, OTLP_LIMITS.reasonMaxLength));
  };
  resourceSpans.forEach((rs: unknown, r) => {
    const rsPath = `resourceSpans[${r}]`;
    if (!isRecord(rs)) return reject(rsPath, 'must be an object');
    let resourceAttributes: OtlpKeyValue[];
    try {
      resourceAttributes = readAttributes(
        isRecord(rs.resource) ? rs.resource.attributes : undefined,
        'resource.attributes',
      );
      checkColumnAttributes(resourceAttributes, RESOURCE_COLUMN_ATTRIBUTES, 'resource.attributes');
    } catch (err) {
      resourceAttributes = [];
      const count = countSpans(rs);
      rejectedSpans += Math.max(0, count - 1);
      return reject(rsPath, err instanceof Error ? err.message : String(err));
    }
    const scopeSpans = rs.scopeSpans ?? [];
    if (!Array.isArray(scopeSpans)) return reject(rsPath, 'scopeSpans must be a list');
    scopeSpans.forEach((ss: unknown, s) => {
      const ssPath = `${rsPath}.scopeSpans[${s}]`;
      if (!isRecord(ss)) return reject(ssPath, 'must be an object');
      const scopeRaw = isRecord(ss.scope) ? ss.scope : {};
      const scope = {
        name:
          typeof scopeRaw.name === 'string'
            ? truncateText(scopeRaw.name, OTLP_LIMITS.nameMaxLength)
            : '',
        version:
          typeof scopeRaw.version === 'string' && scopeRaw.version
            ? truncateText(scopeRaw.version, OTLP_LIMITS.attributeValueMaxLength)
            : null,
      };
      const spans = ss.spans ?? [];
      if (!Array.isArray(spans)) return reject(ssPath, 'spans must be a list');
      const scopeField = scope.name.includes('\u0000')
        ? 'scope.name'
        : scope.version?.includes('\u0000')
          ? 'scope.version'
          : null;
      if (scopeField !== null && spans.length > 0) {
        // Every span of the scope is refused with one reason, as for a refused resource.
        rejectedSpans += Math.max(0, spans.length - 1);
        return reject(ssPath, nulCharacterMessage(scopeField));
      }
      spans.forEach((raw: unknown, i) => {
        seen++;
        const spanPath = `${ssPath}.spans[${i}]`;
        if (seen > OTLP_LIMITS.maxSpans)
          return reject(spanPath, `more than ${OTLP_LIMITS.maxSpans} spans in one request`);
        try {
          const span = readSpan(raw, resourceAttributes, scope);
          kept.set(`${span.traceId}/${span.spanId}`, span);
        } catch (err) {
          const id =
            isRecord(raw) && typeof raw.spanId === 'string'
              ? ` (span ${quoteInput(raw.spanId)})`
              : '';
          reject(spanPath + id, err instanceof Error ? err.message : String(err));
        }
      });
    });
  });
  const more = rejectedSpans - errors.length;
  const errorMessage =
    rejectedSpans === 0
      ? ''
      : `${rejectedSpans} span(s) rejected: ${errors.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
  return { spans: [...kept.values()], rejectedSpans, errorMessage };
}

function countSpans(rs: Record<string, unknown>): number {
  if (!Array.isArray(rs.scopeSpans)) return 1;
  let n = 0;
  for (const ss of rs.scopeSpans) if (isRecord(ss) && Array.isArray(ss.spans)) n += ss.spans.length;
  return Math.max(1, n);
}
