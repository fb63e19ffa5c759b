/**
 * OTLP protobuf codec of the trace export messages (opentelemetry/proto/collector/trace/v1),
 * written out by hand: decoding gives the OTLP JSON shape (hex ids, nanoseconds as decimal text)
 * so one normalizer checks both encodings; encoding serves tests, benchmarks and the demo.
 */
import type { OtlpAnyValue, OtlpKeyValue } from './schemas.ts';

const utf8Decoder = new TextDecoder();
const utf8Encoder = new TextEncoder();

/** The bytes are not a valid protobuf message. */
export class ProtobufDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtobufDecodeError';
  }
}

class Reader {
  pos: number;
  private readonly view: DataView;
  constructor(
    readonly buf: Uint8Array,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  get done() {
    return this.pos >= this.end;
  }
  private need(n: number) {
    if (this.pos + n > this.end) throw new ProtobufDecodeError('Truncated protobuf message');
  }
  /** A varint up to 2^53 (tags, lengths, enums, small counts). */
  varint(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      this.need(1);
      const b = this.buf[this.pos++] ?? 0;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 128;
    }
    throw new ProtobufDecodeError('Malformed varint');
  }
  varint64(): bigint {
    let result = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      this.need(1);
      const b = this.buf[this.pos++] ?? 0;
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return result;
      shift += 7n;
    }
    throw new ProtobufDecodeError('Malformed varint');
  }
  fixed64(): bigint {
    this.need(8);
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    return v;
  }
  double(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }
  bytes(): Uint8Array {
    const len = this.varint();
    this.need(len);
    const out = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }
  string(): string {
    return utf8Decoder.decode(this.bytes());
  }
  /** A sub-message: a reader over its bytes. */
  sub(): Reader {
    const len = this.varint();
    this.need(len);
    const r = new Reader(this.buf, this.pos, this.pos + len);
    this.pos += len;
    return r;
  }
  skip(wire: number) {
    if (wire === 0) this.varint64();
    else if (wire === 2) this.bytes();
    else if (wire === 1 || wire === 5) {
      const width = wire === 1 ? 8 : 4;
      this.need(width);
      this.pos += width;
    } else throw new ProtobufDecodeError(`Unsupported wire type ${wire}`);
  }
  /** Calls `field` for each field of the message until its end. */
  fields(field: (no: number, wire: number) => void) {
    while (!this.done) {
      const tag = this.varint();
      const no = Math.floor(tag / 8);
      const wire = tag & 7;
      if (no === 0) throw new ProtobufDecodeError('Invalid field number 0');
      field(no, wire);
    }
  }
}

const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Bytes of an id turned into hex: an id longer than this is refused anyway (only quoted). */
const MAX_ID_BYTES = 64;

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes.subarray(0, MAX_ID_BYTES)) out += HEX_BYTE[b];
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function expectWire(actual: number, expected: number, what: string) {
  if (actual !== expected) throw new ProtobufDecodeError(`Unexpected wire type for ${what}`);
}

function readAnyValue(r: Reader): OtlpAnyValue {
  let out: OtlpAnyValue = {};
  r.fields((no, wire) => {
    switch (no) {
      case 1:
        out = { stringValue: r.string() };
        break;
      case 2:
        out = { boolValue: r.varint() !== 0 };
        break;
      case 3: {
        const v = BigInt.asIntN(64, r.varint64());
        const n = Number(v);
        out = { intValue: Number.isSafeInteger(n) ? n : v.toString() };
        break;
      }
      case 4:
        expectWire(wire, 1, 'doubleValue');
        out = { doubleValue: r.double() };
        break;
      case 5: {
        const values: OtlpAnyValue[] = [];
        const sub = r.sub();
        sub.fields((n, w) => (n === 1 ? values.push(readAnyValue(sub.sub())) : sub.skip(w)));
        out = { arrayValue: { values } };
        break;
      }
      case 6: {
        const values: OtlpKeyValue[] = [];
        const sub = r.sub();
        sub.fields((n, w) => (n === 1 ? values.push(readKeyValue(sub.sub())) : sub.skip(w)));
        out = { kvlistValue: { values } };
        break;
      }
      case 7:
        out = { bytesValue: toBase64(r.bytes()) };
        break;
      default:
        r.skip(wire);
    }
  });
  return out;
}

function readKeyValue(r: Reader): OtlpKeyValue {
  let key = '';
  let value: OtlpAnyValue = {};
  r.fields((no, wire) => {
    if (no === 1) key = r.string();
    else if (no === 2) value = readAnyValue(r.sub());
    else r.skip(wire);
  });
  return { key, value };
}

type JsonObject = Record<string, unknown>;

