import type { OtlpAnyValue, OtlpKeyValue } from './schemas.ts';

/** An OTLP attribute value as plain data. */
export type AttributeValue =
  string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };

/** The plain value of an OTLP AnyValue (int64 beyond 2^53 stays a decimal string). */
export function anyValueToJs(value: OtlpAnyValue | undefined): AttributeValue {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) {
    const n = Number(value.intValue);
    return Number.isSafeInteger(n) ? n : String(value.intValue);
  }
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.bytesValue !== undefined) return value.bytesValue;
  if (value.arrayValue) return value.arrayValue.values.map(anyValueToJs);
  if (value.kvlistValue) return attributesToRecord(value.kvlistValue.values);
  return null;
}

/** OTLP key-value attributes as a record (a repeated key keeps its last value). */
export function attributesToRecord(
  attributes: readonly OtlpKeyValue[],
): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const kv of attributes) out[kv.key] = anyValueToJs(kv.value);
  return out;
}

/** A plain value as an OTLP AnyValue (whole numbers become intValue). */
export function jsToAnyValue(value: AttributeValue): OtlpAnyValue {
  if (value === null) return {};
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { intValue: value } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(jsToAnyValue) } };
  return { kvlistValue: { values: recordToAttributes(value) } };
}

/** A record as OTLP key-value attributes. */
export function recordToAttributes(record: Record<string, AttributeValue>): OtlpKeyValue[] {
  return Object.entries(record).map(([key, value]) => ({ key, value: jsToAnyValue(value) }));
}

/** The first attribute of `keys` that holds a non-empty scalar, as text; null when none. */
export function firstTextAttribute(
  record: Record<string, AttributeValue>,
  keys: readonly string[],
): string | null {
  for (const key of keys) {
    const v = record[key];
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  }
  return null;
}

/** An attribute as a finite number (numeric strings included); null otherwise. */
export function numberAttribute(
  record: Record<string, AttributeValue>,
  key: string,
): number | null {
  const v = record[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
