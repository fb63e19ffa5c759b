import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  boundEventData as serverBoundEventData,
  IngestCallSchema,
  IngestEventSchema,
} from '@callsight/shared';
import { agentGroupLevels, boundCtrAttributes, boundEventData } from '../src/call-details.ts';
import { CALL_DETAIL_LIMITS, createCollector, type CollectorError } from '../src/index.ts';
import { IngestServer } from './support/ingest-server.ts';

let server: IngestServer;
let errors: CollectorError[];
beforeEach(async () => {
  server = new IngestServer();
  await server.start();
  errors = [];
});
afterEach(() => server.stop());

const baseOptions = () => ({
  endpoint: server.url,
  apiKey: 'cs_test_key',
  agent: 'ana.lopez',
  flushIntervalMs: 50,
  cpu: false,
  storage: false as const,
  onError: (e: CollectorError) => errors.push(e),
});

/** The call summaries as they went over the wire (before the server's schema parsed them). */
const sentSummaries = (contactId: string) =>
  server.requests
    .filter((r) => r.path === '/api/ingest/v1/calls')
    .flatMap((r) => r.body.calls ?? [])
    .filter((c) => (c as { contactId: string }).contactId === contactId) as Record<
    string,
    unknown
  >[];

const sixLevels = ['Sydney', 'Billing', 'Team A', 'Shift 1', 'Desk 4', 'Extra'];

describe('agent groups and CTR attributes in the call summary', () => {
  it('sends agentGroups and ctrAttributes in the shape of the server schema', async () => {
    const collector = createCollector({
      ...baseOptions(),
      contactId: 'call-groups',
      call: {
        direction: 'INBOUND',
        agentGroups: ['Sydney', ' Billing ', '', null, undefined],
        ctrAttributes: { queue: 'Billing', customerTier: 'Gold', retries: 2, note: null },
      },
    });
    await collector.stop();

    const [first] = sentSummaries('call-groups');
    // Trimmed, the blank level sent as null, trailing empty levels left out; attributes as texts.
    expect(first).toMatchObject({
      agentGroups: ['Sydney', 'Billing'],
      ctrAttributes: { queue: 'Billing', customerTier: 'Gold', retries: '2' },
    });
    expect(first?.ctrAttributes).not.toHaveProperty('note');
    for (const summary of sentSummaries('call-groups'))
      expect(IngestCallSchema.safeParse(summary).success).toBe(true);
    expect(server.calls.get('call-groups')).toMatchObject({
      agentGroups: ['Sydney', 'Billing'],
      ctrAttributes: { queue: 'Billing', customerTier: 'Gold', retries: '2' },
      endTime: expect.any(Number),
    });
    expect(errors).toEqual([]);
  });

  it('keeps a null level in the middle so that each name stays at its level', async () => {
    const collector = createCollector({
      ...baseOptions(),
      contactId: 'call-gap',
      call: { agentGroups: ['Manila', null, 'Night shift'] },
    });
    await collector.stop();
    expect(server.calls.get('call-gap')?.agentGroups).toEqual(['Manila', null, 'Night shift']);
  });

  it('replaces them with setCallDetails during the call (an empty list clears the groups)', async () => {
    const collector = createCollector({
      ...baseOptions(),
      contactId: 'call-later',
      call: { agentGroups: ['Sydney'], ctrAttributes: { queue: 'Sales' } },
    });
    collector.setCallDetails({
      agentGroups: ['Manila', 'Tech Support'],
      ctrAttributes: { queue: 'Tech Support', customerTier: 'Silver' },
    });
    await collector.stop();
    expect(server.calls.get('call-later')).toMatchObject({
      agentGroups: ['Manila', 'Tech Support'],
      ctrAttributes: { queue: 'Tech Support', customerTier: 'Silver' },
    });

    const other = createCollector({
      ...baseOptions(),
      contactId: 'call-cleared',
      call: { agentGroups: ['Sydney'] },
    });
    other.setCallDetails({ agentGroups: [] });
    await other.stop();
    expect(server.calls.get('call-cleared')?.agentGroups).toBeUndefined();
  });

  it('refuses more than 5 levels, as the server refuses such a summary', async () => {
    // The server: a sixth level refuses the whole summary.
    const six = IngestCallSchema.safeParse({
      contactId: 'c',
      agent: 'a',
      startTime: Date.now(),
      agentGroups: sixLevels,
    });
    expect(six.success).toBe(false);
    expect(six.error?.issues[0]?.message).toBe('agentGroups has at most 5 levels');
    expect(CALL_DETAIL_LIMITS.agentGroupLevels).toBe(5);

    // The collector: refused at once, where the host gave them.
    expect(() =>
      createCollector({
        ...baseOptions(),
        contactId: 'call-six',
        call: { agentGroups: sixLevels },
      }),
    ).toThrow('agentGroups has at most 5 levels');
    expect(() => agentGroupLevels(['a'.repeat(201)])).toThrow('at most 200 characters');
    expect(() => agentGroupLevels([42 as unknown as string])).toThrow(
      'agentGroups[0] must be a string',
    );

    // During a call: the summary keeps what it had.
    const collector = createCollector({
      ...baseOptions(),
      contactId: 'call-five',
      call: { agentGroups: sixLevels.slice(0, 5) },
    });
    expect(() => collector.setCallDetails({ agentGroups: sixLevels })).toThrow(
      'agentGroups has at most 5 levels',
    );
    await collector.stop();
    expect(server.calls.get('call-five')?.agentGroups).toEqual(sixLevels.slice(0, 5));
    expect(errors).toEqual([]);
  });

  it('bounds CTR attributes as the server does, sends the rest and logs what it left out', async () => {
    const attributes: Record<string, string> = {};
    for (let i = 0; i < 55; i++) attributes[`attr${i}`] = `value ${i}`;
    const long = 'x'.repeat(1500);
    const collector = createCollector({
      ...baseOptions(),
      contactId: 'call-bounded',
      call: {
        ctrAttributes: {
          ['k'.repeat(201)]: 'too long a name',
          notes: long,
          ...attributes,
        },
      },
    });
    await collector.stop();

    const sent = sentSummaries('call-bounded').at(-1);
    expect(IngestCallSchema.safeParse(sent).success).toBe(true);
    const stored = server.calls.get('call-bounded')?.ctrAttributes ?? {};
    expect(Object.keys(stored)).toHaveLength(CALL_DETAIL_LIMITS.ctrAttributes);
    expect(stored.notes?.length).toBeLessThanOrEqual(1000);
    expect(stored.notes?.startsWith('x'.repeat(950))).toBe(true);
    expect(stored.notes).toMatch(/…\[truncated \d+ chars\]$/);
    expect(stored).not.toHaveProperty('k'.repeat(201));
    expect(stored).not.toHaveProperty('attr54');
    const [warning] = [...server.logs.values()];
    expect(warning).toMatchObject({ level: 'WARN', contactId: 'call-bounded' });
    expect(warning?.text).toContain('ctrAttributes not sent:');
    expect(warning?.text).toContain('cut to 1000 characters: "notes"');
    expect(errors).toEqual([]);
  });

  it('leaves out attributes that are not texts, numbers or booleans, and names them', () => {
    const bounded = boundCtrAttributes({
      a: 'x',
      b: { nested: true } as unknown as string,
      c: 'nul\u0000',
    });
    expect(bounded).toEqual({ attributes: { a: 'x' }, dropped: ['b', 'c'], cut: [] });
    expect(boundCtrAttributes({ gone: null })).toEqual({ attributes: null, dropped: [], cut: [] });
  });
});