function readEvent(r: Reader): JsonObject {
  const event: JsonObject = { name: '', timeUnixNano: '0', attributes: [] };
  const attributes: OtlpKeyValue[] = [];
  r.fields((no, wire) => {
    if (no === 1) {
      expectWire(wire, 1, 'timeUnixNano');
      event.timeUnixNano = String(r.fixed64());
    } else if (no === 2) event.name = r.string();
    else if (no === 3) attributes.push(readKeyValue(r.sub()));
    else r.skip(wire);
  });
  event.attributes = attributes;
  return event;
}

function readSpan(r: Reader): JsonObject {
  const span: JsonObject = {};
  const attributes: OtlpKeyValue[] = [];
  const events: JsonObject[] = [];
  r.fields((no, wire) => {
    switch (no) {
      case 1:
        span.traceId = toHex(r.bytes());
        break;
      case 2:
        span.spanId = toHex(r.bytes());
        break;
      case 4:
        span.parentSpanId = toHex(r.bytes());
        break;
      case 5:
        span.name = r.string();
        break;
      case 6:
        span.kind = r.varint();
        break;
      case 7:
        expectWire(wire, 1, 'startTimeUnixNano');
        span.startTimeUnixNano = String(r.fixed64());
        break;
      case 8:
        expectWire(wire, 1, 'endTimeUnixNano');
        span.endTimeUnixNano = String(r.fixed64());
        break;
      case 9:
        attributes.push(readKeyValue(r.sub()));
        break;
      case 11:
        events.push(readEvent(r.sub()));
        break;
      case 15: {
        const status: JsonObject = {};
        const sub = r.sub();
        sub.fields((n, w) => {
          if (n === 2) status.message = sub.string();
          else if (n === 3) status.code = sub.varint();
          else sub.skip(w);
        });
        span.status = status;
        break;
      }
      default:
        r.skip(wire);
    }
  });
  span.attributes = attributes;
  span.events = events;
  return span;
}

/** Decodes an ExportTraceServiceRequest to its OTLP JSON shape; throws ProtobufDecodeError. */
export function decodeExportTraceRequest(bytes: Uint8Array): { resourceSpans: JsonObject[] } {
  const resourceSpans: JsonObject[] = [];
  const r = new Reader(bytes);
  r.fields((no, wire) => {
    if (no !== 1) return r.skip(wire);
    expectWire(wire, 2, 'resourceSpans');
    const rs = r.sub();
    const attributes: OtlpKeyValue[] = [];
    const scopeSpans: JsonObject[] = [];
    rs.fields((n, w) => {
      if (n === 1) {
        const res = rs.sub();
        res.fields((m, x) => (m === 1 ? attributes.push(readKeyValue(res.sub())) : res.skip(x)));
      } else if (n === 2) {
        const ss = rs.sub();
        const scope: JsonObject = { name: '' };
        const spans: JsonObject[] = [];
        ss.fields((m, x) => {
          if (m === 1) {
            const sc = ss.sub();
            sc.fields((k, y) => {
              if (k === 1) scope.name = sc.string();
              else if (k === 2) scope.version = sc.string();
              else sc.skip(y);
            });
          } else if (m === 2) spans.push(readSpan(ss.sub()));
          else ss.skip(x);
        });
        scopeSpans.push({ scope, spans });
      } else rs.skip(w);
    });
    resourceSpans.push({ resource: { attributes }, scopeSpans });
  });
  return { resourceSpans };
}

// ---- encoding ----

