import { describe, expect, it } from 'vitest';
import {
  TRACE_TEXTS,
  evaluateInsights,
  normalizeExportRequest,
  processTrace,
  timelineBar,
  timelineIndentPx,
  timelineTickStepMs,
  TraceParseError,
  TraceListQuerySchema,
  decodeExportTraceRequest,
  encodeExportTraceRequest,
  encodeExportTraceResponse,
  decodeExportTraceResponse,
  OtlpRequestError,
  OTLP_LIMITS,
  type Span,
  type Trace,
  type OtlpJsonExportRequest,
} from '../index.ts';

const T = 1_700_000_000_000_000_000n;
const ns = (ms: number) => String(T + BigInt(Math.round(ms * 1e6)));
const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

function span(
  spanId: string,
  parent: string | undefined,
  startMs: number,
  endMs: number,
  extra: Partial<Span> = {},
): Span {
  return {
    traceId: TRACE_ID,
    spanId,
    parentSpanId: parent,
    name: `op-${spanId}`,
    kind: 1,
    startTimeUnixNano: ns(startMs),
    endTimeUnixNano: ns(endMs),
    attributes: [],
    events: [],
    status: { code: 0 },
    callId: null,
    callLinked: false,
    insightsCount: 0,
    ...extra,
  };
}

function trace(
  spans: Span[],
  resource: Trace['resourceSpans'][number]['resource'] = { attributes: [] },
): Trace {
  return {
    traceId: TRACE_ID,
    resourceSpans: [{ resource, scopeSpans: [{ scope: { name: 's' }, spans }] }],
  };
}

describe('processTrace', () => {
  it('orders spans parent first, siblings by start, with depth, service, status and call id', () => {
    const t = processTrace(
      trace(
        [
          span('c2', 'r1', 50, 90),
          span('r1', undefined, 0, 100, {
            attributes: [{ key: 'cx.platform', value: { stringValue: 'connect' } }],
          }),
          span('c1', 'r1', 10, 40, {
            status: { code: 2, message: 'boom' },
            attributes: [{ key: 'call.id', value: { stringValue: 'contact-9' } }],
          }),
          span('g1', 'c1', 20, 30),
          span('o1', 'missing', 5, 6),
        ],
        { attributes: [{ key: 'service.name', value: { stringValue: 'ivr-svc' } }] },
      ),
    );
    expect(t.spans.map((s) => [s.spanId, s.depth])).toEqual([
      ['r1', 0],
      ['c1', 1],
      ['g1', 2],
      ['c2', 1],
      ['o1', 0],
    ]);
    expect(t.durationMs).toBeCloseTo(100, 3);
    const [r1, c1, g1] = t.spans;
    expect(r1?.serviceName).toBe('connect');
    expect(g1?.serviceName).toBe('ivr-svc');
    expect(c1?.statusCode).toBe('ERROR');
    expect(r1?.statusCode).toBe('UNSET');
    expect(c1?.callId).toBe('contact-9');
    expect(c1?.offsetMs).toBeCloseTo(10, 3);
  });

  it('names an unknown service unknown and marks journey phases', () => {
    const t = processTrace(trace([span('a', undefined, 0, 10, { name: 'cx.queue' })]));
    expect(t.spans[0]?.serviceName).toBe('unknown');
    expect(t.spans[0]?.isPhase).toBe(true);
  });

  it('refuses what spec 5 refuses, with its texts', () => {
    expect(() => processTrace(trace([]))).toThrow(TRACE_TEXTS.noSpans);
    expect(() =>
      processTrace(trace([span('a', undefined, 0, 10, { startTimeUnixNano: '-5' })])),
    ).toThrow('Invalid start timestamp for span a');
    expect(() => processTrace(trace([span('a', undefined, 10, 5)]))).toThrow(TraceParseError);
    expect(() => processTrace(trace([span('a', undefined, 10, 10)]))).toThrow(
      'Invalid trace duration',
    );
    expect(() =>
      processTrace(
        trace([
          span('a', undefined, 0, 10, {
            events: [{ name: 'e', timeUnixNano: 'x', attributes: [] }],
          }),
        ]),
      ),
    ).toThrow('Invalid event timestamp for span a');
  });
});

