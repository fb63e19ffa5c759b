import { describe, expect, it } from 'vitest';
import {
  fieldErrorsOf,
  IngestCallSchema,
  IngestEventSchema,
  IngestLogSchema,
  IngestSampleSchema,
  IngestSamplesBodySchema,
  IngestTimeSchema,
} from './schemas.ts';

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrorsOf>[0] }) =>
  result.error ? fieldErrorsOf(result.error) : {};

describe('ingestion times', () => {
  it('accepts ISO 8601 with Z or an offset, and epoch milliseconds', () => {
    expect(IngestTimeSchema.parse('2025-01-06T09:00:00Z')).toBe(Date.UTC(2025, 0, 6, 9));
    expect(IngestTimeSchema.parse('2025-01-06T10:00:00.250+01:00')).toBe(
      Date.UTC(2025, 0, 6, 9, 0, 0, 250),
    );
    expect(IngestTimeSchema.parse(1736154000000)).toBe(1736154000000);
  });

  it('refuses local times, seconds since epoch and nonsense with a clear message', () => {
    for (const bad of ['2025-01-06T09:00:00', 'yesterday', 1736154000, true]) {
      const r = IngestTimeSchema.safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
    }
    expect(errorsOf(IngestTimeSchema.safeParse('yesterday'))._).toBe(
      'Must be an ISO 8601 time with an offset or epoch milliseconds',
    );
    expect(errorsOf(IngestTimeSchema.safeParse(1736154000))._).toBe(
      'Time must be between 2000 and 9999',
    );
  });
});

describe('IngestSampleSchema', () => {
  const valid = {
    contactId: 'c-1',
    timestamp: '2025-01-06T09:00:00Z',
    inbound: { mos: 4.2, packetsCount: 50, packetsLost: 0, audioLevel: 0.3 },
    outbound: { packetsCount: 50, packetsLost: 1 },
    rttMs: 42.5,
    jitterMs: 3,
    cpuAvailablePercent: 60,
    agentStatus: 'On Hold',
  };

  it('accepts a full second and drops fields it does not know', () => {
    const s = IngestSampleSchema.parse({ ...valid, futureField: 1 });
    expect(s).toMatchObject({
      contactId: 'c-1',
      timestamp: Date.UTC(2025, 0, 6, 9),
      rttMs: 42.5,
      agentStatus: 'On Hold',
    });
    expect('futureField' in s).toBe(false);
  });

  it('names each malformed field', () => {
    const r = IngestSampleSchema.safeParse({
      ...valid,
      contactId: ' ',
      inbound: { mos: 7, packetsCount: -1, packetsLost: 1.5 },
      rttMs: 'fast',
      agentStatus: 'Away',
    });
    expect(errorsOf(r)).toEqual({
      contactId: 'contactId must not be blank',
      'inbound.mos': 'mos must be at most 5',
      'inbound.packetsCount': 'packetsCount must be at least 0',
      'inbound.packetsLost': 'packetsLost must be a whole number',
      rttMs: 'rttMs must be a number',
      agentStatus: 'agentStatus must be one of Talk, On Mute, On Hold',
    });
  });

  it('requires contactId and timestamp only', () => {
    expect(IngestSampleSchema.safeParse({ contactId: 'c', timestamp: 1736154000000 }).success).toBe(
      true,
    );
    expect(Object.keys(errorsOf(IngestSampleSchema.safeParse({})))).toEqual([
      'contactId',
      'timestamp',
    ]);
  });

  it('leaves item checks to the server: the envelope needs only an array', () => {
    expect(IngestSamplesBodySchema.safeParse({ samples: [1, 'x', {}] }).success).toBe(true);
    expect(errorsOf(IngestSamplesBodySchema.safeParse({ samples: {} }))).toEqual({
      samples: 'samples must be an array',
    });
  });
});

describe('IngestCallSchema', () => {
  const valid = {
    contactId: 'c-1',
    agent: 'alice',
    direction: 'inbound',
    startTime: '2025-01-06T09:00:00Z',
    endTime: '2025-01-06T09:05:00Z',
    agentLocalIPAddress: '10.1.2.3',
    agentExternalIPAddress: '2001:db8::1',
    browser: { name: 'Chrome', version: '126.0' },
    holdIntervals: [{ start: '2025-01-06T09:01:00Z', end: '2025-01-06T09:02:00Z' }],
    sipResponseCode: 200,
  };

  it('accepts a summary, upper-casing the direction', () => {
    const c = IngestCallSchema.parse(valid);
    expect(c.direction).toBe('INBOUND');
    expect(c.endTime).toBe(Date.UTC(2025, 0, 6, 9, 5));
    expect(c.holdIntervals?.[0]).toEqual({
      start: Date.UTC(2025, 0, 6, 9, 1),
      end: Date.UTC(2025, 0, 6, 9, 2),
    });
  });

  it('refuses an end before the start, bad addresses and SIP codes, naming the fields', () => {
    const r = IngestCallSchema.safeParse({
      ...valid,
      endTime: '2025-01-06T08:00:00Z',
      agentLocalIPAddress: '10.1.2',
      sipResponseCode: 99,
      direction: 'sideways',
      holdIntervals: [{ start: '2025-01-06T09:02:00Z', end: '2025-01-06T09:01:00Z' }],
    });
    expect(errorsOf(r)).toEqual({
      agentLocalIPAddress: 'agentLocalIPAddress must be an IPv4 or IPv6 address',
      sipResponseCode: 'sipResponseCode must be a SIP status code (100-699)',
      direction:
        'direction must be one of INBOUND, OUTBOUND, TRANSFER, QUEUE_TRANSFER, CALLBACK, API',
    });
    const order = IngestCallSchema.safeParse({
      ...valid,
      endTime: '2025-01-06T08:00:00Z',
      holdIntervals: [{ start: 1736154120000, end: 1736154060000 }],
    });
    expect(errorsOf(order)).toEqual({
      endTime: 'endTime must not be before startTime',
      'holdIntervals.0.end': 'end must not be before start',
    });
  });
});

describe('IngestLogSchema and IngestEventSchema', () => {
  it('normalizes the level and refuses unknown ones', () => {
    expect(
      IngestLogSchema.parse({
        time: 1736154000000,
        level: 'error',
        agent: 'alice',
        text: 'ICE failed',
      }).level,
    ).toBe('ERROR');
    expect(
      errorsOf(
        IngestLogSchema.safeParse({ time: 1736154000000, level: 'DEBUG', agent: 'a', text: '' }),
      ),
    ).toEqual({
      level: 'level must be one of INFO, WARN, ERROR',
    });
  });

  it('keeps event data as sent', () => {
    const e = IngestEventSchema.parse({
      time: 1736154000000,
      type: 'deviceChange',
      contactId: 'c',
      data: { device: 'Jabra', n: 1 },
    });
    expect(e.data).toEqual({ device: 'Jabra', n: 1 });
  });
});