describe('telemetry events (device events for the Jabra dashboard)', () => {
  it("sends a headset's events to /api/ingest/v1/events with the call's agent and contact", async () => {
    const collector = createCollector({ ...baseOptions(), contactId: 'call-jabra' });
    const headset = { vendor: 'Jabra', model: 'Evolve2 65', firmware: '3.2.1' };
    collector.device(headset);
    collector.event('device.mute', { ...headset, muted: true });
    headset.firmware = 'changed after the call'; // the event keeps what was given
    await collector.stop();

    const events = [...server.events.values()].sort((a, b) => a.type.localeCompare(b.type));
    expect(events).toEqual([
      {
        id: expect.any(String),
        time: expect.any(Number),
        type: 'device',
        agent: 'ana.lopez',
        contactId: 'call-jabra',
        data: { vendor: 'Jabra', model: 'Evolve2 65', firmware: '3.2.1' },
      },
      expect.objectContaining({
        type: 'device.mute',
        data: { vendor: 'Jabra', model: 'Evolve2 65', firmware: '3.2.1', muted: true },
      }),
    ]);
    expect(collector.stats()).toMatchObject({ sentEvents: 2, queuedEvents: 0, droppedEvents: 0 });
    expect(server.requests.map((r) => r.path)).toContain('/api/ingest/v1/events');
    expect(errors).toEqual([]);
  });

  it('refuses an event the server would refuse, and a blank type', async () => {
    const collector = createCollector({ ...baseOptions(), contactId: 'call-big-event' });
    const many = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`f${i}`, 'y'.repeat(4000)]),
    );
    collector.event('device.dump', many);
    expect(() => collector.event('  ', {})).toThrow('event: type is required');
    await collector.stop();
    expect(server.events.size).toBe(0);
    expect(errors).toEqual([
      expect.objectContaining({
        kind: 'rejected',
        message: expect.stringContaining('data must be at most 32768 characters as JSON'),
      }),
    ]);
  });

  it('bounds event data exactly as the server does', () => {
    const cases: Record<string, unknown>[] = [
      { vendor: 'Jabra', model: 'Evolve2 40' },
      { long: 'z'.repeat(5000), nested: { deeper: ['a', 'b'.repeat(4097)] } },
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'y'.repeat(4000)])),
      { bad: 'nul\u0000' },
    ];
    for (const data of cases) {
      const ours = boundEventData(data);
      const theirs = serverBoundEventData(data);
      expect('error' in ours).toBe('error' in theirs);
      if ('data' in ours && 'data' in theirs) {
        expect(ours.data).toEqual(theirs.data);
        const parsed = IngestEventSchema.safeParse({
          time: Date.now(),
          type: 't',
          data: ours.data,
        });
        expect(parsed.data?.data).toEqual(ours.data);
      }
    }
  });
});