describe('timeline', () => {
  it('picks the smallest spec tick step with labels at least 96 px apart', () => {
    expect(timelineTickStepMs(1000, 960)).toBe(100);
    expect(timelineTickStepMs(1000, 961)).toBe(100);
    expect(timelineTickStepMs(1000, 400)).toBe(500);
    expect(timelineTickStepMs(1, 1000)).toBe(0.1);
    expect(timelineTickStepMs(10 * 3_600_000, 500)).toBe(2 * 3_600_000);
    expect(timelineTickStepMs(10 * 3_600_000, 400)).toBe(3 * 3_600_000);
    expect(timelineTickStepMs(1e12, 100)).toBe(12 * 3_600_000);
  });
  it('keeps bars at least 0.2% wide and indents 12 px per level up to 12', () => {
    expect(timelineBar(50, 0, 100)).toEqual({ leftPercent: 50, widthPercent: 0.2 });
    expect(timelineBar(0, 100, 100)).toEqual({ leftPercent: 0, widthPercent: 100 });
    expect(timelineIndentPx(3)).toBe(36);
    expect(timelineIndentPx(30)).toBe(144);
  });
});

describe('insight rules', () => {
  const base = { name: 'x', durationMs: 10, statusCode: 0, statusMessage: null, attributes: {} };
  it('flags slow spans, failures, poor MOS and long queues', () => {
    expect(evaluateInsights(base)).toEqual([]);
    expect(evaluateInsights({ ...base, durationMs: 5001 }).map((f) => f.ruleId)).toEqual([
      'slow-span',
    ]);
    expect(evaluateInsights({ ...base, durationMs: 5000 })).toEqual([]);
    expect(evaluateInsights({ ...base, statusCode: 2, statusMessage: 'x' })[0]?.value_string).toBe(
      'x',
    );
    const mos = evaluateInsights({ ...base, attributes: { 'cx.telephony.quality.mos.avg': 2.9 } });
    expect(mos.map((f) => [f.ruleId, f.value_string])).toEqual([['poor-mos', 'MOS 2.90']]);
    expect(
      evaluateInsights({ ...base, name: 'cx.queue', durationMs: 61_000 }).map((f) => f.ruleId),
    ).toEqual(['long-queue']);
    // Their values in the product's one duration format.
    expect(evaluateInsights({ ...base, durationMs: 6_300 })[0]?.value_string).toBe('Took 6.3s');
    expect(
      evaluateInsights({ ...base, name: 'cx.queue', durationMs: 419_593 })[0]?.value_string,
    ).toBe('Queued 7m 00s');
    // Phases, the journey and call legs are long by nature: not "slow".
    for (const name of ['cx.ivr', 'cx.journey', 'cx.telephony.call'])
      expect(evaluateInsights({ ...base, name, durationMs: 60_000 })).toEqual([]);
  });
});

describe('TraceListQuerySchema', () => {
  it('reads paging, sort, time and field filters', () => {
    const q = TraceListQuerySchema.parse({
      'page[size]': '25',
      'page[cursor]': 'abc',
      sort: 'createddate',
      'filter[start_timestamp][gte]': '2025-01-01T00:00:00Z',
      'filter[cx.telephony.quality.mos.avg][lte]': '3.5',
      'filter[cx.telephony.quality.rtt.avg][gte]': 'abc',
      'filter[cx.platform][gte]': 'connect',
    });
    expect(q).toMatchObject({ size: 25, cursor: 'abc', sortDirection: 'asc' });
    expect(q.startGte?.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(q.filters).toEqual([
      { field: 'cx.telephony.quality.mos.avg', op: 'lte', value: 3.5 },
      { field: 'cx.platform', op: 'gte', value: 'connect' },
    ]);
  });
  it('refuses unknown fields and bad sizes by name', () => {
    const r = TraceListQuerySchema.safeParse({ 'filter[nope][gte]': '1', 'page[size]': '0' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual([
      'filter[nope][gte]',
      'page[size]',
    ]);
  });
});

const REQUEST: OtlpJsonExportRequest = {
  resourceSpans: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'ivr' } }] },
      scopeSpans: [
        {
          scope: { name: 'cx', version: '1.0' },
          spans: [
            {
              traceId: TRACE_ID,
              spanId: 'b7ad6b7169203331',
              name: 'cx.journey',
              kind: 2,
              startTimeUnixNano: '1700000000000000000',
              endTimeUnixNano: '1700000005000000000',
              attributes: [
                { key: 'cx.telephony.quality.mos.avg', value: { doubleValue: 3.2 } },
                { key: 'n', value: { intValue: -7 } },
                { key: 'b', value: { boolValue: true } },
                { key: 'arr', value: { arrayValue: { values: [{ stringValue: 'x' }] } } },
                {
                  key: 'kv',
                  value: { kvlistValue: { values: [{ key: 'k', value: { intValue: 1 } }] } },
                },
              ],
              events: [{ name: 'hold', timeUnixNano: '1700000001000000000', attributes: [] }],
              status: { code: 2, message: 'failed' },
            },
            {
              traceId: TRACE_ID,
              spanId: '00f067aa0ba902b7',
              parentSpanId: 'b7ad6b7169203331',
              name: 'cx.ivr',
              startTimeUnixNano: '1700000000000000001',
              endTimeUnixNano: '1700000001000000000',
            },
          ],
        },
      ],
    },
  ],
};

