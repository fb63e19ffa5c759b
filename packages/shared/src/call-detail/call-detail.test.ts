import { describe, expect, it } from 'vitest';
import { sipResponseText } from './sip-responses.ts';
import {
  agentStatusChartValue,
  directionLossPercent,
  logLevelChartValue,
  rtcMetricRows,
} from './rtc-stats.ts';
import { CallDetailParamsSchema, CallDetailQuerySchema, type CallDetailSecond } from './schemas.ts';

describe('sipResponseText', () => {
  it('names known codes as "code: name"', () => {
    expect(sipResponseText(486)).toBe('486: Busy Here');
    expect(sipResponseText(487)).toBe('487: Request Terminated');
    expect(sipResponseText(503)).toBe('503: Service Unavailable');
    expect(sipResponseText(603)).toBe('603: Decline');
    expect(sipResponseText(200)).toBe('200: OK');
  });
  it('says Unknown for unknown or missing codes', () => {
    expect(sipResponseText(499)).toBe('Unknown');
    expect(sipResponseText(null)).toBe('Unknown');
    expect(sipResponseText(undefined)).toBe('Unknown');
  });
});

describe('chart values', () => {
  it('maps agent status Talk 3, Mute 2, Hold 1, else 0', () => {
    expect(agentStatusChartValue('Talk')).toBe(3);
    expect(agentStatusChartValue('On Mute')).toBe(2);
    expect(agentStatusChartValue('On Hold')).toBe(1);
    expect(agentStatusChartValue(null)).toBe(0);
  });
  it('maps log levels INFO 1, WARN 2, ERROR 3, else 0', () => {
    expect(logLevelChartValue('INFO')).toBe(1);
    expect(logLevelChartValue('WARN')).toBe(2);
    expect(logLevelChartValue('ERROR')).toBe(3);
    expect(logLevelChartValue('DEBUG')).toBe(0);
  });
});

const second = (over: Partial<CallDetailSecond>): CallDetailSecond => ({
  timestamp: '2024-05-01T10:00:00.000Z',
  inbound: null,
  outbound: null,
  rttMs: null,
  jitterMs: null,
  cpuAvailablePercent: null,
  memoryUsedPercent: null,
  agentStatus: null,
  ...over,
});
const dir = (packetsCount: number, packetsLost: number, mos: number | null = 4.3) => ({
  mos,
  mosComputed: false,
  packetsCount,
  packetsLost,
  audioLevel: 0.1,
});

describe('rtcMetricRows', () => {
  it('gives min, max and average per measure, skipping seconds without it', () => {
    const rows = rtcMetricRows([
      second({ rttMs: 100, inbound: dir(48, 2, 4) }),
      second({ rttMs: 300, inbound: dir(50, 0, 3) }),
      second({ jitterMs: 12 }),
    ]);
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r.stat]));
    expect(byKey.rtt).toEqual({ avg: 200, min: 100, max: 300 });
    expect(byKey.mosIn).toEqual({ avg: 3.5, min: 3, max: 4 });
    expect(byKey.lossIn).toEqual({ avg: 2, min: 0, max: 4 });
    expect(byKey.jitter).toEqual({ avg: 12, min: 12, max: 12 });
    expect(byKey.cpu).toEqual({ avg: null, min: null, max: null });
  });
  it('has no loss for a second without packets', () => {
    expect(directionLossPercent(dir(0, 0))).toBeNull();
    expect(directionLossPercent(null)).toBeNull();
  });
});

describe('request schemas', () => {
  it('reads includeTelemetry as a boolean, false by default', () => {
    expect(CallDetailQuerySchema.parse({}).includeTelemetry).toBe(false);
    expect(CallDetailQuerySchema.parse({ includeTelemetry: 'false' }).includeTelemetry).toBe(false);
    expect(CallDetailQuerySchema.parse({ includeTelemetry: 'true' }).includeTelemetry).toBe(true);
    expect(CallDetailQuerySchema.safeParse({ includeTelemetry: 'maybe' }).success).toBe(false);
  });
  it('refuses a region with other characters', () => {
    expect(
      CallDetailParamsSchema.safeParse({ region: 'ap-southeast-2', contactId: 'c' }).success,
    ).toBe(true);
    expect(CallDetailParamsSchema.safeParse({ region: 'a/b', contactId: 'c' }).success).toBe(false);
  });
});