class Writer {
  private chunks: number[] = [];
  varint(value: number | bigint) {
    let v = BigInt.asUintN(64, BigInt(value));
    while (v >= 0x80n) {
      this.chunks.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.chunks.push(Number(v));
  }
  tag(no: number, wire: number) {
    this.varint(no * 8 + wire);
  }
  bytesField(no: number, bytes: Uint8Array) {
    this.tag(no, 2);
    this.varint(bytes.length);
    for (const b of bytes) this.chunks.push(b);
  }
  stringField(no: number, value: string | undefined | null) {
    if (value) this.bytesField(no, utf8Encoder.encode(value));
  }
  messageField(no: number, build: (w: Writer) => void) {
    const w = new Writer();
    build(w);
    this.bytesField(no, w.finish());
  }
  fixed64Field(no: number, value: string | number | bigint) {
    this.tag(no, 1);
    let v = BigInt.asUintN(64, BigInt(value));
    for (let i = 0; i < 8; i++) {
      this.chunks.push(Number(v & 0xffn));
      v >>= 8n;
    }
  }
  doubleField(no: number, value: number) {
    this.tag(no, 1);
    const b = new Uint8Array(8);
    new DataView(b.buffer).setFloat64(0, value, true);
    for (const x of b) this.chunks.push(x);
  }
  varintField(no: number, value: number | bigint | undefined) {
    if (value === undefined || value === 0 || value === 0n) return;
    this.tag(no, 0);
    this.varint(value);
  }
  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(Math.floor(hex.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function writeAnyValue(w: Writer, v: OtlpAnyValue) {
  if (v.stringValue !== undefined) w.bytesField(1, utf8Encoder.encode(v.stringValue));
  else if (v.boolValue !== undefined) {
    w.tag(2, 0);
    w.varint(v.boolValue ? 1 : 0);
  } else if (v.intValue !== undefined) {
    w.tag(3, 0);
    w.varint(BigInt(v.intValue));
  } else if (v.doubleValue !== undefined) w.doubleField(4, Number(v.doubleValue));
  else if (v.arrayValue)
    w.messageField(5, (a) => {
      for (const x of v.arrayValue?.values ?? []) a.messageField(1, (e) => writeAnyValue(e, x));
    });
  else if (v.kvlistValue)
    w.messageField(6, (l) => {
      for (const kv of v.kvlistValue?.values ?? []) l.messageField(1, (e) => writeKeyValue(e, kv));
    });
}

function writeKeyValue(w: Writer, kv: OtlpKeyValue) {
  w.stringField(1, kv.key);
  w.messageField(2, (v) => writeAnyValue(v, kv.value));
}

/** An OTLP JSON export request as the shape encodeExportTraceRequest reads. */
export interface OtlpJsonExportRequest {
  resourceSpans: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans: {
      scope?: { name?: string; version?: string };
      spans: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        startTimeUnixNano: string | number;
        endTimeUnixNano: string | number;
        attributes?: OtlpKeyValue[];
        events?: { name: string; timeUnixNano: string | number; attributes?: OtlpKeyValue[] }[];
        status?: { code?: number; message?: string };
      }[];
    }[];
  }[];
}

/** Encodes an OTLP JSON export request (hex ids) as protobuf bytes. */
export function encodeExportTraceRequest(req: OtlpJsonExportRequest): Uint8Array {
  const w = new Writer();
  for (const rs of req.resourceSpans) {
    w.messageField(1, (r) => {
      r.messageField(1, (res) => {
        for (const kv of rs.resource?.attributes ?? [])
          res.messageField(1, (e) => writeKeyValue(e, kv));
      });
      for (const ss of rs.scopeSpans) {
        r.messageField(2, (s) => {
          s.messageField(1, (sc) => {
            sc.stringField(1, ss.scope?.name);
            sc.stringField(2, ss.scope?.version);
          });
          for (const span of ss.spans) {
            s.messageField(2, (p) => {
              p.bytesField(1, fromHex(span.traceId));
              p.bytesField(2, fromHex(span.spanId));
              if (span.parentSpanId) p.bytesField(4, fromHex(span.parentSpanId));
              p.stringField(5, span.name);
              p.varintField(6, span.kind);
              p.fixed64Field(7, span.startTimeUnixNano);
              p.fixed64Field(8, span.endTimeUnixNano);
              for (const kv of span.attributes ?? [])
                p.messageField(9, (e) => writeKeyValue(e, kv));
              for (const ev of span.events ?? []) {
                p.messageField(11, (e) => {
                  e.fixed64Field(1, ev.timeUnixNano);
                  e.stringField(2, ev.name);
                  for (const kv of ev.attributes ?? [])
                    e.messageField(3, (x) => writeKeyValue(x, kv));
                });
              }
              const status = span.status;
              if (status)
                p.messageField(15, (st) => {
                  st.stringField(2, status.message);
                  st.varintField(3, status.code);
                });
            });
          }
        });
      }
    });
  }
  return w.finish();
}

/** ExportTraceServiceResponse: empty, or with partial_success (rejected_spans, error_message). */
export function encodeExportTraceResponse(rejectedSpans: number, errorMessage: string): Uint8Array {
  const w = new Writer();
  if (rejectedSpans > 0 || errorMessage) {
    w.messageField(1, (p) => {
      p.varintField(1, rejectedSpans);
      p.stringField(2, errorMessage);
    });
  }
  return w.finish();
}

/** Decodes an ExportTraceServiceResponse (tests and clients). */
export function decodeExportTraceResponse(bytes: Uint8Array): {
  rejectedSpans: number;
  errorMessage: string;
} {
  const out = { rejectedSpans: 0, errorMessage: '' };
  const r = new Reader(bytes);
  r.fields((no, wire) => {
    if (no !== 1) return r.skip(wire);
    const p = r.sub();
    p.fields((n, w) => {
      if (n === 1) out.rejectedSpans = p.varint();
      else if (n === 2) out.errorMessage = p.string();
      else p.skip(w);
    });
  });
  return out;
}

/** google.rpc.Status (code, message): the body of a refused protobuf request. */
export function encodeRpcStatus(code: number, message: string): Uint8Array {
  const w = new Writer();
  w.varintField(1, code);
  w.stringField(2, message);
  return w.finish();
}