describe('OTLP normalize and protobuf', () => {
  it('round-trips a request through protobuf to the same normalized spans', () => {
    const fromJson = normalizeExportRequest(JSON.parse(JSON.stringify(REQUEST)));
    const fromProto = normalizeExportRequest(
      decodeExportTraceRequest(encodeExportTraceRequest(REQUEST)),
    );
    expect(fromJson.rejectedSpans).toBe(0);
    expect(fromJson.spans).toHaveLength(2);
    expect(fromProto).toEqual(fromJson);
    expect(fromProto.spans[0]?.status).toEqual({ code: 2, message: 'failed' });
    expect(fromProto.spans[0]?.scopeVersion).toBe('1.0');
    expect(fromProto.spans[1]?.parentSpanId).toBe('b7ad6b7169203331');
  });

  it('keeps valid spans and names the rejected ones', () => {
    const result = normalizeExportRequest({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                { ...REQUEST.resourceSpans[0]?.scopeSpans[0]?.spans[1] },
                {
                  traceId: 'xyz',
                  spanId: 'b7ad6b7169203331',
                  name: 'a',
                  startTimeUnixNano: '1',
                  endTimeUnixNano: '2',
                },
                {
                  traceId: TRACE_ID,
                  spanId: 'a7ad6b7169203331',
                  name: 'a',
                  startTimeUnixNano: '5',
                  endTimeUnixNano: '2',
                },
              ],
            },
          ],
        },
      ],
    });
    expect(result.spans.map((s) => s.spanId)).toEqual(['00f067aa0ba902b7']);
    expect(result.rejectedSpans).toBe(2);
    expect(result.errorMessage).toContain('spans[1]');
    expect(result.errorMessage).toContain('traceId must be 32 hex characters');
    expect(result.errorMessage).toContain('endTimeUnixNano must not be before startTimeUnixNano');
  });

  it('bounds names, values and counts by OTLP_LIMITS, cutting texts with a marker', () => {
    const L = OTLP_LIMITS;
    const MB = 1024 * 1024;
    const text = (n: number, c = 'x') => c.repeat(n);
    const attrs = (n: number, value = 'v') =>
      Array.from({ length: n }, (_, i) => ({ key: `a${i}`, value: { stringValue: value } }));
    const request: OtlpJsonExportRequest = {
      resourceSpans: [
        {
          resource: { attributes: attrs(200) },
          scopeSpans: [
            {
              scope: { name: text(MB), version: text(MB) },
              spans: [
                {
                  traceId: TRACE_ID,
                  spanId: 'b7ad6b7169203331',
                  name: text(MB, 'n'),
                  startTimeUnixNano: '1',
                  endTimeUnixNano: '2',
                  attributes: [
                    { key: 'big', value: { stringValue: text(MB, 'v') } },
                    { key: text(MB, 'k'), value: { bytesValue: text(MB, 'A') } },
                    {
                      key: 'list',
                      value: { arrayValue: { values: attrs(200).map((a) => a.value) } },
                    },
                    { key: 'kv', value: { kvlistValue: { values: attrs(200) } } },
                    ...attrs(200),
                  ],
                  events: Array.from({ length: 200 }, (_, i) => ({
                    name: i === 0 ? text(MB, 'e') : 'e',
                    timeUnixNano: '1',
                    attributes: attrs(200),
                  })),
                  status: { code: 2, message: text(MB, 'm') },
                },
              ],
            },
          ],
        },
      ],
    };
    // The test encoder writes no bytesValue: that value is checked on the JSON request only.
    for (const input of [request, decodeExportTraceRequest(encodeExportTraceRequest(request))]) {
      const { spans, rejectedSpans } = normalizeExportRequest(input);
      expect(rejectedSpans).toBe(0);
      const s = spans[0];
      if (!s) throw new Error('no span');
      const cut = (value: string | null | undefined, max: number, c: string) => {
        expect(value).toHaveLength(max);
        expect(value?.startsWith(c.repeat(100))).toBe(true);
        expect(value).toMatch(/…\[truncated \d+ chars\]$/);
      };
      cut(s.name, L.nameMaxLength, 'n');
      cut(s.attributes[0]?.value.stringValue, L.attributeValueMaxLength, 'v');
      cut(s.attributes[1]?.key, L.attributeKeyMaxLength, 'k');
      if (input === request) cut(s.attributes[1]?.value.bytesValue, L.attributeValueMaxLength, 'A');
      cut(s.status.message, L.attributeValueMaxLength, 'm');
      cut(s.scopeName, L.nameMaxLength, 'x');
      cut(s.scopeVersion, L.attributeValueMaxLength, 'x');
      expect(s.attributes).toHaveLength(L.attributeCountLimit);
      expect(s.attributes[4]).toEqual({ key: 'a0', value: { stringValue: 'v' } });
      expect(s.attributes[2]?.value.arrayValue?.values).toHaveLength(L.listValueCountLimit);
      expect(s.attributes[3]?.value.kvlistValue?.values).toHaveLength(L.listValueCountLimit);
      expect(s.resourceAttributes).toHaveLength(L.attributeCountLimit);
      expect(s.events).toHaveLength(L.eventCountLimit);
      expect(s.events[0]?.attributes).toHaveLength(L.attributePerEventCountLimit);
      cut(s.events[0]?.name, L.nameMaxLength, 'e');
      expect(JSON.stringify(s).length).toBeLessThan(2 * MB);
    }
    // Texts at their limit are kept as sent.
    const atLimit = normalizeExportRequest({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId: TRACE_ID,
                  spanId: 'b7ad6b7169203331',
                  name: text(L.nameMaxLength),
                  startTimeUnixNano: '1',
                  endTimeUnixNano: '2',
                  attributes: attrs(L.attributeCountLimit, text(L.attributeValueMaxLength)),
                },
              ],
            },
          ],
        },
      ],
    }).spans[0];
    expect(atLimit?.name).toBe(text(L.nameMaxLength));
    expect(atLimit?.attributes).toEqual(
      attrs(L.attributeCountLimit, text(L.attributeValueMaxLength)),
    );
  });

  it('quotes at most 64 characters of a refused span id or key, and bounds each reason', () => {
    const MB = 1024 * 1024;
    const bad = (spanId: string, attributes: unknown[] = []) => ({
      traceId: TRACE_ID,
      spanId,
      name: 'a',
      startTimeUnixNano: '1',
      endTimeUnixNano: '2',
      attributes,
    });
    const result = normalizeExportRequest({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                ...Array.from({ length: 9 }, () => bad('z'.repeat(MB))),
                bad('b7ad6b7169203331', [{ key: 'k'.repeat(MB), value: { intValue: 'x' } }]),
              ],
            },
          ],
        },
      ],
    });
    expect(result.rejectedSpans).toBe(10);
    expect(result.errorMessage).toContain(`(span ${'z'.repeat(64)}…): spanId must be 16 hex`);
    expect(result.errorMessage).toContain(`attributes.${'k'.repeat(64)}….intValue must be`);
    expect(result.errorMessage.length).toBeLessThan(
      OTLP_LIMITS.maxErrorsListed * (OTLP_LIMITS.reasonMaxLength + 2) + 100,
    );
  });

  it('refuses a body that is not an export request', () => {
    expect(() => normalizeExportRequest([])).toThrow(OtlpRequestError);
    expect(() => decodeExportTraceRequest(Uint8Array.from([0x0a, 0x05, 0x01]))).toThrow();
  });

  it('encodes partial success responses', () => {
    expect(decodeExportTraceResponse(encodeExportTraceResponse(3, 'bad'))).toEqual({
      rejectedSpans: 3,
      errorMessage: 'bad',
    });
    expect(encodeExportTraceResponse(0, '')).toHaveLength(0);
  });
});
